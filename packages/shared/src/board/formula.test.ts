import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  FORMULA_MAX_LENGTH,
  type FormulaValue,
  formulaDependencies,
  formulaValueToCell,
  isFormulaError,
  parseFormula,
  renamePropertyInFormula,
  rollup,
} from './formula';

const props: Record<string, unknown> = {
  Hours: { type: 'number', icon: '', value: 4 },
  Rate: 85,
  Name: 'Dach',
  Done: 'false',
  Finished: 'true',
  Due: '2026-01-31',
  Tags: ['roof', 'cable'],
  Empty: '',
  Numeric: '12.5',
};
const ctx = { prop: (name: string) => props[name], now: new Date('2026-11-22T10:00:00Z') };
const run = (src: string): FormulaValue => evaluateFormula(src, ctx);
const errorOf = (src: string) => {
  const v = run(src);
  return isFormulaError(v) ? v.error : `no error: ${String(v)}`;
};

describe('arithmetic and precedence', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['2 * 3 % 4', 2],
    ['-2 + 5', 3],
    ['--2', 2],
    ['.5 + 1.25', 1.75],
    ['7 / 2', 3.5],
    ['1e3 + 1', 1001],
    ['prop("Hours") * prop("Rate")', 340],
    ['prop("Numeric") * 2', 25],
  ])('%s = %s', (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it('joins text with +', () => {
    expect(run('"Dach " + prop("Hours") + " h"')).toBe('Dach 4 h');
    expect(run('prop("Name") + "!"')).toBe('Dach!');
  });
});

describe('comparison and logic', () => {
  it.each([
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 > 4', false],
    ['"b" > "a"', true],
    ['prop("Due") < "2026-02-01"', true],
    ['prop("Numeric") == 12.5', true],
    ['"1" == 1', true],
    ['"x" != "y"', true],
    ['true and false', false],
    ['true && true', true],
    ['false or true', true],
    ['false || false', false],
    ['not true', false],
    ['!false', true],
    ['not(prop("Done"))', true],
    ['prop("Finished") and 1', true],
  ])('%s is %s', (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it("treats the checkbox string 'false' as false", () => {
    expect(run('if(prop("Done"), "yes", "no")')).toBe('no');
    expect(run('if(prop("Finished"), "yes", "no")')).toBe('yes');
  });

  it('evaluates only the chosen branch of if()', () => {
    expect(run('if(true, 1, 1 / 0)')).toBe(1);
    expect(run('if(false, 1 / 0, 2)')).toBe(2);
    expect(run('false and 1 / 0')).toBe(false);
  });
});

describe('functions', () => {
  it.each<[string, FormulaValue]>([
    ['empty(prop("Empty"))', true],
    ['empty(prop("Missing"))', true],
    ['empty(prop("Name"))', false],
    ['length("Solar")', 5],
    ['length(prop("Tags"))', 11],
    ['concat("a", 1, true)', 'a1true'],
    ['lower("ABC")', 'abc'],
    ['upper("abc")', 'ABC'],
    ['trim("  x  ")', 'x'],
    ['contains("Wechselrichter", "RICHTER")', true],
    ['replace("a-b-c", "-", "+")', 'a+b+c'],
    ['replace("a.b", ".", "x")', 'axb'],
    ['slice("Photovoltaik", 0, 5)', 'Photo'],
    ['slice("Photovoltaik", 5)', 'voltaik'],
    ['format(3.5)', '3.5'],
    ['toNumber("42")', 42],
    ['round(2.345, 2)', 2.35],
    ['round(2.5)', 3],
    ['floor(2.7)', 2],
    ['ceil(2.1)', 3],
    ['abs(-3)', 3],
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['sum(1, 2, 3.5)', 6.5],
    ['sqrt(16)', 4],
    ['pow(2, 10)', 1024],
    ['ROUND(1.4)', 1],
    ['now()', '2026-11-22T10:00:00.000Z'],
    ['today()', '2026-11-22'],
  ])('%s = %s', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it('formats numbers as text without float noise', () => {
    expect(run('format(0.1 + 0.2)')).toBe('0.3');
    expect(run('0.1 + 0.2')).toBeCloseTo(0.3);
  });
});

describe('dates', () => {
  it.each<[string, FormulaValue]>([
    ['dateAdd(prop("Due"), 1, "months")', '2026-02-28'],
    ['dateAdd("2024-01-31", 1, "months")', '2024-02-29'],
    ['dateAdd("2026-12-30", 3, "days")', '2027-01-02'],
    ['dateAdd("2026-01-01", 2, "weeks")', '2026-01-15'],
    ['dateAdd("2024-02-29", 1, "years")', '2025-02-28'],
    ['dateSubtract("2026-03-01", 1, "days")', '2026-02-28'],
    ['dateBetween("2026-03-01", "2026-01-01", "days")', 59],
    ['dateBetween("2026-03-01", "2026-01-15", "months")', 1],
    ['dateBetween("2028-01-01", "2026-06-01", "years")', 1],
    ['formatDate("2026-11-22", "DD.MM.YYYY")', '22.11.2026'],
    ['year("2026-11-22")', 2026],
    ['month("2026-11-22")', 11],
    ['day("2026-11-22")', 22],
  ])('%s = %s', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it('refuses invalid dates and units as error values', () => {
    expect(errorOf('year("2026-02-30")')).toMatch(/not a date/);
    expect(errorOf('dateAdd("soon", 1, "days")')).toMatch(/not a date/);
    expect(errorOf('dateAdd("2026-01-01", 1, "fortnights")')).toMatch(/Unknown unit/);
  });
});

describe('error values', () => {
  it.each([
    ['1 / 0', /Division by zero/],
    ['5 % 0', /Division by zero/],
    ['"a" * 2', /not a number/],
    ['unknownFn(1)', /Unknown function/],
    ['round()', /takes 1 to 2 arguments/],
    ['if(true, 1)', /if\(\) takes 3 arguments/],
    ['sqrt(-1)', /negative/],
    ['pow(10, 400)', /finite/],
    ['1 + (2 / 0)', /Division by zero/],
    ['upper(1 / 0)', /Division by zero/],
  ])('%s', (src, pattern) => {
    expect(errorOf(src)).toMatch(pattern);
  });

  it('stores errors in a cell as #ERROR text', () => {
    expect(formulaValueToCell(run('1 / 0'))).toBe('#ERROR: Division by zero');
    expect(formulaValueToCell(run('1 + 1'))).toBe(2);
  });
});

describe('malformed input', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['"unclosed', /Unclosed text/],
    ['(1 + 2', /Expected '\)'/],
    ['1 + 2)', /Unexpected text/],
    ['1 +', /ends too early/],
    ['1 @ 2', /Unexpected character '@'/],
    ['1; 2', /Unexpected character ';'/],
    ['Hours * 2', /Unknown name 'Hours'/],
    ['prop(Hours)', /Unknown name|prop\(\) takes/],
    ['prop("a", "b")', /prop\(\) takes one/],
    ['concat(1,,2)', /Unexpected/],
  ])('%j is a parse error', (src, pattern) => {
    const parsed = parseFormula(src);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(pattern);
    expect(isFormulaError(evaluateFormula(src, ctx))).toBe(true);
  });
});

describe('hostile input', () => {
  it('refuses a source over the length limit', () => {
    const long = `1${' + 1'.repeat(FORMULA_MAX_LENGTH)}`;
    expect(parseFormula(long)).toMatchObject({ ok: false, error: expect.stringMatching(/at most/) });
  });

  it('refuses 100,000 nested parentheses and minus signs quickly, without throwing', () => {
    const started = Date.now();
    expect(parseFormula(`${'('.repeat(100_000)}1${')'.repeat(100_000)}`).ok).toBe(false);
    expect(parseFormula(`${'-'.repeat(100_000)}1`).ok).toBe(false);
    expect(() => evaluateFormula(`${'('.repeat(1500)}1${')'.repeat(1500)}`, ctx)).not.toThrow();
    expect(parseFormula(`${'('.repeat(500)}1${')'.repeat(500)}`).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps nesting within the depth limit usable', () => {
    expect(run(`${'('.repeat(20)}1${')'.repeat(20)}`)).toBe(1);
  });

  it('never finds object internals as functions or properties', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(errorOf(`${name}()`)).toMatch(/Unknown function/);
    }
    const seen: string[] = [];
    const spy = {
      prop: (name: string) => {
        seen.push(name);
        return undefined;
      },
    };
    expect(evaluateFormula('prop("__proto__")', spy)).toBeNull();
    expect(seen).toEqual(['__proto__']);
  });

  it('caps text that grows by doubling', () => {
    const big = 'concat("x","x","x","x","x","x","x","x","x","x")';
    let src = big;
    for (let i = 0; i < 4; i += 1) src = `concat(${src},${src})`;
    const parsed = parseFormula(src);
    const result = parsed.ok ? evaluateFormula(parsed.ast, ctx) : { error: parsed.error };
    expect(isFormulaError(result) || (typeof result === 'string' && result.length <= 10_000)).toBe(true);
    expect(errorOf(`replace("${'a'.repeat(200)}", "a", "${'b'.repeat(100)}")`)).toMatch(/too long/);
  });

  it('has a node limit', () => {
    expect(parseFormula(Array.from({ length: 600 }, () => '1').join('+')).ok).toBe(false);
  });
});

describe('dependencies and renames', () => {
  it('lists the properties read', () => {
    expect(formulaDependencies('prop("A") + if(prop("B"), prop("A"), 0)').sort()).toEqual(['A', 'B']);
    expect(formulaDependencies('1 +')).toEqual([]);
  });

  it('rewrites prop() references only', () => {
    expect(renamePropertyInFormula('prop("Hours") * 2 + length("Hours")', 'Hours', 'Work hours')).toBe(
      'prop("Work hours") * 2 + length("Hours")',
    );
    expect(renamePropertyInFormula("prop('Hours')", 'Hours', 'Say "hi"')).toBe('prop("Say \\"hi\\"")');
    expect(renamePropertyInFormula('prop( "Hours" )', 'Hours', 'H')).toBe('prop( "H" )');
    expect(renamePropertyInFormula('prop("Other")', 'Hours', 'H')).toBe('prop("Other")');
    const renamed = renamePropertyInFormula("prop('Hours')", 'Hours', 'Say "hi"');
    expect(evaluateFormula(renamed, { prop: (n) => (n === 'Say "hi"' ? 7 : null) })).toBe(7);
  });
});

describe('rollup', () => {
  const values = [2, '3', { type: 'number', icon: '', value: 5 }, null, '', 'x', []];
  it.each([
    ['count', 4],
    ['sum', 10],
    ['average', 10 / 3],
    ['min', 2],
    ['max', 5],
  ] as const)('%s', (aggregate, expected) => {
    expect(rollup(values, aggregate)).toBeCloseTo(expected);
  });

  it('handles no values', () => {
    expect(rollup([], 'count')).toBe(0);
    expect(rollup([], 'sum')).toBe(0);
    expect(rollup([], 'average')).toBeNull();
    expect(rollup([null], 'min')).toBeNull();
    expect(rollup([], 'max')).toBeNull();
  });
});
