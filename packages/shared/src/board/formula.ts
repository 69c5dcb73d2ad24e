import { roundedComputedNumber } from './filter';
import type { RollupAggregate } from './schema';

/**
 * The board's formula language (docs/board.md "Formulas"): a small expression language over a
 * record's properties, parsed and evaluated by hand — never `eval` or `Function`. Every failure is an
 * error value, never an exception, and hostile input is bounded (length, depth, node count, text size).
 *
 *   prop("Hours") * 85            if(prop("Done"), "✓", "open")        dateAdd(prop("Due"), 7, "days")
 *
 * Values are numbers, text, booleans and null. Rules worth knowing:
 *  - `+` joins text when either side is text; `- * / %` read numeric text as numbers, null and ''
 *    as 0, and refuse other text ("a" * 2 is an error value).
 *  - Truthiness (if, and, or, not): booleans as they are, numbers != 0, text other than '' and
 *    'false' (checkbox cells hold 'true'/'false'), null is false. `and`/`or` stop early, like `if`.
 *  - Comparison: numbers (and numeric text against a number) numerically, otherwise by text, so
 *    YYYY-MM-DD dates order correctly; `==` between different kinds compares their text.
 *  - A property holding several values (multi-select, person, relation, files) reads as its items
 *    joined by ', '; `length()` counts its items and `empty()` is true when it has none.
 *  - Dates are YYYY-MM-DD text (a longer ISO date-time is read by its date); results are UTC days.
 *    An empty date (null or '') gives null rather than an error, so empty cells stay empty.
 *  - Any error operand makes the whole operation that error.
 */

export interface FormulaError {
  error: string;
}
export type FormulaValue = number | string | boolean | null | FormulaError;
export interface FormulaContext {
  /** The raw value of a property (a `{ type, icon, value }` cell is read by its `value`). */
  prop: (name: string) => unknown;
  /** The clock of `now()` and `today()`; the current time when absent. */
  now?: Date;
}

/** Limits that keep hostile formulas cheap: source characters, nesting, AST nodes, text produced. */
export const FORMULA_MAX_LENGTH = 2000;
export const FORMULA_MAX_DEPTH = 64;
export const FORMULA_MAX_NODES = 500;
export const FORMULA_MAX_STRING = 10000;

export const isFormulaError = (v: unknown): v is FormulaError =>
  typeof v === 'object' && v !== null && 'error' in v && typeof v.error === 'string';

export type FormulaBinaryOp =
  | 'or'
  | 'and'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%';

export type FormulaAst =
  | { kind: 'literal'; value: number | string | boolean | null }
  | { kind: 'prop'; name: string }
  | { kind: 'unary'; op: '-' | 'not'; arg: FormulaAst }
  | { kind: 'binary'; op: FormulaBinaryOp; left: FormulaAst; right: FormulaAst }
  | { kind: 'call'; name: string; args: FormulaAst[] };

// ---- Tokens -----------------------------------------------------------------------------------

type Token =
  | { t: 'num'; v: number; at: number }
  | { t: 'str'; v: string; at: number; end: number }
  | { t: 'id'; v: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

/** Thrown inside the parser only; parseFormula turns it into `{ ok: false }`. */
class ParseError {
  constructor(
    readonly message: string,
    readonly position: number,
  ) {}
}

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '!', '(', ')', ','];
const NUMBER_AT = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME_AT = /[A-Za-z_][A-Za-z0-9_]*/y;
const ESCAPES = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
]);

/** The text a sticky pattern matches at `i` (sticky, so no copies of the rest of the source). */
function matchAt(pattern: RegExp, src: string, i: number): string | undefined {
  pattern.lastIndex = i;
  return pattern.exec(src)?.[0];
}

const isOp = (tok: Token | undefined, v: string): boolean => tok?.t === 'op' && tok.v === v;

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const number = matchAt(NUMBER_AT, src, i);
    if (number !== undefined) {
      const v = Number(number);
      if (!Number.isFinite(v)) throw new ParseError('The number is too large', i);
      tokens.push({ t: 'num', v, at: i });
      i += number.length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let out = '';
      let j = i + 1;
      for (;;) {
        if (j >= src.length) throw new ParseError('Unclosed text', i);
        const c = src.charAt(j);
        if (c === ch) break;
        if (c === '\\') {
          if (j + 1 >= src.length) throw new ParseError('Unclosed text', i);
          const n = src.charAt(j + 1);
          out += ESCAPES.get(n) ?? n;
          j += 2;
          continue;
        }
        out += c;
        j += 1;
      }
      tokens.push({ t: 'str', v: out, at: i, end: j + 1 });
      i = j + 1;
      continue;
    }
    const name = matchAt(NAME_AT, src, i);
    if (name !== undefined) {
      tokens.push({ t: 'id', v: name, at: i });
      i += name.length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ParseError(`Unexpected character '${ch}'`, i);
    tokens.push({ t: 'op', v: op, at: i });
    i += op.length;
  }
  tokens.push({ t: 'end', at: src.length });
  return tokens;
}

// ---- Parser (precedence climbing with an explicit depth limit) ---------------------------------

/** Binary operators by spelling; `and`/`or` are words too (any case). */
const BINARY = new Map<string, { prec: number; op: FormulaBinaryOp }>([
  ['or', { prec: 1, op: 'or' }],
  ['||', { prec: 1, op: 'or' }],
  ['and', { prec: 2, op: 'and' }],
  ['&&', { prec: 2, op: 'and' }],
  ['==', { prec: 3, op: '==' }],
  ['!=', { prec: 3, op: '!=' }],
  ['<', { prec: 4, op: '<' }],
  ['<=', { prec: 4, op: '<=' }],
  ['>', { prec: 4, op: '>' }],
  ['>=', { prec: 4, op: '>=' }],
  ['+', { prec: 5, op: '+' }],
  ['-', { prec: 5, op: '-' }],
  ['*', { prec: 6, op: '*' }],
  ['/', { prec: 6, op: '/' }],
  ['%', { prec: 6, op: '%' }],
]);
function binaryOf(tok: Token): { prec: number; op: FormulaBinaryOp } | undefined {
  if (tok.t === 'op') return BINARY.get(tok.v);
  if (tok.t === 'id') {
    const word = tok.v.toLowerCase();
    if (word === 'and' || word === 'or') return BINARY.get(word);
  }
  return undefined;
}

/**
 * Recursive descent whose every recursion (parentheses, arguments, prefix operators, right operands)
 * carries a depth that stops at FORMULA_MAX_DEPTH, so `((((…` or `------…` cannot exhaust the stack.
 */
class Parser {
  private pos = 0;
  private nodes = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const tok = this.peek();
    if (tok.t !== 'end') this.pos += 1;
    return tok;
  }
  private node<T extends FormulaAst>(n: T, at: number): T {
    this.nodes += 1;
    if (this.nodes > FORMULA_MAX_NODES) throw new ParseError('Formula is too long', at);
    return n;
  }
  private enter(depth: number): void {
    if (depth > FORMULA_MAX_DEPTH) throw new ParseError('Formula is nested too deeply', this.peek().at);
  }
  private expect(op: string): void {
    const tok = this.next();
    if (!isOp(tok, op)) {
      throw new ParseError(tok.t === 'end' ? `Expected '${op}' before the end` : `Expected '${op}'`, tok.at);
    }
  }

  parse(): FormulaAst {
    const ast = this.expression(0, 0);
    const end = this.peek();
    if (end.t !== 'end') throw new ParseError('Unexpected text after the formula', end.at);
    return ast;
  }

  private expression(minPrec: number, depth: number): FormulaAst {
    this.enter(depth);
    let left = this.unary(depth);
    for (;;) {
      const tok = this.peek();
      const bin = binaryOf(tok);
      if (bin === undefined || bin.prec < minPrec) break;
      this.next();
      const right = this.expression(bin.prec + 1, depth + 1);
      left = this.node({ kind: 'binary', op: bin.op, left, right }, tok.at);
    }
    return left;
  }

  private unary(depth: number): FormulaAst {
    this.enter(depth);
    const tok = this.peek();
    const word = tok.t === 'id' ? tok.v.toLowerCase() : '';
    // `not(x)` is the function, `not x` the operator; both mean the same.
    if (isOp(tok, '-') || isOp(tok, '!') || (word === 'not' && !isOp(this.peek(1), '('))) {
      this.next();
      const arg = this.unary(depth + 1);
      return this.node({ kind: 'unary', op: isOp(tok, '-') ? '-' : 'not', arg }, tok.at);
    }
    return this.primary(depth);
  }

  private primary(depth: number): FormulaAst {
    const tok = this.next();
    if (tok.t === 'num' || tok.t === 'str') return this.node({ kind: 'literal', value: tok.v }, tok.at);
    if (isOp(tok, '(')) {
      const inner = this.expression(0, depth + 1);
      this.expect(')');
      return inner;
    }
    if (tok.t === 'id') {
      const lower = tok.v.toLowerCase();
      if (lower === 'true' || lower === 'false')
        return this.node({ kind: 'literal', value: lower === 'true' }, tok.at);
      if (lower === 'null') return this.node({ kind: 'literal', value: null }, tok.at);
      if (!isOp(this.peek(), '('))
        throw new ParseError(`Unknown name '${tok.v}': use prop("${tok.v}")`, tok.at);
      this.next();
      const args: FormulaAst[] = [];
      if (!isOp(this.peek(), ')')) {
        do {
          args.push(this.expression(0, depth + 1));
        } while (isOp(this.peek(), ',') && this.next());
      }
      this.expect(')');
      if (lower === 'prop') {
        const [arg] = args;
        if (args.length !== 1 || arg?.kind !== 'literal' || typeof arg.value !== 'string') {
          throw new ParseError('prop() takes one property name in quotes', tok.at);
        }
        return this.node({ kind: 'prop', name: arg.value }, tok.at);
      }
      return this.node({ kind: 'call', name: lower, args }, tok.at);
    }
    if (tok.t === 'end') throw new ParseError('The formula ends too early', tok.at);
    throw new ParseError(`Unexpected '${tok.t === 'op' ? tok.v : ''}'`, tok.at);
  }
}

/** Parses a formula; a failure names the problem and its character position (0-based). */
export function parseFormula(
  source: string,
): { ok: true; ast: FormulaAst } | { ok: false; error: string; position: number } {
  if (typeof source !== 'string' || source.trim() === '')
    return { ok: false, error: 'The formula is empty', position: 0 };
  if (source.length > FORMULA_MAX_LENGTH) {
    return {
      ok: false,
      error: `A formula has at most ${FORMULA_MAX_LENGTH} characters`,
      position: FORMULA_MAX_LENGTH,
    };
  }
  try {
    return { ok: true, ast: new Parser(tokenize(source)).parse() };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, error: err.message, position: err.position };
    return { ok: false, error: 'The formula cannot be read', position: 0 };
  }
}

// ---- Values -----------------------------------------------------------------------------------

type Scalar = number | string | boolean | null;

/** A property holding several values: text joins its items, `length()` and `empty()` count them. */
class FormulaList {
  constructor(readonly items: readonly string[]) {}
}
type Val = Scalar | FormulaList;
type Result = Val | FormulaError;

const fail = (error: string): FormulaError => ({ error });
const scalar = (v: Val): Scalar => (v instanceof FormulaList ? v.items.join(', ') : v);

/** A cell `{ type, icon, value }` (or a `{ value, label }` item) is read by its own `value`. */
const unwrap = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, 'value')
    ? (v as { value: unknown }).value
    : v;

/** The text of one item of a list property: a person or option by its label, else its value. */
function itemText(item: unknown): string | undefined {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const label = Object.hasOwn(item, 'label') ? (item as { label: unknown }).label : undefined;
    return typeof label === 'string' || typeof label === 'number' ? String(label) : itemText(unwrap(item));
  }
  if (typeof item === 'string') return item;
  if (typeof item === 'number') return Number.isFinite(item) ? formulaText(item) : undefined;
  if (typeof item === 'boolean') return String(item);
  return undefined;
}

/** A property's raw value as a formula value; anything unreadable is null. */
function fromRaw(raw: unknown): Val {
  const v = unwrap(raw);
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Array.isArray(v)) return new FormulaList(v.map(itemText).filter((s) => s !== undefined));
  return null;
}

/**
 * Text of a value: integers without '.0', other numbers rounded to at most 10 decimals (and 15
 * significant digits, so binary noise never shows: 0.1 + 0.2 reads '0.3').
 */
export function formulaText(v: Scalar): string {
  if (v === null) return '';
  if (typeof v !== 'number') return String(v);
  if (Number.isInteger(v) || !Number.isFinite(v)) return String(v === 0 ? 0 : v);
  const whole = Math.abs(v) < 1 ? 1 : Math.floor(Math.log10(Math.abs(v))) + 1;
  const text = v.toFixed(Math.max(0, Math.min(10, 15 - whole))).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

function truthy(v: Val): boolean {
  if (v instanceof FormulaList) return v.items.length > 0;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '' && v.toLowerCase() !== 'false';
  return false;
}

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const quoteOf = (s: string) => `'${s.length > 30 ? `${s.slice(0, 30)}…` : s}'`;

/** An operand of arithmetic: empty counts as 0, booleans as 1/0, numeric text as its number. */
function toNum(v: Scalar): number | FormulaError {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v.trim() === '') return 0;
  if (NUMERIC.test(v)) return Number(v);
  return fail(`${quoteOf(v)} is not a number`);
}
/** A function's number argument: a number or numeric text, nothing else. */
const strictNum = (v: Scalar, what: string): number | FormulaError =>
  typeof v === 'number'
    ? v
    : typeof v === 'string' && NUMERIC.test(v)
      ? Number(v)
      : fail(`${what}() needs a number`);

function checkedText(s: string): string | FormulaError {
  return s.length > FORMULA_MAX_STRING ? tooLong() : s;
}
const tooLong = () => fail(`The text is too long (more than ${FORMULA_MAX_STRING} characters)`);
function finite(n: number): number | FormulaError {
  return Number.isFinite(n) ? n : fail('The result is not a finite number');
}

// ---- Dates (YYYY-MM-DD, UTC days) -------------------------------------------------------------

interface Day {
  y: number;
  m: number;
  d: number;
}
type Unit = 'days' | 'weeks' | 'months' | 'years';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const DAY_MS = 86_400_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeap(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;

/** Days since 1970-01-01; setUTCFullYear, unlike Date.UTC, keeps years 1-99 as written. */
const dayNumber = ({ y, m, d }: Day) => new Date(0).setUTCFullYear(y, m - 1, d) / DAY_MS;
function fromDayNumber(n: number): Day | FormulaError {
  const date = new Date(n * DAY_MS);
  const y = date.getUTCFullYear();
  if (Number.isNaN(y) || y < 1 || y > 9999) return fail('The date is out of range');
  return { y, m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}
const isoDay = ({ y, m, d }: Day) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** A date argument: null for an empty one, an error value for text that is not a real date. */
function toDay(v: Scalar): Day | null | FormulaError {
  if (v === null || v === '') return null;
  const m = typeof v === 'string' ? DATE.exec(v.trim()) : null;
  if (!m) return fail(`${quoteOf(formulaText(v))} is not a date (YYYY-MM-DD)`);
  const day = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  if (day.y < 1 || day.m < 1 || day.m > 12 || day.d < 1 || day.d > daysInMonth(day.y, day.m)) {
    return fail(`${quoteOf(String(v))} is not a date (YYYY-MM-DD)`);
  }
  return day;
}

function toUnit(v: Scalar): Unit | FormulaError {
  const word = formulaText(v).trim().toLowerCase();
  const unit = word.endsWith('s') ? word : `${word}s`;
  if (unit === 'days' || unit === 'weeks' || unit === 'months' || unit === 'years') return unit;
  return fail(`Unknown unit ${quoteOf(word)}: use days, weeks, months or years`);
}

/** Month arithmetic keeps the day, or the month's last day when it is shorter (Jan 31 → Feb 28). */
function addMonths(day: Day, n: number): Day | FormulaError {
  const total = day.y * 12 + (day.m - 1) + n;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  if (y < 1 || y > 9999) return fail('The date is out of range');
  return { y, m, d: Math.min(day.d, daysInMonth(y, m)) };
}

function addUnits(day: Day, n: number, unit: Unit): Day | FormulaError {
  if (!Number.isInteger(n)) return fail('Dates move by whole units');
  if (Math.abs(n) > 10_000_000) return fail('The date is out of range');
  if (unit === 'days' || unit === 'weeks')
    return fromDayNumber(dayNumber(day) + n * (unit === 'weeks' ? 7 : 1));
  return addMonths(day, unit === 'years' ? n * 12 : n);
}

/** Whole months from b to a: the most months that can be added to b without passing a. */
function monthsBetween(a: Day, b: Day): number {
  if (dayNumber(a) < dayNumber(b)) return -monthsBetween(b, a);
  const n = (a.y - b.y) * 12 + (a.m - b.m);
  const landed = addMonths(b, n);
  return isFormulaError(landed) || dayNumber(landed) > dayNumber(a) ? n - 1 : n;
}

function between(a: Day, b: Day, unit: Unit): number {
  const days = dayNumber(a) - dayNumber(b);
  if (unit === 'days') return days;
  if (unit === 'weeks') return Math.trunc(days / 7);
  const months = monthsBetween(a, b);
  return unit === 'years' ? Math.trunc(months / 12) : months;
}

/**
 * Whole days from one date to another, each read as `dateBetween` reads a date (its YYYY-MM-DD
 * part); null when either is not a real date (the board's summary row: a column's date range).
 */
export function daysBetween(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = toDay(from);
  const b = toDay(to);
  return a && b && !isFormulaError(a) && !isFormulaError(b) ? between(b, a, 'days') : null;
}

function clock(ctx: FormulaContext): Date | FormulaError {
  const now = ctx.now ?? new Date();
  const y = now.getUTCFullYear();
  return Number.isNaN(y) || y < 1 || y > 9999 ? fail('The current date is invalid') : now;
}

// ---- Functions --------------------------------------------------------------------------------

/** Most functions see plain values (lists as their text); `lists` ones see list properties as lists. */
type FnDef = { min: number; max: number } & (
  | { lists?: false; fn: (args: Scalar[], ctx: FormulaContext) => FormulaValue }
  | { lists: true; fn: (args: Val[]) => FormulaValue }
);

/** The most arguments a variadic function takes: the node limit bounds them anyway. */
const MANY = FORMULA_MAX_NODES;
const at = (args: Scalar[], i: number): Scalar => args[i] ?? null;
const text1 = (f: (s: string) => string): FnDef => ({
  min: 1,
  max: 1,
  fn: (args) => checkedText(f(formulaText(at(args, 0)))),
});
const num1 = (f: (n: number) => number, name: string): FnDef => ({
  min: 1,
  max: 1,
  fn: (args) => {
    const n = strictNum(at(args, 0), name);
    return isFormulaError(n) ? n : finite(f(n));
  },
});
/** Rounds half away from zero, on the decimal text so that round(1.005, 2) is 1.01. */
function roundTo(n: number, digits: number): number {
  const abs = Math.abs(n);
  const rounded = String(abs).includes('e')
    ? Math.round(abs * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${abs}e${digits}`))}e-${digits}`);
  return n < 0 ? -rounded : rounded;
}
const aggregate = (name: 'min' | 'max' | 'sum'): FnDef => ({
  min: name === 'sum' ? 0 : 1,
  max: MANY,
  fn: (args) => {
    let result: number | null = name === 'sum' ? 0 : null;
    for (const a of args) {
      if (a === null || a === '') continue;
      const n = strictNum(a, name);
      if (isFormulaError(n)) return n;
      if (name === 'sum') result = (result ?? 0) + n;
      else if (result === null || (name === 'min' ? n < result : n > result)) result = n;
    }
    return result === null ? null : finite(result);
  },
});
const moveDate = (name: 'dateAdd' | 'dateSubtract', sign: 1 | -1): FnDef => ({
  min: 3,
  max: 3,
  fn: (args) => {
    const day = toDay(at(args, 0));
    const amount = strictNum(at(args, 1), name);
    const unit = toUnit(at(args, 2));
    if (isFormulaError(day)) return day;
    if (isFormulaError(amount)) return amount;
    if (isFormulaError(unit)) return unit;
    if (day === null) return null;
    const out = addUnits(day, sign * amount, unit);
    return isFormulaError(out) ? out : isoDay(out);
  },
});
const datePart = (part: keyof Day): FnDef => ({
  min: 1,
  max: 1,
  fn: (args) => {
    const day = toDay(at(args, 0));
    return day === null || isFormulaError(day) ? day : day[part];
  },
});

/** The eager functions, by lower-case name (a Map, so `constructor` or `__proto__` are never found). */
const FUNCTIONS = new Map<string, FnDef>([
  ['not', { min: 1, max: 1, fn: (args) => !truthy(at(args, 0)) }],
  [
    'empty',
    {
      min: 1,
      max: 1,
      lists: true,
      fn: ([a]) => (a instanceof FormulaList ? a.items.length === 0 : a === null || a === ''),
    },
  ],
  [
    'length',
    {
      min: 1,
      max: 1,
      lists: true,
      fn: ([a]) => (a instanceof FormulaList ? a.items.length : formulaText(a ?? null).length),
    },
  ],
  [
    'concat',
    {
      min: 0,
      max: MANY,
      fn: (args) => {
        const parts = args.map(formulaText);
        // Measured before joining, so a huge property cannot be copied hundreds of times.
        const size = parts.reduce((s, p) => s + p.length, 0);
        return size > FORMULA_MAX_STRING ? tooLong() : parts.join('');
      },
    },
  ],
  ['lower', text1((s) => s.toLowerCase())],
  ['upper', text1((s) => s.toUpperCase())],
  ['trim', text1((s) => s.trim())],
  ['format', text1((s) => s)],
  [
    'contains',
    {
      min: 2,
      max: 2,
      fn: (args) =>
        formulaText(at(args, 0))
          .toLowerCase()
          .includes(formulaText(at(args, 1)).toLowerCase()),
    },
  ],
  [
    'replace',
    {
      min: 3,
      max: 3,
      fn: (args) => {
        const text = formulaText(at(args, 0));
        const from = formulaText(at(args, 1));
        const to = formulaText(at(args, 2));
        if (from === '') return checkedText(text);
        const parts = text.split(from);
        const size = text.length + (parts.length - 1) * (to.length - from.length);
        return size > FORMULA_MAX_STRING ? tooLong() : parts.join(to);
      },
    },
  ],
  [
    'slice',
    {
      min: 2,
      max: 3,
      fn: (args) => {
        const start = strictNum(at(args, 1), 'slice');
        const end = args.length < 3 ? undefined : strictNum(at(args, 2), 'slice');
        if (isFormulaError(start)) return start;
        if (isFormulaError(end)) return end;
        return checkedText(
          formulaText(at(args, 0)).slice(Math.trunc(start), end === undefined ? undefined : Math.trunc(end)),
        );
      },
    },
  ],
  [
    'tonumber',
    {
      min: 1,
      max: 1,
      fn: (args) => {
        const v = at(args, 0);
        if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
        const n = toNum(v);
        return isFormulaError(n) ? n : finite(n);
      },
    },
  ],
  [
    'round',
    {
      min: 1,
      max: 2,
      fn: (args) => {
        const n = strictNum(at(args, 0), 'round');
        const digits = args.length < 2 ? 0 : strictNum(at(args, 1), 'round');
        if (isFormulaError(n)) return n;
        if (isFormulaError(digits)) return digits;
        if (!Number.isInteger(digits) || digits < 0 || digits > 10)
          return fail('round() takes 0 to 10 digits');
        return finite(roundTo(n, digits));
      },
    },
  ],
  ['floor', num1(Math.floor, 'floor')],
  ['ceil', num1(Math.ceil, 'ceil')],
  ['abs', num1(Math.abs, 'abs')],
  [
    'sqrt',
    {
      min: 1,
      max: 1,
      fn: (args) => {
        const n = strictNum(at(args, 0), 'sqrt');
        if (isFormulaError(n)) return n;
        return n < 0 ? fail('sqrt() of a negative number') : Math.sqrt(n);
      },
    },
  ],
  [
    'pow',
    {
      min: 2,
      max: 2,
      fn: (args) => {
        const x = strictNum(at(args, 0), 'pow');
        const y = strictNum(at(args, 1), 'pow');
        if (isFormulaError(x)) return x;
        if (isFormulaError(y)) return y;
        return finite(x ** y);
      },
    },
  ],
  ['min', aggregate('min')],
  ['max', aggregate('max')],
  ['sum', aggregate('sum')],
  [
    'now',
    {
      min: 0,
      max: 0,
      fn: (_args, ctx) => {
        const now = clock(ctx);
        return isFormulaError(now) ? now : now.toISOString();
      },
    },
  ],
  [
    'today',
    {
      min: 0,
      max: 0,
      fn: (_args, ctx) => {
        const now = clock(ctx);
        return isFormulaError(now) ? now : now.toISOString().slice(0, 10);
      },
    },
  ],
  ['dateadd', moveDate('dateAdd', 1)],
  ['datesubtract', moveDate('dateSubtract', -1)],
  [
    'datebetween',
    {
      min: 3,
      max: 3,
      fn: (args) => {
        const a = toDay(at(args, 0));
        const b = toDay(at(args, 1));
        const unit = toUnit(at(args, 2));
        if (isFormulaError(a)) return a;
        if (isFormulaError(b)) return b;
        if (isFormulaError(unit)) return unit;
        return a === null || b === null ? null : between(a, b, unit);
      },
    },
  ],
  [
    'formatdate',
    {
      min: 2,
      max: 2,
      fn: (args) => {
        const day = toDay(at(args, 0));
        if (day === null || isFormulaError(day)) return day;
        const [y, m, d] = isoDay(day).split('-') as [string, string, string];
        return checkedText(
          formulaText(at(args, 1)).replace(/YYYY|MM|DD/g, (token) =>
            token === 'YYYY' ? y : token === 'MM' ? m : d,
          ),
        );
      },
    },
  ],
  ['year', datePart('y')],
  ['month', datePart('m')],
  ['day', datePart('d')],
]);

/** Functions whose arguments are evaluated on demand: only the branch taken can fail. */
const LAZY = new Map<string, { min: number; max: number }>([
  ['if', { min: 3, max: 3 }],
  ['and', { min: 1, max: MANY }],
  ['or', { min: 1, max: MANY }],
]);

/** The functions of the language (lower case), for the editor's help. */
export const FORMULA_FUNCTIONS: readonly string[] = [...LAZY.keys(), ...FUNCTIONS.keys()];

function arityError(name: string, { min, max }: { min: number; max: number }): FormulaError {
  const count = min === max ? `${min}` : max >= MANY ? `at least ${min}` : `${min} to ${max}`;
  return fail(`${name}() takes ${count} argument${/(^| )1$/.test(count) ? '' : 's'}`);
}

// ---- Evaluation -------------------------------------------------------------------------------

function numberOf(v: Scalar): number | null {
  if (typeof v === 'number') return v;
  return typeof v === 'string' && NUMERIC.test(v) ? Number(v) : null;
}

/**
 * A comparison. Numbers compare rounded to the filter's significant digits (`roundedComputedNumber`),
 * so binary noise (`3 * 1.1` is 3.3000000000000003) does not make `3 * 1.1 == 3.3` false.
 */
function compare(op: FormulaBinaryOp, a: Scalar, b: Scalar): boolean {
  const ar = numberOf(a);
  const br = numberOf(b);
  const an = ar === null ? null : roundedComputedNumber(ar);
  const bn = br === null ? null : roundedComputedNumber(br);
  // Numeric text counts as a number only against a real number; two texts compare as text.
  const numeric = an !== null && bn !== null && (typeof a === 'number' || typeof b === 'number');
  if (op === '==' || op === '!=') {
    const equal = numeric ? an === bn : typeof a === typeof b ? a === b : formulaText(a) === formulaText(b);
    return op === '==' ? equal : !equal;
  }
  const order = numeric
    ? Math.sign((an ?? 0) - (bn ?? 0))
    : formulaText(a) < formulaText(b)
      ? -1
      : formulaText(a) > formulaText(b)
        ? 1
        : 0;
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

function arithmetic(op: FormulaBinaryOp, a: Scalar, b: Scalar): FormulaValue {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) {
    const left = formulaText(a);
    const right = formulaText(b);
    return left.length + right.length > FORMULA_MAX_STRING ? tooLong() : left + right;
  }
  const x = toNum(a);
  const y = toNum(b);
  if (isFormulaError(x)) return x;
  if (isFormulaError(y)) return y;
  switch (op) {
    case '+':
      return finite(x + y);
    case '-':
      return finite(x - y);
    case '*':
      return finite(x * y);
    case '/':
      return y === 0 ? fail('Division by zero') : finite(x / y);
    default:
      return y === 0 ? fail('Division by zero') : finite(x % y);
  }
}

const COMPARISONS: ReadonlySet<FormulaBinaryOp> = new Set(['==', '!=', '<', '<=', '>', '>=']);

function evaluate(node: FormulaAst, ctx: FormulaContext): Result {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'prop':
      return fromRaw(ctx.prop(node.name));
    case 'unary': {
      const v = evaluate(node.arg, ctx);
      if (isFormulaError(v)) return v;
      if (node.op === 'not') return !truthy(v);
      const n = toNum(scalar(v));
      return isFormulaError(n) ? n : finite(-n);
    }
    case 'binary': {
      const left = evaluate(node.left, ctx);
      if (isFormulaError(left)) return left;
      if (node.op === 'and' && !truthy(left)) return false;
      if (node.op === 'or' && truthy(left)) return true;
      const right = evaluate(node.right, ctx);
      if (isFormulaError(right)) return right;
      if (node.op === 'and' || node.op === 'or') return truthy(right);
      if (COMPARISONS.has(node.op)) return compare(node.op, scalar(left), scalar(right));
      return arithmetic(node.op, scalar(left), scalar(right));
    }
    case 'call': {
      const lazy = LAZY.get(node.name);
      if (lazy) {
        if (node.args.length < lazy.min || node.args.length > lazy.max) return arityError(node.name, lazy);
        if (node.name === 'if') {
          const [cond, then, otherwise] = node.args as [FormulaAst, FormulaAst, FormulaAst];
          const c = evaluate(cond, ctx);
          if (isFormulaError(c)) return c;
          return evaluate(truthy(c) ? then : otherwise, ctx);
        }
        const stopAt = node.name === 'or';
        for (const arg of node.args) {
          const v = evaluate(arg, ctx);
          if (isFormulaError(v)) return v;
          if (truthy(v) === stopAt) return stopAt;
        }
        return !stopAt;
      }
      const def = FUNCTIONS.get(node.name);
      if (!def) return fail(`Unknown function '${node.name}'`);
      if (node.args.length < def.min || node.args.length > def.max) return arityError(node.name, def);
      const args: Val[] = [];
      for (const a of node.args) {
        const v = evaluate(a, ctx);
        if (isFormulaError(v)) return v;
        args.push(v);
      }
      return def.lists ? def.fn(args) : def.fn(args.map(scalar), ctx);
    }
    default:
      return fail('The formula cannot be computed');
  }
}

/** Evaluates a formula (source or parsed) for one record; never throws. */
export function evaluateFormula(source: string | FormulaAst, ctx: FormulaContext): FormulaValue {
  let ast: FormulaAst;
  if (typeof source === 'string') {
    const parsed = parseFormula(source);
    if (!parsed.ok) return fail(parsed.error);
    ast = parsed.ast;
  } else {
    ast = source;
  }
  try {
    const v = evaluate(ast, ctx);
    return isFormulaError(v) ? v : scalar(v);
  } catch {
    // Only a hand-built AST or a throwing ctx.prop gets here; parsed formulas are bounded.
    return fail('The formula cannot be computed');
  }
}

/**
 * How a result is stored in a cell: the scalar, or '#ERROR: <reason>' for an error value (text, so
 * the table shows why; docs/board.md and the API's tests rely on the '#ERROR' prefix).
 */
export function formulaValueToCell(v: FormulaValue): string | number | boolean | null {
  if (isFormulaError(v)) return `#ERROR: ${v.error}`;
  return v;
}

/** The property names a formula reads, each once (empty when it does not parse). */
export function formulaDependencies(source: string): string[] {
  const parsed = parseFormula(source);
  if (!parsed.ok) return [];
  const names = new Set<string>();
  const stack: FormulaAst[] = [parsed.ast];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.kind === 'prop') names.add(n.name);
    else if (n.kind === 'unary') stack.push(n.arg);
    else if (n.kind === 'binary') stack.push(n.right, n.left);
    else if (n.kind === 'call') stack.push(...[...n.args].reverse());
  }
  return [...names];
}

/** A property name as a double-quoted literal that reads back as the same name. */
const quoteName = (name: string) =>
  `"${name.replace(/[\\"\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\${c}`))}"`;

/**
 * Rewrites `prop("old")` references to a renamed property, on tokens, so text that merely contains
 * the name ("old" in a literal) and the rest of the source stay as written. A source that cannot be
 * tokenized comes back unchanged.
 */
export function renamePropertyInFormula(source: string, oldName: string, newName: string): string {
  if (oldName === newName) return source;
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch {
    return source;
  }
  let out = '';
  let last = 0;
  for (let i = 0; i + 3 < tokens.length; i += 1) {
    const [p, open, name, close] = tokens.slice(i, i + 4);
    if (
      p?.t === 'id' &&
      p.v.toLowerCase() === 'prop' &&
      isOp(open, '(') &&
      name?.t === 'str' &&
      name.v === oldName &&
      isOp(close, ')')
    ) {
      out += source.slice(last, name.at) + quoteName(newName);
      last = name.end;
    }
  }
  return out + source.slice(last);
}

/**
 * Aggregates a related property's raw values (SPEC rollup). count: the non-empty values (not null,
 * undefined, '' or [], cells by their value); sum, average, min, max: over finite numbers and numeric
 * text, ignoring the rest. Sum of nothing is 0; average, min and max of nothing are null.
 */
export function rollup(values: unknown[], aggregate: RollupAggregate): number | null {
  let count = 0;
  let total = 0;
  let numbers = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const raw of values) {
    const v = unwrap(raw);
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    count += 1;
    const n = typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) continue;
    numbers += 1;
    total += n;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  switch (aggregate) {
    case 'count':
      return count;
    case 'sum':
      return Number.isFinite(total) ? total : null;
    case 'average':
      return numbers === 0 || !Number.isFinite(total) ? null : total / numbers;
    case 'min':
      return numbers === 0 ? null : min;
    default:
      return numbers === 0 ? null : max;
  }
}
