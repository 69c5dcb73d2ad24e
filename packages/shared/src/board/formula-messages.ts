import type { Language } from '../enums';

/**
 * The formula language's messages in the reader's language. The evaluator writes its reasons in
 * English (they are stored in cells as '#ERROR: <reason>', exported and compared by the API's
 * tests); the web and the API show them translated through this table, which recognises each
 * English message and renders it in German or Spanish with the same details.
 */
interface Translated {
  pattern: RegExp;
  de: (...groups: string[]) => string;
  es: (...groups: string[]) => string;
}

/** "N", "at least N" or "N to M" arguments, as `arityError` writes them. */
function argumentCount(count: string, lang: 'de' | 'es'): string {
  const least = /^at least (\d+)$/.exec(count);
  const range = /^(\d+) to (\d+)$/.exec(count);
  if (lang === 'de') {
    if (least) return `mindestens ${least[1]} ${least[1] === '1' ? 'Argument' : 'Argumente'}`;
    if (range) return `${range[1]} bis ${range[2]} Argumente`;
    return `${count} ${count === '1' ? 'Argument' : 'Argumente'}`;
  }
  if (least) return `al menos ${least[1]} ${least[1] === '1' ? 'argumento' : 'argumentos'}`;
  if (range) return `de ${range[1]} a ${range[2]} argumentos`;
  return `${count} ${count === '1' ? 'argumento' : 'argumentos'}`;
}

const MESSAGES: readonly Translated[] = [
  {
    pattern: /^The number is too large$/,
    de: () => 'Die Zahl ist zu groß',
    es: () => 'El número es demasiado grande',
  },
  {
    pattern: /^Unclosed text$/,
    de: () => 'Ein Text ist nicht geschlossen (Anführungszeichen fehlt)',
    es: () => 'Falta cerrar un texto (comillas)',
  },
  {
    pattern: /^Unexpected character '(.*)'$/s,
    de: (c) => `Unerwartetes Zeichen '${c}'`,
    es: (c) => `Carácter inesperado '${c}'`,
  },
  {
    pattern: /^Formula is too long$/,
    de: () => 'Die Formel ist zu lang',
    es: () => 'La fórmula es demasiado larga',
  },
  {
    pattern: /^Formula is nested too deeply$/,
    de: () => 'Die Formel ist zu tief verschachtelt',
    es: () => 'La fórmula está demasiado anidada',
  },
  {
    pattern: /^Expected '(.+)' before the end$/,
    de: (op) => `'${op}' fehlt vor dem Ende`,
    es: (op) => `Falta '${op}' antes del final`,
  },
  { pattern: /^Expected '(.+)'$/, de: (op) => `'${op}' erwartet`, es: (op) => `Se esperaba '${op}'` },
  {
    pattern: /^Unexpected text after the formula$/,
    de: () => 'Unerwarteter Text nach der Formel',
    es: () => 'Texto inesperado después de la fórmula',
  },
  {
    pattern: /^Unknown name '(.+)': use prop\("(.+)"\)$/,
    de: (n) => `Unbekannter Name '${n}': prop("${n}") verwenden`,
    es: (n) => `Nombre desconocido '${n}': use prop("${n}")`,
  },
  {
    pattern: /^prop\(\) takes one property name in quotes$/,
    de: () => 'prop() erwartet einen Eigenschaftsnamen in Anführungszeichen',
    es: () => 'prop() espera el nombre de una propiedad entre comillas',
  },
  {
    pattern: /^The formula ends too early$/,
    de: () => 'Die Formel endet zu früh',
    es: () => 'La fórmula termina antes de tiempo',
  },
  { pattern: /^Unexpected '(.*)'$/, de: (x) => `Unerwartetes '${x}'`, es: (x) => `'${x}' inesperado` },
  { pattern: /^The formula is empty$/, de: () => 'Die Formel ist leer', es: () => 'La fórmula está vacía' },
  {
    pattern: /^A formula has at most (\d+) characters$/,
    de: (n) => `Eine Formel hat höchstens ${n} Zeichen`,
    es: (n) => `Una fórmula tiene como máximo ${n} caracteres`,
  },
  {
    pattern: /^The formula cannot be read$/,
    de: () => 'Die Formel ist nicht lesbar',
    es: () => 'La fórmula no se puede leer',
  },
  { pattern: /^(.+) is not a number$/s, de: (v) => `${v} ist keine Zahl`, es: (v) => `${v} no es un número` },
  {
    pattern: /^(\w+)\(\) needs a number$/,
    de: (f) => `${f}() braucht eine Zahl`,
    es: (f) => `${f}() necesita un número`,
  },
  {
    pattern: /^The text is too long \(more than (\d+) characters\)$/,
    de: (n) => `Der Text ist zu lang (mehr als ${n} Zeichen)`,
    es: (n) => `El texto es demasiado largo (más de ${n} caracteres)`,
  },
  {
    pattern: /^The result is not a finite number$/,
    de: () => 'Das Ergebnis ist keine endliche Zahl',
    es: () => 'El resultado no es un número finito',
  },
  {
    pattern: /^The date is out of range$/,
    de: () => 'Das Datum liegt außerhalb des gültigen Bereichs',
    es: () => 'La fecha está fuera de rango',
  },
  {
    pattern: /^(.+) is not a date \(YYYY-MM-DD\)$/s,
    de: (v) => `${v} ist kein Datum (JJJJ-MM-TT)`,
    es: (v) => `${v} no es una fecha (AAAA-MM-DD)`,
  },
  {
    pattern: /^Unknown unit (.+): use days, weeks, months or years$/s,
    de: (u) => `Unbekannte Einheit ${u}: days, weeks, months oder years verwenden`,
    es: (u) => `Unidad desconocida ${u}: use days, weeks, months o years`,
  },
  {
    pattern: /^Dates move by whole units$/,
    de: () => 'Ein Datum verschiebt sich nur um ganze Einheiten',
    es: () => 'Las fechas se desplazan solo en unidades enteras',
  },
  {
    pattern: /^The current date is invalid$/,
    de: () => 'Das aktuelle Datum ist ungültig',
    es: () => 'La fecha actual no es válida',
  },
  {
    pattern: /^round\(\) takes 0 to 10 digits$/,
    de: () => 'round() rundet auf 0 bis 10 Stellen',
    es: () => 'round() redondea a entre 0 y 10 decimales',
  },
  {
    pattern: /^sqrt\(\) of a negative number$/,
    de: () => 'sqrt() einer negativen Zahl',
    es: () => 'sqrt() de un número negativo',
  },
  {
    pattern: /^(\w+)\(\) takes (.+) arguments?$/,
    de: (f, count) => `${f}() erwartet ${argumentCount(count ?? '', 'de')}`,
    es: (f, count) => `${f}() admite ${argumentCount(count ?? '', 'es')}`,
  },
  { pattern: /^Division by zero$/, de: () => 'Division durch null', es: () => 'División por cero' },
  {
    pattern: /^Unknown function '(.+)'$/,
    de: (f) => `Unbekannte Funktion '${f}'`,
    es: (f) => `Función desconocida '${f}'`,
  },
  {
    pattern: /^The formula cannot be computed$/,
    de: () => 'Die Formel kann nicht berechnet werden',
    es: () => 'La fórmula no se puede calcular',
  },
];

/**
 * A message of the formula language (a parse error or an evaluation error's reason) in `lang`;
 * English, or a text that is not one of its messages, comes back as it is.
 */
export function translateFormulaMessage(message: string, lang: Language): string {
  if (lang === 'en') return message;
  for (const m of MESSAGES) {
    const found = m.pattern.exec(message);
    if (found) return m[lang](...found.slice(1).map((g) => g ?? ''));
  }
  return message;
}

/** Whether a text is one of the formula language's messages (tests: every message is translated). */
export const isFormulaMessage = (message: string): boolean => MESSAGES.some((m) => m.pattern.test(message));

const ERROR_PREFIX = '#ERROR: ';
const ERROR_WORD: Record<Language, string> = { en: '#ERROR', de: '#FEHLER', es: '#ERROR' };

/**
 * A formula cell's stored value as the reader sees it: '#ERROR: Division by zero' becomes
 * '#FEHLER: Division durch null' in German; anything else is returned unchanged.
 */
export function displayFormulaCell(value: string, lang: Language): string {
  if (!value.startsWith(ERROR_PREFIX)) return value;
  return `${ERROR_WORD[lang]}: ${translateFormulaMessage(value.slice(ERROR_PREFIX.length), lang)}`;
}
