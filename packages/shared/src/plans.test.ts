import { describe, expect, it } from 'vitest';
import { premiumPrice, premiumQuantities } from './plans';

describe('premiumPrice (SPEC §9)', () => {
  const cases: [number, number][] = [];
  for (let obj = 0; obj <= 5; obj++) for (let pvsol = 0; pvsol <= 5; pvsol++) cases.push([obj, pvsol]);
  it.each(cases)('%d extra OBJ and %d extra PVSol', (obj, pvsol) => {
    const monthly = 200 + 100 * obj + 200 * pvsol;
    const p = premiumPrice(obj, pvsol);
    expect(p.monthly).toBe(monthly);
    expect(p.monthlyCents).toBe(monthly * 100);
    expect(p.yearly).toBe(monthly * 12 * 0.8);
    expect(p.twoYears).toBe(monthly * 24 * 0.75);
  });
  it('shows the SPEC figures without extras: 1.920 € yearly and 3.600 € for two years', () => {
    expect(premiumPrice(0, 0)).toEqual({ monthly: 200, monthlyCents: 20000, yearly: 1920, twoYears: 3600 });
  });
  it('refuses negative or fractional extras', () => {
    expect(() => premiumPrice(-1, 0)).toThrow(RangeError);
    expect(() => premiumPrice(0, 1.5)).toThrow(RangeError);
  });
});

describe('premiumQuantities', () => {
  it.each([
    [0, 0, 4, 2],
    [1, 0, 5, 2],
    [0, 1, 6, 3],
    [2, 3, 12, 6],
    [5, 5, 19, 9],
    [3, 0, 7, 3],
  ])('%d OBJ, %d PVSol: %d planning data or %d whole PV Sol files', (obj, pvsol, objFiles, pvsolFiles) => {
    expect(premiumQuantities(obj, pvsol)).toMatchObject({ objFiles, pvsolFiles });
  });
});
