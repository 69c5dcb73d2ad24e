import { describe, expect, it } from 'vitest';
import { addressWithCity } from './offers';

describe('addressWithCity (the fullAddress placeholder)', () => {
  it.each([
    ['adds the city to a street address', 'Birkenallee 12', 'Sonnenstadt', 'Birkenallee 12, Sonnenstadt'],
    [
      'names the city once when the address holds it',
      'Mozartstraße 66, 80438 München',
      'München',
      'Mozartstraße 66, 80438 München',
    ],
    ['compares without case', 'Hauptstr. 1, 20095 HAMBURG', 'Hamburg', 'Hauptstr. 1, 20095 HAMBURG'],
    ['keeps an address without a city as it is', 'Birkenallee 12', ' ', 'Birkenallee 12'],
    ['gives the city alone without an address', '', 'Sonnenstadt', 'Sonnenstadt'],
  ])('%s', (_name, address, city, expected) => {
    expect(addressWithCity(address, city)).toBe(expected);
  });
});
