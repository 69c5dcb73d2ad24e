import { describe, expect, it } from 'vitest';
import { addressWithCity, CustomerDeclineRequest, DECLINE_REASON_MAX } from './offers';

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

describe('CustomerDeclineRequest (the customer declines an offer)', () => {
  const base = { token: 'x'.repeat(40), offerId: '6f1c2a0e-8a3b-4c1d-9e2f-0a1b2c3d4e5f' };
  const reasonOf = (reason?: string) => CustomerDeclineRequest.parse({ ...base, reason }).reason;

  it('keeps a reason trimmed, and makes an empty or missing one null', () => {
    expect(reasonOf('  Zu teuer  ')).toBe('Zu teuer');
    expect(reasonOf('Zeile 1\nZeile 2')).toBe('Zeile 1\nZeile 2');
    expect(reasonOf('   ')).toBeNull();
    expect(reasonOf('')).toBeNull();
    expect(reasonOf(undefined)).toBeNull();
  });

  it('removes control characters, which PostgreSQL cannot store (NUL) or nobody sees', () => {
    expect(reasonOf('Zu\u0000 teuer\u0007')).toBe('Zu teuer');
  });

  it(`takes at most ${DECLINE_REASON_MAX} characters`, () => {
    expect(reasonOf('x'.repeat(DECLINE_REASON_MAX))).toHaveLength(DECLINE_REASON_MAX);
    const long = CustomerDeclineRequest.safeParse({ ...base, reason: 'x'.repeat(DECLINE_REASON_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['reason']);
  });
});
