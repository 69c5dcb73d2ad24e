import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  FORMULA_FUNCTIONS,
  FORMULA_MAX_DEPTH,
  FORMULA_MAX_LENGTH,
  FORMULA_MAX_STRING,
  type FormulaAst,
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

  // Binary noise (3 * 1.1 is 3.3000000000000003) is rounded away as the number filter rounds it
  // (12 significant digits), so what the cell shows as 3.3 equals 3.3; a real difference still counts.
  it.each([
    ['3 * 1.1 == 3.3', true],
    ['0.1 + 0.2 == 0.3', true],
    ['0.1 + 0.2 != 0.3', false],
    ['3 * 1.1 <= 3.3', true],
    ['3 * 1.1 > 3.3', false],
    ['"3.3" == 3 * 1.1', true],
    ['-3 * 1.1 == -3.3', true],
    ['3.30000000001 == 3.3', false],
    ['3.30000000001 > 3.3', true],
    ['1e-20 == 0', false],
  ])('%s is %s, rounded as the filter rounds', (src, expected) => {
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
    ['length(prop("Tags"))', 2],
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

describe('literals and text', () => {
  it.each<[string, FormulaValue]>([
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ['"back\\\\slash"', 'back\\slash'],
    ['"two\\nlines"', 'two\nlines'],
    ['"12"', '12'],
    ['null', null],
    ['TRUE', true],
    ['"3" + 1', '31'],
    ['1 + 2 + "x"', '3x'],
    ['"x" + null', 'x'],
    ['"v" + true', 'vtrue'],
  ])('%s = %j', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it.each<[string, string]>([
    ['format(1 / 3)', '0.3333333333'],
    ['format(2 / 3)', '0.6666666667'],
    ['format(10)', '10'],
    ['format(10.0)', '10'],
    ['format(-0.5)', '-0.5'],
    ['format(123456789012.345)', '123456789012.345'],
    ['"x" + 0.1 * 3', 'x0.3'],
    ['format(null)', ''],
  ])('%s is %j', (src, expected) => {
    expect(run(src)).toBe(expected);
  });

  it('keeps the numeric result itself unrounded', () => {
    expect(run('0.1 + 0.2')).toBe(0.1 + 0.2);
  });
});

describe('more operators', () => {
  it.each<[string, FormulaValue]>([
    ['10 % 3', 1],
    ['2 + 3 * 4 - 6 / 2', 11],
    ['-(2 + 3)', -5],
    ['prop("Missing") + 1', 1],
    ['prop("Empty") * 3', 0],
    ['"10" < "9"', true],
    ['10 < "9"', false],
    ['prop("Finished") == true', true],
    ['prop("Done") == false', true],
    ['null == ""', true],
    ['null == 0', false],
    ['"abc" == "ABC"', false],
    ['1 != 1', false],
    ['2 >= 3', false],
    ['true AND false', false],
    ['false OR true', true],
    ['NOT false', true],
    ['1 < 2 and 2 < 3 or false', true],
    ['!(1 == 1)', false],
  ])('%s = %j', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });
});

describe('every function', () => {
  const more: Record<string, unknown> = {
    NoTags: [],
    People: [
      { value: 'u-1', label: 'Anna' },
      { value: 'u-2', label: 'Ben' },
    ],
    Numbers: [1, 2.5],
    Long: 'x'.repeat(FORMULA_MAX_STRING),
  };
  const c = { prop: (name: string) => (Object.hasOwn(more, name) ? more[name] : props[name]), now: ctx.now };
  it.each<[string, FormulaValue]>([
    ['and(true, 1, "x")', true],
    ['and(true, "false")', false],
    ['or(false, null, 0)', false],
    ['or(false, "yes")', true],
    ['not(0)', true],
    ['not("false")', true],
    ['empty(prop("NoTags"))', true],
    ['empty(prop("Tags"))', false],
    ['empty(0)', false],
    ['length(prop("People"))', 2],
    ['length(prop("NoTags"))', 0],
    ['length(123)', 3],
    ['length(null)', 0],
    ['concat()', ''],
    ['concat(prop("People"), "!")', 'Anna, Ben!'],
    ['format(prop("Numbers"))', '1, 2.5'],
    ['contains(prop("Tags"), "cable")', true],
    ['contains("abc", "")', true],
    ['contains("abc", "d")', false],
    ['replace("aaa", "a", "bb")', 'bbbbbb'],
    ['replace("a(b)*", "(b)*", "")', 'a'],
    ['replace("abc", "", "x")', 'abc'],
    ['slice("Photovoltaik", -4)', 'taik'],
    ['slice("abc", 1, 2)', 'b'],
    ['toNumber("")', null],
    ['toNumber(true)', 1],
    ['toNumber(" 7.5 ")', 7.5],
    ['toNumber(3)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round("2.4")', 2],
    ['floor(-2.5)', -3],
    ['ceil(-2.5)', -2],
    ['abs("-4")', 4],
    ['sqrt(2.25)', 1.5],
    ['pow(4, 0.5)', 2],
    ['min(3, null, "", 2)', 2],
    ['max(null)', null],
    ['sum()', 0],
    ['sum("1.5", 2)', 3.5],
    ['Upper(lower("MiXeD"))', 'MIXED'],
    ['trim(concat(" ", "a", " "))', 'a'],
  ])('%s = %j', (src, expected) => {
    expect(evaluateFormula(src, c)).toEqual(expected);
  });

  it('lists every function for the editor', () => {
    const documented = [
      'if',
      'and',
      'or',
      'not',
      'empty',
      'length',
      'concat',
      'lower',
      'upper',
      'trim',
      'contains',
      'replace',
      'slice',
      'format',
      'tonumber',
      'round',
      'floor',
      'ceil',
      'abs',
      'min',
      'max',
      'sum',
      'sqrt',
      'pow',
      'now',
      'today',
      'dateadd',
      'datesubtract',
      'datebetween',
      'formatdate',
      'year',
      'month',
      'day',
    ];
    expect([...FORMULA_FUNCTIONS].sort()).toEqual([...documented].sort());
  });

  it('caps text built from a long property', () => {
    expect(isFormulaError(evaluateFormula('concat(prop("Long"), "x")', c))).toBe(true);
    expect(isFormulaError(evaluateFormula('prop("Long") + "x"', c))).toBe(true);
    expect(evaluateFormula('length(prop("Long"))', c)).toBe(FORMULA_MAX_STRING);
  });
});

describe('if() and lazy logic', () => {
  it.each<[string, FormulaValue]>([
    ['if(1, "a", "b")', 'a'],
    ['if(0, "a", "b")', 'b'],
    ['if(null, "a", "b")', 'b'],
    ['if("", "a", "b")', 'b'],
    ['if("no", "a", "b")', 'a'],
    ['if(prop("Tags"), "tagged", "none")', 'tagged'],
    ['IF(false, 1 / 0, "safe")', 'safe'],
    ['and(false, 1 / 0)', false],
    ['or(true, unknownFn())', true],
    ['true or 1 / 0', true],
  ])('%s = %j', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it('still fails on the branch it takes', () => {
    expect(errorOf('if(true, 1 / 0, 1)')).toBe('Division by zero');
    expect(errorOf('and(true, 1 / 0)')).toBe('Division by zero');
  });
});

describe('properties', () => {
  it('reads cells by their value and missing properties as null', () => {
    expect(run('prop("Hours")')).toBe(4);
    expect(run('prop("Missing")')).toBeNull();
    expect(run('prop("Tags")')).toBe('roof, cable');
    expect(
      evaluateFormula('prop("X")', { prop: () => ({ type: 'text', icon: '', value: null }) }),
    ).toBeNull();
    expect(evaluateFormula('prop("X")', { prop: () => ({ label: 'no value' }) })).toBeNull();
    expect(evaluateFormula('prop("X")', { prop: () => Number.NaN })).toBeNull();
    expect(evaluateFormula('prop("X")', { prop: () => new Date('2026-01-02T03:04:05Z') })).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });

  it('passes any name to ctx.prop and only that', () => {
    const seen: string[] = [];
    const spy = {
      prop: (name: string) => {
        seen.push(name);
        return name === 'constructor' ? 'c' : undefined;
      },
    };
    expect(evaluateFormula('prop("constructor") + prop("toString") + prop("a b\\"c")', spy)).toBe('c');
    expect(seen).toEqual(['constructor', 'toString', 'a b"c']);
  });

  it('turns a throwing ctx.prop into an error value', () => {
    const v = evaluateFormula('prop("X")', {
      prop: () => {
        throw new Error('boom');
      },
    });
    expect(isFormulaError(v)).toBe(true);
  });
});

describe('more dates', () => {
  it.each<[string, FormulaValue]>([
    ['dateSubtract("2026-03-31", 1, "months")', '2026-02-28'],
    ['dateAdd("2026-11-22T10:00:00Z", 1, "day")', '2026-11-23'],
    ['dateAdd("0050-01-01", 1, "days")', '0050-01-02'],
    ['dateAdd(today(), 1, "Weeks")', '2026-11-29'],
    ['dateAdd(prop("Missing"), 1, "days")', null],
    ['dateAdd("2026-01-31", -2, "months")', '2025-11-30'],
    ['dateBetween("2026-02-28", "2026-01-31", "months")', 1],
    ['dateBetween("2026-01-01", "2026-03-01", "days")', -59],
    ['dateBetween("2026-01-15", "2026-01-01", "weeks")', 2],
    ['dateBetween("2024-02-29", "2026-03-01", "years")', -2],
    ['dateBetween("2025-02-28", "2024-02-29", "years")', 1],
    ['dateBetween(prop("Empty"), "2026-01-01", "days")', null],
    ['formatDate("2026-01-05", "YYYY/MM/DD")', '2026/01/05'],
    ['formatDate(today(), "DD.MM.")', '22.11.'],
    ['year(prop("Due")) + month(prop("Due")) + day(prop("Due"))', 2026 + 1 + 31],
    ['prop("Due") < today()', true],
  ])('%s = %j', (src, expected) => {
    expect(run(src)).toEqual(expected);
  });

  it.each([
    ['dateAdd("2026-01-01", 1.5, "days")', /whole units/],
    ['dateAdd("9999-12-31", 1, "days")', /out of range/],
    ['dateAdd("2026-01-01", 1e300, "days")', /out of range/],
    ['dateAdd("0001-01-01", -1, "years")', /out of range/],
    ['year("2026-13-01")', /not a date/],
    ['year("2026-01-015")', /not a date/],
    ['year(20260101)', /not a date/],
    ['dateBetween("2026-01-01", "2026-01-02", "hours")', /Unknown unit/],
    ['dateAdd("2026-01-01", "x", "days")', /needs a number/],
  ])('%s is an error value', (src, pattern) => {
    expect(errorOf(src)).toMatch(pattern);
  });

  it('refuses an invalid clock', () => {
    expect(isFormulaError(evaluateFormula('now()', { prop: () => null, now: new Date(Number.NaN) }))).toBe(
      true,
    );
    expect(evaluateFormula('today()', { prop: () => null, now: new Date('2026-11-22T23:59:59Z') })).toBe(
      '2026-11-22',
    );
  });
});

describe('every kind of error value', () => {
  it.each([
    ['unknown function', 'frobnicate(1)', /^Unknown function 'frobnicate'$/],
    ['too many arguments', 'not(1, 2)', /^not\(\) takes 1 argument$/],
    ['arguments to a constant', 'now(1)', /^now\(\) takes 0 arguments$/],
    ['too few for a variadic', 'and()', /^and\(\) takes at least 1 argument$/],
    ['wrong type for arithmetic', 'prop("Name") * 2', /'Dach' is not a number/],
    ['wrong type for minus', '-"a"', /is not a number/],
    ['wrong type for a function', 'sqrt("x")', /^sqrt\(\) needs a number$/],
    ['round digits', 'round(1, 11)', /0 to 10 digits/],
    ['division by zero', '1 / (2 - 2)', /^Division by zero$/],
    ['modulo by zero', '1 % null', /^Division by zero$/],
    ['invalid date', 'month("soon")', /not a date/],
    ['overflow', '1e308 * 10', /finite/],
    ['NaN', 'pow(-8, 1 / 3)', /finite/],
    ['propagates through concat', 'concat("a", 1 / 0)', /^Division by zero$/],
    ['propagates through comparison', '1 / 0 == 1', /^Division by zero$/],
    ['propagates through if conditions', 'if(1 / 0, 1, 2)', /^Division by zero$/],
    ['propagates through not', 'not(sqrt(-1))', /negative/],
    ['parse error as a value', '1 +', /ends too early/],
  ])('%s: %s', (_kind, src, pattern) => {
    expect(errorOf(src)).toMatch(pattern);
  });

  it('recognises error values', () => {
    expect(isFormulaError({ error: 'x' })).toBe(true);
    expect(isFormulaError({ error: 1 })).toBe(false);
    expect(isFormulaError(null)).toBe(false);
    expect(isFormulaError('#ERROR')).toBe(false);
  });

  it('stores plain results as they are', () => {
    expect(formulaValueToCell(null)).toBeNull();
    expect(formulaValueToCell('x')).toBe('x');
    expect(formulaValueToCell(false)).toBe(false);
    expect(formulaValueToCell({ error: 'Bad' })).toBe('#ERROR: Bad');
  });
});

describe('more malformed input', () => {
  it.each([
    ["'unclosed", /Unclosed text/, 0],
    ['"ends in a backslash\\', /Unclosed text/, 0],
    ['1 + @', /Unexpected character '@'/, 4],
    ['1 +', /ends too early/, 3],
    ['1 = 2', /Unexpected character '='/, 2],
    ['1 2', /Unexpected text/, 2],
    ['"a" "b"', /Unexpected text/, 4],
    [')', /Unexpected '\)'/, 0],
    ['if(', /ends too early/, 3],
    ['prop()', /prop\(\) takes one/, 0],
    ['prop("a" + "b")', /prop\(\) takes one/, 0],
    ['max(1, 2', /Expected '\)'/, 8],
    ['1e999', /too large/, 0],
  ])('%j fails at the right place', (src, pattern, position) => {
    expect(parseFormula(src)).toEqual({ ok: false, error: expect.stringMatching(pattern), position });
  });
});

describe('more hostile input', () => {
  it('takes exactly FORMULA_MAX_LENGTH characters', () => {
    const fits = `"${'a'.repeat(FORMULA_MAX_LENGTH - 2)}"`;
    expect(parseFormula(fits).ok).toBe(true);
    expect(parseFormula(`${fits} `).ok).toBe(false);
    expect(errorOf(`${fits} `)).toMatch(/at most 2000/);
  });

  it('stops at the depth limit, for parentheses, minus signs and calls alike', () => {
    const parens = (n: number) => `${'('.repeat(n)}1${')'.repeat(n)}`;
    expect(run(parens(FORMULA_MAX_DEPTH - 4))).toBe(1);
    expect(parseFormula(parens(FORMULA_MAX_DEPTH + 1))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/deeply/),
    });
    expect(run(`${'-'.repeat(30)}1`)).toBe(1);
    expect(parseFormula(`${'-'.repeat(FORMULA_MAX_DEPTH + 1)}1`).ok).toBe(false);
    expect(parseFormula(`${'!'.repeat(1000)}true`).ok).toBe(false);
    expect(
      parseFormula(`${'abs('.repeat(FORMULA_MAX_DEPTH + 1)}1${')'.repeat(FORMULA_MAX_DEPTH + 1)}`).ok,
    ).toBe(false);
  });

  it('survives hand-built ASTs that are cyclic or malformed', () => {
    const cyclic: { kind: 'unary'; op: '-'; arg: FormulaAst } = {
      kind: 'unary',
      op: '-',
      arg: { kind: 'literal', value: 1 },
    };
    cyclic.arg = cyclic;
    expect(isFormulaError(evaluateFormula(cyclic, ctx))).toBe(true);
    const bogus = JSON.parse('{"kind":"eval","code":"1"}') as FormulaAst;
    expect(isFormulaError(evaluateFormula(bogus, ctx))).toBe(true);
  });

  it('caps doubling through + and replace', () => {
    let src = '"xxxxxxxxxx"';
    for (let i = 0; i < 12; i += 1) src = `replace(${src}, "x", "xx")`;
    expect(errorOf(src)).toMatch(/too long/);
    const hundred = (ch: string) => ch.repeat(100);
    const exact = `replace("${hundred('a')}", "a", "${hundred('b')}")`;
    expect(run(exact)).toBe('b'.repeat(FORMULA_MAX_STRING));
    expect(errorOf(`${exact} + "x"`)).toMatch(/too long/);
    expect(errorOf(`concat(${exact}, ${exact})`)).toMatch(/too long/);
  });
});

describe('more dependencies and renames', () => {
  it('lists each property once, in order, and ignores names in text', () => {
    expect(formulaDependencies('PROP("B") + prop(\'A\') + prop("B") + length("prop(\\"C\\")")')).toEqual([
      'B',
      'A',
    ]);
    expect(formulaDependencies('')).toEqual([]);
    expect(formulaDependencies('prop("__proto__")')).toEqual(['__proto__']);
  });

  it('rewrites every reference and nothing else', () => {
    expect(
      renamePropertyInFormula(
        'if(PROP(\'Hours\') > 2, "prop(\\"Hours\\")", prop("Hours"))',
        'Hours',
        'Work hours',
      ),
    ).toBe('if(PROP("Work hours") > 2, "prop(\\"Hours\\")", prop("Work hours"))');
    expect(renamePropertyInFormula('prop("Say \\"hi\\"") + 1', 'Say "hi"', 'Greeting')).toBe(
      'prop("Greeting") + 1',
    );
    expect(renamePropertyInFormula('prop("A")', 'A', 'A')).toBe('prop("A")');
    expect(renamePropertyInFormula('prop("A") + "unclosed', 'A', 'B')).toBe('prop("A") + "unclosed');
    expect(renamePropertyInFormula('prop("A") +', 'A', 'B')).toBe('prop("B") +');
  });

  it('quotes awkward new names so they read back the same', () => {
    for (const name of ["it's", 'back\\slash', 'two\nlines', 'tab\there', '"quoted"']) {
      const renamed = renamePropertyInFormula('prop("Old")', 'Old', name);
      expect(formulaDependencies(renamed)).toEqual([name]);
    }
  });
});

describe('more rollups', () => {
  it('counts non-empty values, cells by their value, and lists as one value each', () => {
    const values = [
      { type: 'text', icon: '', value: '' },
      { value: null },
      undefined,
      ['a'],
      [],
      'x',
      0,
      false,
    ];
    expect(rollup(values, 'count')).toBe(4);
    expect(rollup([null, '', undefined], 'count')).toBe(0);
  });

  it('aggregates numbers and numeric text only', () => {
    const values = [' 4 ', -2, Number.POSITIVE_INFINITY, Number.NaN, '1e1', [5], 'n/a', true, { value: '3' }];
    expect(rollup(values, 'sum')).toBe(15);
    expect(rollup(values, 'average')).toBe(3.75);
    expect(rollup(values, 'min')).toBe(-2);
    expect(rollup(values, 'max')).toBe(10);
    expect(rollup(['a', 'b'], 'sum')).toBe(0);
    expect(rollup(['a', 'b'], 'average')).toBeNull();
  });
});
