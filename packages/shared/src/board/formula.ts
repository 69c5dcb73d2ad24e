/**
 * The board's formula language (docs/board.md "Formulas"): a small expression language over a
 * record's properties, parsed and evaluated by hand — never `eval` or `Function`. Every failure is an
 * error value, never an exception, and hostile input is bounded (length, depth, node count, string
 * size).
 *
 *   prop("Hours") * 85            if(prop("Done"), "✓", "open")        dateAdd(prop("Due"), 7, "days")
 */

export interface FormulaError {
  error: string;
}
export type FormulaValue = number | string | boolean | null | FormulaError;
export interface FormulaContext {
  prop: (name: string) => unknown;
  now?: Date;
}

export const FORMULA_MAX_LENGTH = 2000;
export const FORMULA_MAX_DEPTH = 64;
export const FORMULA_MAX_NODES = 500;
export const FORMULA_MAX_STRING = 10000;

export const isFormulaError = (v: unknown): v is FormulaError =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as FormulaError).error === 'string';

export type FormulaAst =
  | { kind: 'literal'; value: number | string | boolean | null }
  | { kind: 'prop'; name: string }
  | { kind: 'unary'; op: '-' | 'not'; arg: FormulaAst }
  | { kind: 'binary'; op: string; left: FormulaAst; right: FormulaAst }
  | { kind: 'call'; name: string; args: FormulaAst[] };

// ---- Tokens -----------------------------------------------------------------------------------

type Token =
  | { t: 'num'; v: number; at: number }
  | { t: 'str'; v: string; at: number; end: number }
  | { t: 'id'; v: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

class ParseError {
  constructor(
    readonly message: string,
    readonly position: number,
  ) {}
}

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '!', '(', ')', ','];

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i)) as RegExpExecArray;
      tokens.push({ t: 'num', v: Number(m[0]), at: i });
      i += m[0].length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let out = '';
      let j = i + 1;
      for (;;) {
        if (j >= src.length) throw new ParseError('Unclosed text', i);
        const c = src[j] as string;
        if (c === ch) break;
        if (c === '\\') {
          const n = src[j + 1];
          if (n === undefined) throw new ParseError('Unclosed text', i);
          out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
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
    if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i)) as RegExpExecArray;
      tokens.push({ t: 'id', v: m[0], at: i });
      i += m[0].length;
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

const BINARY: Record<string, number> = {
  or: 1,
  '||': 1,
  and: 2,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};
const binaryPrecedence = (tok: Token): number | undefined => {
  if (tok.t === 'op' && Object.hasOwn(BINARY, tok.v)) return BINARY[tok.v];
  if (tok.t === 'id' && (tok.v === 'and' || tok.v === 'or')) return BINARY[tok.v];
  return undefined;
};

class Parser {
  private pos = 0;
  private nodes = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos] as Token;
  }
  private next(): Token {
    return this.tokens[this.pos++] as Token;
  }
  private node<T extends FormulaAst>(n: T, at: number): T {
    this.nodes += 1;
    if (this.nodes > FORMULA_MAX_NODES) throw new ParseError('Formula is too long', at);
    return n;
  }
  private expect(op: string): void {
    const tok = this.next();
    if (tok.t !== 'op' || tok.v !== op) throw new ParseError(`Expected '${op}'`, tok.at);
  }

  parse(): FormulaAst {
    const ast = this.expression(0, 0);
    const end = this.peek();
    if (end.t !== 'end') throw new ParseError('Unexpected text after the formula', end.at);
    return ast;
  }

  private expression(minPrec: number, depth: number): FormulaAst {
    if (depth > FORMULA_MAX_DEPTH) throw new ParseError('Formula is nested too deeply', this.peek().at);
    let left = this.unary(depth);
    for (;;) {
      const tok = this.peek();
      const prec = binaryPrecedence(tok);
      if (prec === undefined || prec < minPrec) break;
      this.next();
      const op = tok.t === 'id' || tok.t === 'op' ? tok.v : '';
      const right = this.expression(prec + 1, depth + 1);
      left = this.node(
        { kind: 'binary', op: op === '&&' ? 'and' : op === '||' ? 'or' : op, left, right },
        tok.at,
      );
    }
    return left;
  }

  private unary(depth: number): FormulaAst {
    if (depth > FORMULA_MAX_DEPTH) throw new ParseError('Formula is nested too deeply', this.peek().at);
    const tok = this.peek();
    if (tok.t === 'op' && (tok.v === '-' || tok.v === '!')) {
      this.next();
      const arg = this.unary(depth + 1);
      return this.node({ kind: 'unary', op: tok.v === '-' ? '-' : 'not', arg }, tok.at);
    }
    if (
      tok.t === 'id' &&
      tok.v === 'not' &&
      !(this.tokens[this.pos + 1]?.t === 'op' && (this.tokens[this.pos + 1] as { v: string }).v === '(')
    ) {
      this.next();
      const arg = this.unary(depth + 1);
      return this.node({ kind: 'unary', op: 'not', arg }, tok.at);
    }
    return this.primary(depth);
  }

  private primary(depth: number): FormulaAst {
    if (depth > FORMULA_MAX_DEPTH) throw new ParseError('Formula is nested too deeply', this.peek().at);
    const tok = this.next();
    if (tok.t === 'num') return this.node({ kind: 'literal', value: tok.v }, tok.at);
    if (tok.t === 'str') return this.node({ kind: 'literal', value: tok.v }, tok.at);
    if (tok.t === 'op' && tok.v === '(') {
      const inner = this.expression(0, depth + 1);
      this.expect(')');
      return inner;
    }
    if (tok.t === 'id') {
      const lower = tok.v.toLowerCase();
      if (lower === 'true' || lower === 'false')
        return this.node({ kind: 'literal', value: lower === 'true' }, tok.at);
      if (lower === 'null') return this.node({ kind: 'literal', value: null }, tok.at);
      const open = this.peek();
      if (open.t !== 'op' || open.v !== '(')
        throw new ParseError(`Unknown name '${tok.v}': use prop("${tok.v}")`, tok.at);
      this.next();
      const args: FormulaAst[] = [];
      if (!(this.peek().t === 'op' && (this.peek() as { v: string }).v === ')')) {
        for (;;) {
          args.push(this.expression(0, depth + 1));
          const sep = this.peek();
          if (sep.t === 'op' && sep.v === ',') {
            this.next();
            continue;
          }
          break;
        }
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
const fail = (error: string): FormulaError => ({ error });

/** A property's raw value as a formula value: cells give their value, arrays join as text. */
function fromRaw(raw: unknown): Scalar {
  let v = raw;
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v)
    v = (v as { value: unknown }).value;
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) {
    return v
      .map((e) =>
        typeof e === 'object' && e !== null
          ? String(
              (e as { label?: unknown; value?: unknown }).label ?? (e as { value?: unknown }).value ?? '',
            )
          : String(e),
      )
      .join(', ');
  }
  return null;
}

/** Text of a value: integers without '.0', other numbers to 10 significant decimals. */
export function formulaText(v: Scalar): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12)));
  return String(v);
}

function truthy(v: Scalar): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '' && v.toLowerCase() !== 'false';
  return false;
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
function toNum(v: Scalar): number | FormulaError {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (NUMERIC.test(v)) return Number(v);
  return fail(`'${v.slice(0, 30)}' is not a number`);
}
const strictNum = (v: Scalar, what: string): number | FormulaError =>
  typeof v === 'number'
    ? v
    : typeof v === 'string' && NUMERIC.test(v)
      ? Number(v)
      : fail(`${what} needs a number`);

function checkedText(s: string): string | FormulaError {
  return s.length > FORMULA_MAX_STRING ? fail('The text is too long') : s;
}
function finite(n: number): number | FormulaError {
  return Number.isFinite(n) ? n : fail('The result is not a finite number');
}

// ---- Dates (YYYY-MM-DD, UTC) ------------------------------------------------------------------

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
function toDate(v: Scalar): Date | FormulaError {
  if (typeof v !== 'string') return fail('A date is written YYYY-MM-DD');
  const m = DATE.exec(v);
  if (!m) return fail(`'${v.slice(0, 30)}' is not a date`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCMonth() !== Number(m[2]) - 1) return fail(`'${v.slice(0, 30)}' is not a date`);
  return d;
}
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function addUnits(d: Date, n: number, unit: string): Date | FormulaError {
  if (!Number.isInteger(n)) return fail('Dates move by whole units');
  if (unit === 'days' || unit === 'weeks')
    return new Date(d.getTime() + n * (unit === 'weeks' ? 7 : 1) * 86_400_000);
  if (unit !== 'months' && unit !== 'years')
    return fail(`Unknown unit '${unit}': use days, weeks, months or years`);
  const months = unit === 'years' ? n * 12 : n;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last)));
  return Number.isNaN(out.getTime()) ? fail('The date is out of range') : out;
}

function between(a: Date, b: Date, unit: string): number | FormulaError {
  if (unit === 'days') return Math.trunc((a.getTime() - b.getTime()) / 86_400_000);
  if (unit === 'weeks') return Math.trunc((a.getTime() - b.getTime()) / (7 * 86_400_000));
  if (unit !== 'months' && unit !== 'years')
    return fail(`Unknown unit '${unit}': use days, weeks, months or years`);
  let months = (a.getUTCFullYear() - b.getUTCFullYear()) * 12 + a.getUTCMonth() - b.getUTCMonth();
  if (months > 0 && a.getUTCDate() < b.getUTCDate()) months -= 1;
  if (months < 0 && a.getUTCDate() > b.getUTCDate()) months += 1;
  return unit === 'years' ? Math.trunc(months / 12) : months;
}

// ---- Functions --------------------------------------------------------------------------------

type Fn = (args: Scalar[], ctx: FormulaContext) => FormulaValue;
interface FnDef {
  min: number;
  max: number;
  fn: Fn;
}

const num1 = (f: (n: number) => number, name: string): FnDef => ({
  min: 1,
  max: 1,
  fn: ([a]) => {
    const n = strictNum(a ?? null, name);
    return isFormulaError(n) ? n : finite(f(n));
  },
});

const FUNCTIONS = new Map<string, FnDef>([
  ['and', { min: 1, max: 50, fn: (args) => args.every(truthy) }],
  ['or', { min: 1, max: 50, fn: (args) => args.some(truthy) }],
  ['not', { min: 1, max: 1, fn: ([a]) => !truthy(a ?? null) }],
  ['empty', { min: 1, max: 1, fn: ([a]) => a === null || a === '' }],
  ['length', { min: 1, max: 1, fn: ([a]) => formulaText(a ?? null).length }],
  ['concat', { min: 0, max: 50, fn: (args) => checkedText(args.map(formulaText).join('')) }],
  ['lower', { min: 1, max: 1, fn: ([a]) => formulaText(a ?? null).toLowerCase() }],
  ['upper', { min: 1, max: 1, fn: ([a]) => formulaText(a ?? null).toUpperCase() }],
  ['trim', { min: 1, max: 1, fn: ([a]) => formulaText(a ?? null).trim() }],
  ['format', { min: 1, max: 1, fn: ([a]) => formulaText(a ?? null) }],
  [
    'contains',
    {
      min: 2,
      max: 2,
      fn: ([a, b]) =>
        formulaText(a ?? null)
          .toLowerCase()
          .includes(formulaText(b ?? null).toLowerCase()),
    },
  ],
  [
    'replace',
    {
      min: 3,
      max: 3,
      fn: ([a, b, c]) => {
        const from = formulaText(b ?? null);
        const text = formulaText(a ?? null);
        if (from === '') return text;
        return checkedText(text.split(from).join(formulaText(c ?? null)));
      },
    },
  ],
  [
    'slice',
    {
      min: 2,
      max: 3,
      fn: ([a, s, e]) => {
        const start = strictNum(s ?? null, 'slice');
        const end = e === undefined ? undefined : strictNum(e, 'slice');
        if (isFormulaError(start)) return start;
        if (isFormulaError(end)) return end;
        return formulaText(a ?? null).slice(start, end);
      },
    },
  ],
  [
    'tonumber',
    {
      min: 1,
      max: 1,
      fn: ([a]) => {
        const n = toNum(a ?? null);
        return isFormulaError(n) ? n : finite(n);
      },
    },
  ],
  [
    'round',
    {
      min: 1,
      max: 2,
      fn: ([a, d]) => {
        const n = strictNum(a ?? null, 'round');
        const digits = d === undefined ? 0 : strictNum(d, 'round');
        if (isFormulaError(n)) return n;
        if (isFormulaError(digits)) return digits;
        if (!Number.isInteger(digits) || digits < 0 || digits > 10)
          return fail('round() takes 0 to 10 digits');
        const f = 10 ** digits;
        return finite(Math.round(n * f) / f);
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
      fn: ([a]) => {
        const n = strictNum(a ?? null, 'sqrt');
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
      fn: ([a, b]) => {
        const x = strictNum(a ?? null, 'pow');
        const y = strictNum(b ?? null, 'pow');
        if (isFormulaError(x)) return x;
        if (isFormulaError(y)) return y;
        return finite(x ** y);
      },
    },
  ],
  ...(['min', 'max', 'sum'] as const).map((name): [string, FnDef] => [
    name,
    {
      min: 1,
      max: 50,
      fn: (args) => {
        const nums: number[] = [];
        for (const a of args) {
          if (a === null || a === '') continue;
          const n = strictNum(a, name);
          if (isFormulaError(n)) return n;
          nums.push(n);
        }
        if (name === 'sum') return finite(nums.reduce((s, n) => s + n, 0));
        if (nums.length === 0) return null;
        return name === 'min' ? Math.min(...nums) : Math.max(...nums);
      },
    },
  ]),
  ['now', { min: 0, max: 0, fn: (_a, ctx) => (ctx.now ?? new Date()).toISOString() }],
  ['today', { min: 0, max: 0, fn: (_a, ctx) => isoDay(ctx.now ?? new Date()) }],
  ...(['dateadd', 'datesubtract'] as const).map((name): [string, FnDef] => [
    name,
    {
      min: 3,
      max: 3,
      fn: ([d, n, u]) => {
        const date = toDate(d ?? null);
        const amount = strictNum(n ?? null, name);
        if (isFormulaError(date)) return date;
        if (isFormulaError(amount)) return amount;
        const out = addUnits(date, name === 'dateadd' ? amount : -amount, formulaText(u ?? null));
        return isFormulaError(out) ? out : isoDay(out);
      },
    },
  ]),
  [
    'datebetween',
    {
      min: 3,
      max: 3,
      fn: ([a, b, u]) => {
        const x = toDate(a ?? null);
        const y = toDate(b ?? null);
        if (isFormulaError(x)) return x;
        if (isFormulaError(y)) return y;
        return between(x, y, formulaText(u ?? null));
      },
    },
  ],
  [
    'formatdate',
    {
      min: 2,
      max: 2,
      fn: ([d, p]) => {
        const date = toDate(d ?? null);
        if (isFormulaError(date)) return date;
        const iso = isoDay(date);
        return formulaText(p ?? null)
          .replace(/YYYY/g, iso.slice(0, 4))
          .replace(/MM/g, iso.slice(5, 7))
          .replace(/DD/g, iso.slice(8, 10));
      },
    },
  ],
  ...(['year', 'month', 'day'] as const).map((name, i): [string, FnDef] => [
    name,
    {
      min: 1,
      max: 1,
      fn: ([d]) => {
        const date = toDate(d ?? null);
        if (isFormulaError(date)) return date;
        return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()][i] as number;
      },
    },
  ]),
]);

/** The functions of the language, for the editor's help. */
export const FORMULA_FUNCTIONS = ['if', ...FUNCTIONS.keys()];

// ---- Evaluation -------------------------------------------------------------------------------

function compare(op: string, a: Scalar, b: Scalar): boolean {
  const an = typeof a === 'number' ? a : typeof a === 'string' && NUMERIC.test(a) ? Number(a) : null;
  const bn = typeof b === 'number' ? b : typeof b === 'string' && NUMERIC.test(b) ? Number(b) : null;
  const bothNumbers = an !== null && bn !== null && (typeof a === 'number' || typeof b === 'number');
  if (op === '==' || op === '!=') {
    const equal = bothNumbers
      ? an === bn
      : typeof a === typeof b
        ? a === b
        : formulaText(a) === formulaText(b);
    return op === '==' ? equal : !equal;
  }
  const [x, y] = bothNumbers ? [an, bn] : [formulaText(a), formulaText(b)];
  if (op === '<') return (x as number | string) < (y as number | string);
  if (op === '<=') return (x as number | string) <= (y as number | string);
  if (op === '>') return (x as number | string) > (y as number | string);
  return (x as number | string) >= (y as number | string);
}

function arithmetic(op: string, a: Scalar, b: Scalar): FormulaValue {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) {
    const an = typeof a === 'string' && NUMERIC.test(a) && typeof b === 'number';
    const bn = typeof b === 'string' && NUMERIC.test(b) && typeof a === 'number';
    if (!an && !bn) return checkedText(formulaText(a) + formulaText(b));
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

function evaluate(node: FormulaAst, ctx: FormulaContext): FormulaValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'prop':
      return fromRaw(ctx.prop(node.name));
    case 'unary': {
      const v = evaluate(node.arg, ctx);
      if (isFormulaError(v)) return v;
      if (node.op === 'not') return !truthy(v);
      const n = strictNum(v, 'Minus');
      return isFormulaError(n) ? n : -n;
    }
    case 'binary': {
      const left = evaluate(node.left, ctx);
      if (isFormulaError(left)) return left;
      if (node.op === 'and' && !truthy(left)) return false;
      if (node.op === 'or' && truthy(left)) return true;
      const right = evaluate(node.right, ctx);
      if (isFormulaError(right)) return right;
      if (node.op === 'and' || node.op === 'or') return truthy(right);
      if (['==', '!=', '<', '<=', '>', '>='].includes(node.op)) return compare(node.op, left, right);
      return arithmetic(node.op, left, right);
    }
    case 'call': {
      if (node.name === 'if') {
        if (node.args.length !== 3) return fail('if() takes 3 arguments');
        const cond = evaluate(node.args[0] as FormulaAst, ctx);
        if (isFormulaError(cond)) return cond;
        return evaluate((truthy(cond) ? node.args[1] : node.args[2]) as FormulaAst, ctx);
      }
      const def = FUNCTIONS.get(node.name);
      if (!def) return fail(`Unknown function '${node.name}'`);
      if (node.args.length < def.min || node.args.length > def.max) {
        return fail(
          `${node.name}() takes ${def.min === def.max ? def.min : `${def.min} to ${def.max}`} arguments`,
        );
      }
      const args: Scalar[] = [];
      for (const a of node.args) {
        const v = evaluate(a, ctx);
        if (isFormulaError(v)) return v;
        args.push(v);
      }
      return def.fn(args, ctx);
    }
  }
}

/** Evaluates a formula for one record; never throws. */
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
    return evaluate(ast, ctx);
  } catch {
    return fail('The formula cannot be computed');
  }
}

/** How a result is stored in a cell: the scalar, or '#ERROR: <reason>' for an error value. */
export function formulaValueToCell(v: FormulaValue): string | number | boolean | null {
  if (isFormulaError(v)) return `#ERROR: ${v.error}`;
  return v;
}

/** The property names a formula reads (empty when it does not parse). */
export function formulaDependencies(source: string): string[] {
  const parsed = parseFormula(source);
  if (!parsed.ok) return [];
  const names = new Set<string>();
  const stack: FormulaAst[] = [parsed.ast];
  while (stack.length) {
    const n = stack.pop() as FormulaAst;
    if (n.kind === 'prop') names.add(n.name);
    else if (n.kind === 'unary') stack.push(n.arg);
    else if (n.kind === 'binary') stack.push(n.left, n.right);
    else if (n.kind === 'call') stack.push(...n.args);
  }
  return [...names];
}

/** Rewrites `prop("old")` references to a renamed property; other text stays as written. */
export function renamePropertyInFormula(source: string, oldName: string, newName: string): string {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch {
    return source;
  }
  const quoted = `"${newName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  let out = '';
  let last = 0;
  for (let i = 0; i + 3 < tokens.length; i += 1) {
    const [p, open, name, close] = [tokens[i], tokens[i + 1], tokens[i + 2], tokens[i + 3]] as Token[];
    if (
      p?.t === 'id' &&
      p.v.toLowerCase() === 'prop' &&
      open?.t === 'op' &&
      open.v === '(' &&
      name?.t === 'str' &&
      name.v === oldName &&
      close?.t === 'op' &&
      close.v === ')'
    ) {
      out += source.slice(last, name.at) + quoted;
      last = name.end;
    }
  }
  return out + source.slice(last);
}

/** Aggregates a related property's values (SPEC rollup): count, sum, average, min, max. */
export function rollup(
  values: unknown[],
  aggregate: 'count' | 'sum' | 'average' | 'min' | 'max',
): number | null {
  const raw = values.map((v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v
      ? (v as { value: unknown }).value
      : v,
  );
  const present = raw.filter(
    (v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  if (aggregate === 'count') return present.length;
  const nums = present
    .map((v) =>
      typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v) ? Number(v) : Number.NaN,
    )
    .filter((n) => Number.isFinite(n));
  if (aggregate === 'sum') return nums.reduce((s, n) => s + n, 0);
  if (nums.length === 0) return null;
  if (aggregate === 'average') return nums.reduce((s, n) => s + n, 0) / nums.length;
  return aggregate === 'min' ? Math.min(...nums) : Math.max(...nums);
}
