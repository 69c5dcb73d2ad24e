import { describe, expect, it } from 'vitest';
import { evaluateFormula, isFormulaError } from './formula';
import { displayFormulaCell, isFormulaMessage, translateFormulaMessage } from './formula-messages';

const ctx = { prop: (name: string) => (name === 'Text' ? 'abc' : null) };
const errorOf = (src: string) => {
  const v = evaluateFormula(src, ctx);
  if (!isFormulaError(v)) throw new Error(`${src} gave no error`);
  return v.error;
};

/** A formula for each message the parser and the evaluator give (see formula.ts). */
const FAILING = [
  '1e999',
  '"abc',
  '1 # 2',
  '(1 + 2',
  'max(1 2)',
  '1 2',
  'foo',
  'prop(1)',
  '1 +',
  ')',
  '',
  'x'.repeat(3000),
  'prop("Text") * 2',
  'abs("x")',
  'pow(10, 400)',
  'dateAdd("2026-01-01", 1, "fortnights")',
  'dateAdd("2026-01-01", 1.5, "days")',
  'dateAdd("2026-01-01", 99999999, "days")',
  'dateAdd("abc", 1, "days")',
  'round(1, 20)',
  'sqrt(-1)',
  'abs()',
  'max()',
  'if(1)',
  'slice("a", 1, 2, 3)',
  '1 / 0',
  'nope(1)',
  `${'('.repeat(300)}1${')'.repeat(300)}`,
];
/** Messages no short formula reaches (a huge formula, a broken clock, a hand-built tree). */
const UNREACHED = [
  'Formula is too long',
  'The current date is invalid',
  'The formula cannot be computed',
  'The formula cannot be read',
  'The text is too long (more than 10000 characters)',
];

describe('formula messages', () => {
  it('translates every message of the parser and the evaluator into German and Spanish', () => {
    const messages = [...FAILING.map(errorOf), ...UNREACHED];
    for (const message of messages) {
      expect(isFormulaMessage(message), message).toBe(true);
      for (const lang of ['de', 'es'] as const) {
        const translated = translateFormulaMessage(message, lang);
        expect(translated, `${lang}: ${message}`).not.toBe(message);
        expect(translated).not.toMatch(/undefined/);
      }
      expect(translateFormulaMessage(message, 'en')).toBe(message);
    }
  });

  it('keeps the details of a message', () => {
    expect(translateFormulaMessage(errorOf('1 # 2'), 'de')).toBe("Unerwartetes Zeichen '#'");
    expect(translateFormulaMessage(errorOf('foo'), 'es')).toBe('Nombre desconocido \'foo\': use prop("foo")');
    expect(translateFormulaMessage(errorOf('prop("Text") * 2'), 'de')).toBe("'abc' ist keine Zahl");
    expect(translateFormulaMessage(errorOf('abs()'), 'de')).toBe('abs() erwartet 1 Argument');
    expect(translateFormulaMessage(errorOf('max()'), 'es')).toBe('max() admite al menos 1 argumento');
    expect(translateFormulaMessage(errorOf('slice("a", 1, 2, 3)'), 'de')).toBe(
      'slice() erwartet 2 bis 3 Argumente',
    );
    expect(translateFormulaMessage(errorOf('if(1)'), 'es')).toBe('if() admite 3 argumentos');
  });

  it('leaves other text alone', () => {
    expect(isFormulaMessage('Hello')).toBe(false);
    expect(translateFormulaMessage('Hello', 'de')).toBe('Hello');
  });

  it('shows a stored error cell in the reader language, and other values as they are', () => {
    expect(displayFormulaCell('#ERROR: Division by zero', 'de')).toBe('#FEHLER: Division durch null');
    expect(displayFormulaCell('#ERROR: Division by zero', 'es')).toBe('#ERROR: División por cero');
    expect(displayFormulaCell('#ERROR: Division by zero', 'en')).toBe('#ERROR: Division by zero');
    expect(displayFormulaCell('⚠ überfällig', 'de')).toBe('⚠ überfällig');
  });
});
