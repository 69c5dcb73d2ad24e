import { describe, expect, it } from 'vitest';
import { CALCULATIONS, Calculations, calculationsFor, isCount, isPercent } from './calculations';
import { DATA_TYPES } from './schema';

describe('calculationsFor', () => {
  it('offers each type what makes sense for its values', () => {
    expect(calculationsFor('number')).toContain('median');
    expect(calculationsFor('rollup')).toContain('sum');
    expect(calculationsFor('text')).not.toContain('sum');
    expect(calculationsFor('date')).toEqual(expect.arrayContaining(['earliest', 'latest', 'dateRange']));
    expect(calculationsFor('createdTime')).toContain('latest');
    expect(calculationsFor('select')).not.toContain('earliest');
    // A checkbox is never empty: it is ticked or not.
    expect(calculationsFor('checkbox')).toEqual([
      'countAll',
      'checked',
      'unchecked',
      'percentChecked',
      'percentUnchecked',
    ]);
    expect(calculationsFor('button')).toEqual([]);
    expect(calculationsFor('null')).toEqual([]);
  });

  it('offers only known calculations, and every one of them somewhere', () => {
    const offered = new Set(DATA_TYPES.flatMap((t) => [...calculationsFor(t)]));
    expect([...offered].sort()).toEqual([...CALCULATIONS].sort());
  });

  it('tells counts and shares apart', () => {
    expect(CALCULATIONS.filter(isPercent)).toEqual([
      'percentFilled',
      'percentEmpty',
      'percentChecked',
      'percentUnchecked',
    ]);
    expect(isCount('countUnique')).toBe(true);
    expect(isCount('sum')).toBe(false);
  });
});

describe('Calculations', () => {
  it('takes known calculations by column, at most 60', () => {
    expect(Calculations.safeParse({ Status: 'countValues' }).success).toBe(true);
    expect(Calculations.safeParse({ Status: 'everything' }).success).toBe(false);
    expect(Calculations.safeParse({ '': 'countAll' }).success).toBe(false);
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 'countAll']));
    expect(Calculations.safeParse(many(60)).success).toBe(true);
    expect(Calculations.safeParse(many(61)).success).toBe(false);
  });
});
