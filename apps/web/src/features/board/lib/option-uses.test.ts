import { describe, expect, it } from 'vitest';
import { optionUseCount, optionUsesBody } from './option-uses';

describe('option uses', () => {
  it('asks for the records holding the option, grouped by the column', () => {
    expect(optionUsesBody('tasks', { id: 'Priorität', dataType: 'select' }, 'Hoch')).toEqual({
      board: 'tasks',
      filters: [{ column: 'Priorität', value: 'Hoch', type: 'select' }],
      groupBy: 'Priorität',
    });
  });

  it("counts a select's group of exactly that value (not one that merely contains it, nor empty cells)", () => {
    const groups = [
      { value: 'Hoch', count: 75, sum: null },
      { value: 'Sehr hoch', count: 4, sum: null },
      { value: null, count: 120, sum: null },
    ];
    expect(optionUseCount(groups, false, 'Hoch')).toBe(75);
    expect(optionUseCount(groups, false, 'Niedrig')).toBe(0);
  });

  it('counts every non-empty group of a multi-select', () => {
    const groups = [
      { value: 'Dach', count: 3, sum: null },
      { value: 'Elektrik', count: 2, sum: null },
      { value: null, count: 50, sum: null },
    ];
    expect(optionUseCount(groups, true, 'Elektrik')).toBe(5);
    expect(optionUseCount([], true, 'Elektrik')).toBe(0);
  });
});
