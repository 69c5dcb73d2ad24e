import { describe, expect, it } from 'vitest';
import { evaluateFormula, FORMULA_FUNCTIONS, isFormulaError } from './formula';
import { formulaResultType } from './formula-type';
import type { Column } from './schema';

const column = (id: string, dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  id,
  label: id,
  accessor: id,
  dataType,
  icon: '',
  position: 0,
  ...extra,
});

const columns: Record<string, Column> = {
  taskName: column('taskName', 'title', { label: 'Aufgabe' }),
  Hours: column('Hours', 'number'),
  Subtasks: column('Subtasks', 'rollup'),
  ID: column('ID', 'id'),
  Note: column('Note', 'text'),
  Due: column('Due', 'date'),
  Done: column('Done', 'checkbox'),
  Tags: column('Tags', 'multi-select'),
  Cost: column('Cost', 'formula', { formula: 'round(prop("Hours") * 85, 2)' }),
  Overdue: column('Overdue', 'formula', { formula: 'if(prop("Due") < today(), "⚠ overdue", "")' }),
  Loop: column('Loop', 'formula', { formula: 'prop("Loop") + 1' }),
};

/** Cells of a few records, as `computeRecord` gives a formula its properties (formulas evaluated). */
const records: Record<string, unknown>[] = [
  { Hours: 14.53, Subtasks: 2, ID: 7, Note: 'Dach', Due: '2026-01-31', Done: 'true', Tags: ['a', 'b'] },
  { Hours: 0, Subtasks: 0, ID: 8, Note: '12', Due: '2030-01-01', Done: 'false', Tags: [] },
  { Hours: null, Subtasks: null, ID: 9, Note: '', Due: null, Done: 'false', Tags: ['x'] },
];

const CASES: [string, ReturnType<typeof formulaResultType>][] = [
  ['prop("Hours") * 85', 'number'],
  ['round(prop("Hours") * 85, 2)', 'number'],
  ['prop("Hours") + prop("Subtasks")', 'number'],
  ['prop("Hours") + 1', 'number'],
  ['-prop("Hours")', 'number'],
  ['prop("ID")', 'number'],
  ['prop("Cost") / 2', 'number'],
  ['prop("Cost")', 'number'],
  ['prop("Missing") + 1', 'number'],
  ['length(prop("Tags"))', 'number'],
  ['dateBetween(prop("Due"), today(), "days")', 'number'],
  ['year(prop("Due"))', 'number'],
  ['toNumber(prop("Note"))', 'number'],
  ['sum(prop("Hours"), 2)', 'number'],
  ['if(prop("Done"), prop("Hours"), 0)', 'number'],
  ['if(prop("Done"), prop("Hours"), null)', 'number'],
  ['42', 'number'],
  ['prop("Note")', 'text'],
  ['prop("Note") + 1', 'text'],
  ['prop("Hours") + " h"', 'text'],
  ['prop("Aufgabe")', 'text'],
  ['prop("taskName")', 'text'],
  ['prop("Due")', 'text'],
  ['prop("Done")', 'text'],
  ['prop("Tags")', 'text'],
  ['prop("Overdue")', 'text'],
  ['concat(prop("Hours"))', 'text'],
  ['formatDate(prop("Due"), "DD.MM.YYYY")', 'text'],
  ['dateAdd(prop("Due"), 1, "days")', 'text'],
  ['nope(1)', 'text'],
  ['1 +', 'text'],
  ['null', 'text'],
  ['prop("Hours") > 2', 'boolean'],
  ['not(prop("Done"))', 'boolean'],
  ['empty(prop("Tags")) or prop("Hours") == 0', 'boolean'],
  ['contains(prop("Note"), "a")', 'boolean'],
  ['if(prop("Done"), 1, "none")', 'mixed'],
  ['if(prop("Done"), prop("Hours"), prop("Note"))', 'mixed'],
  ['if(prop("Done"), 1, "none") + 1', 'mixed'],
  ['if(prop("Done"), 1, "none") + "x"', 'text'],
];

describe('formulaResultType: what a formula column holds', () => {
  it.each(CASES)('%s is %s', (formula, type) => {
    expect(formulaResultType(formula, columns)).toBe(type);
  });

  it('agrees with what the formulas give on real records (errors and empty cells aside)', () => {
    for (const record of records) {
      const ctx = {
        prop: (name: string) => {
          const target = columns[name];
          if (target?.dataType === 'formula') {
            const v = evaluateFormula(target.formula ?? '', ctx);
            return isFormulaError(v) ? null : v;
          }
          return name === 'Aufgabe' ? 'Roof' : record[name];
        },
      };
      for (const [formula, type] of CASES) {
        const value = evaluateFormula(formula, ctx);
        if (isFormulaError(value) || value === null || type === 'mixed') continue;
        const kind = typeof value === 'string' ? 'text' : typeof value;
        expect(kind, `${formula} on ${JSON.stringify(record)}`).toBe(type);
      }
    }
  });

  it('knows the result of every function of the language', () => {
    const known = new Set(
      CASES.map(([f]) => f.toLowerCase())
        .join(' ')
        .match(/[a-z]+(?=\()/g),
    );
    const untested = FORMULA_FUNCTIONS.filter((name) => !known.has(name));
    // Every other function gives text (or a boolean for `and`/`or`): checked by evaluating one call each.
    const calls: Record<string, string> = {
      and: 'and(true, 1)',
      or: 'or(false, 0)',
      lower: 'lower("A")',
      upper: 'upper("a")',
      trim: 'trim(" a ")',
      format: 'format(1)',
      replace: 'replace("ab", "a", "c")',
      slice: 'slice("abc", 1)',
      now: 'now()',
      today: 'today()',
      datesubtract: 'dateSubtract("2026-01-31", 1, "days")',
      tonumber: 'toNumber("3")',
      floor: 'floor(1.5)',
      ceil: 'ceil(1.5)',
      abs: 'abs(-1)',
      sqrt: 'sqrt(4)',
      pow: 'pow(2, 3)',
      min: 'min(1, 2)',
      max: 'max(1, 2)',
      month: 'month("2026-01-31")',
      day: 'day("2026-01-31")',
      round: 'round(1.5)',
      length: 'length("abc")',
    };
    for (const name of untested) {
      const call = calls[name];
      expect(call, `a call of ${name}`).toBeDefined();
      const value = evaluateFormula(call as string, { prop: () => null });
      const kind = typeof value === 'string' ? 'text' : typeof value;
      expect(formulaResultType(call as string, columns), call).toBe(kind);
    }
  });

  it('reads a formula that reads itself as an error, without looping', () => {
    expect(formulaResultType('prop("Loop")', columns)).toBe('number');
    expect(formulaResultType('prop("Loop") + " x"', columns)).toBe('text');
  });
});
