import { describe, expect, it } from 'vitest';
import { mergeText } from './text-merge';

const lines = (...l: string[]) => l.join('\n');
const BASE = lines('Roof: south, 35°', 'Customer: call back Monday', 'Scaffold: not ordered');

describe('mergeText (notes changed by two people from the same text)', () => {
  it.each([
    ['nobody changed anything', BASE, BASE, BASE],
    [
      'only I changed',
      lines('Roof: south, 30°', 'Customer: call back Monday', 'Scaffold: not ordered'),
      BASE,
      lines('Roof: south, 30°', 'Customer: call back Monday', 'Scaffold: not ordered'),
    ],
    [
      'only they changed',
      BASE,
      lines('Roof: south, 35°', 'Customer: called, signed', 'Scaffold: not ordered'),
      lines('Roof: south, 35°', 'Customer: called, signed', 'Scaffold: not ordered'),
    ],
    ['both made the same change', lines('Roof: east'), lines('Roof: east'), lines('Roof: east')],
  ])('%s', (_name, mine, theirs, expected) => {
    expect(mergeText(BASE, mine, theirs)).toBe(expected);
  });

  it('keeps both changes of different lines', () => {
    const mine = lines('Roof: south, 35°', 'Customer: call back Monday', 'Scaffold: ordered for 14.01.');
    const theirs = lines('Roof: south-west, 35°', 'Customer: call back Monday', 'Scaffold: not ordered');
    expect(mergeText(BASE, mine, theirs)).toBe(
      lines('Roof: south-west, 35°', 'Customer: call back Monday', 'Scaffold: ordered for 14.01.'),
    );
  });

  it('keeps a line one side added beside a line the other removed', () => {
    const mine = lines(
      'Roof: south, 35°',
      'Customer: call back Monday',
      'Scaffold: not ordered',
      'Battery: 10 kWh',
    );
    const theirs = lines('Customer: call back Monday', 'Scaffold: not ordered');
    expect(mergeText(BASE, mine, theirs)).toBe(
      lines('Customer: call back Monday', 'Scaffold: not ordered', 'Battery: 10 kWh'),
    );
  });

  it('keeps both when both only added at the same place, theirs (saved first) before mine', () => {
    expect(mergeText(BASE, lines(BASE, 'Ingo: measured the roof'), lines(BASE, 'Sabine: offer sent'))).toBe(
      lines(BASE, 'Sabine: offer sent', 'Ingo: measured the roof'),
    );
    expect(mergeText('', 'Ingo: measured the roof', 'Sabine: offer sent')).toBe(
      lines('Sabine: offer sent', 'Ingo: measured the roof'),
    );
  });

  it('answers null when both changed the same line differently', () => {
    const mine = lines('Roof: south, 30°', 'Customer: call back Monday', 'Scaffold: not ordered');
    const theirs = lines('Roof: south, 40°', 'Customer: call back Monday', 'Scaffold: not ordered');
    expect(mergeText(BASE, mine, theirs)).toBeNull();
    // Replacing the whole text on both sides is the same line changed twice.
    expect(mergeText('Draft', 'Ingo: customer called back', 'Owner: contract signed')).toBeNull();
  });

  it('answers null when one removed a line the other changed', () => {
    const mine = lines('Roof: south, 35°', 'Scaffold: not ordered');
    const theirs = lines('Roof: south, 35°', 'Customer: call back Tuesday', 'Scaffold: not ordered');
    expect(mergeText(BASE, mine, theirs)).toBeNull();
  });

  it('keeps line ends, blank lines and lines that name object properties as they are', () => {
    const base = lines('constructor', '', '__proto__', '');
    const mine = lines('constructor', '', '__proto__', 'toString', '');
    const theirs = lines('hasOwnProperty', 'constructor', '', '__proto__', '');
    expect(mergeText(base, mine, theirs)).toBe(
      lines('hasOwnProperty', 'constructor', '', '__proto__', 'toString', ''),
    );
  });

  it('merges long notes with a small change on each side quickly', () => {
    const base = Array.from({ length: 2_000 }, (_, k) => `line ${k}`);
    const mine = [...base];
    mine[10] = 'line 10, mine';
    const theirs = [...base];
    theirs[1_990] = 'line 1990, theirs';
    const merged = mergeText(base.join('\n'), mine.join('\n'), theirs.join('\n'));
    expect(merged?.split('\n')[10]).toBe('line 10, mine');
    expect(merged?.split('\n')[1_990]).toBe('line 1990, theirs');
  });
});
