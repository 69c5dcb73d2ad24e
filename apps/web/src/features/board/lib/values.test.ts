import type { Column, Task } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import {
  asItems,
  checkboxValue,
  coverImage,
  displayText,
  isChecked,
  isHttpUrl,
  numberFilterText,
  numberFilterValue,
  numberInputText,
  parseNumberInput,
  sameValue,
} from './values';

const column = (dataType: Column['dataType'], extra: Partial<Column> = {}): Column => ({
  id: 'c',
  label: 'c',
  accessor: 'c',
  dataType,
  icon: '',
  position: 1,
  ...extra,
});

describe("parseNumberInput reads the UI language's pattern (SPEC §9)", () => {
  it.each([
    ['de', '', null],
    ['de', '  ', null],
    ['de', '42', 42],
    ['de', '1.234,5', 1234.5],
    ['de', '1.234', 1234],
    ['de', '1234,5', 1234.5],
    ['de', '3,5', 3.5],
    ['de', '-3,5', -3.5],
    ['de', '1.000.000', 1_000_000],
    ['de', '1 000', 1000],
    // A lone `.` that cannot group thousands is the decimal point meant.
    ['de', '9.6', 9.6],
    // A decimal mark at either end, as typed on the way to a number.
    ['de', '12,', 12],
    ['de', ',5', 0.5],
    ['de', '-,5', -0.5],
    ['de', '1,234.5', undefined],
    ['de', '1.2.3', undefined],
    ['de', ',', undefined],
    ['de', '-', undefined],
    ['de', 'abc', undefined],
    ['en', '1,234.5', 1234.5],
    ['en', '1,234', 1234],
    ['en', '1.234', 1.234],
    ['en', '3.5', 3.5],
    ['en', '3,5', 3.5],
    ['en', '12.', 12],
    ['en', '.5', 0.5],
    ['en', '1.234,5', undefined],
    ['en', '.', undefined],
    ['es', '1,234.5', 1234.5],
    ['es', '1,234', 1234],
    ['es', '1.234', 1.234],
    ['es', '1.234,5', undefined],
  ] as const)('%s %j -> %j', (lang, text, expected) => {
    expect(parseNumberInput(text, lang)).toBe(expected);
  });
});

describe("numberInputText: the editor's text of a stored number", () => {
  it.each([
    ['de', 1234.5, '1234,5'],
    ['de', 1.234, '1,234'],
    ['de', 1234, '1234'],
    ['de', -0.5, '-0,5'],
    ['en', 1234.5, '1234.5'],
    ['en', 1.234, '1.234'],
    ['es', 1.234, '1.234'],
    ['en', 1e21, '1000000000000000000000'],
    ['de', 1.5e-7, '0,00000015'],
  ] as const)('%s %d -> %j', (lang, value, text) => {
    expect(numberInputText(value, lang)).toBe(text);
  });

  it('is read back as the very same number in every language (an editor left with Enter changes nothing)', () => {
    const values = [
      0,
      1,
      -1,
      1.234,
      1234,
      1234.5,
      12.345678,
      0.1 + 0.2,
      1 / 3,
      -2 / 3,
      999.999,
      1000.001,
      123456789.125,
      1e21,
      1.5e-7,
      -4.2e-9,
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      Number.MAX_VALUE,
    ];
    // Random doubles of every size as well.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < 500; i++) values.push((random() - 0.5) * 10 ** Math.floor(random() * 30 - 10));
    for (const lang of ['de', 'en', 'es'] as const) {
      for (const value of values) {
        expect(parseNumberInput(numberInputText(value, lang), lang), `${lang} ${value}`).toBe(value);
      }
    }
  });
});

describe('number filters: typed in the UI language, stored as the filter rule compares', () => {
  it.each([
    ['de', '1.234,5', '1234.5'],
    ['de', '1.234', '1234'],
    ['en', '1,234.5', '1234.5'],
    ['en', '1.234', '1.234'],
    ['es', '1,234', '1234'],
    ['de', '', ''],
    ['de', 'abc', undefined],
  ] as const)('%s %j is stored as %j', (lang, text, stored) => {
    expect(numberFilterValue(text, lang)).toBe(stored);
  });

  it('shows a stored number in the UI language and other text as it is', () => {
    expect(numberFilterText('1234.5', 'de')).toBe('1234,5');
    expect(numberFilterText('1234.5', 'en')).toBe('1234.5');
    expect(numberFilterText('abc', 'de')).toBe('abc');
    for (const lang of ['de', 'en', 'es'] as const) {
      expect(numberFilterValue(numberFilterText('1.234', lang), lang)).toBe('1.234');
    }
  });
});

describe('checkbox values are the strings true and false (SPEC §5)', () => {
  it('reads strings and booleans, writes strings', () => {
    expect(isChecked('true')).toBe(true);
    expect(isChecked(true)).toBe(true);
    expect(isChecked('false')).toBe(false);
    expect(checkboxValue(true)).toBe('true');
    expect(checkboxValue(false)).toBe('false');
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://x.de/a?b=1', true],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['example.com', false],
  ])('%s -> %s', (text, expected) => expect(isHttpUrl(text)).toBe(expected));
});

describe('displayText', () => {
  it('shows option labels, relation titles, people and numbers', () => {
    const select = column('select', { options: [{ value: 'a', label: 'Alpha', backgroundColor: '#fff' }] });
    expect(displayText('a', select, 'en')).toBe('Alpha');
    expect(displayText(['x', 'y'], column('relation'), 'en', { x: 'Task X' })).toBe('Task X, …');
    expect(displayText([{ value: 'u1', label: 'Eva' }], column('person'), 'en')).toBe('Eva');
    expect(displayText(1234.5, column('number'), 'de')).toBe('1.234,50');
    expect(displayText(null, column('text'), 'de')).toBe('');
    expect(displayText(1147.5, column('formula'), 'en')).toBe('1,147.50');
    expect(displayText('⚠ overdue', column('formula'), 'en')).toBe('⚠ overdue');
  });
  it("shows a formula's error in the reader's language", () => {
    const error = "#ERROR: 'abc' is not a number";
    expect(displayText(error, column('formula'), 'de')).toBe("#FEHLER: 'abc' ist keine Zahl");
    expect(displayText(error, column('formula'), 'es')).toBe("#ERROR: 'abc' no es un número");
    expect(displayText(error, column('formula'), 'en')).toBe(error);
  });
});

describe('asItems and coverImage', () => {
  it('keeps only value objects and finds the first image', () => {
    expect(asItems([{ value: 'u', label: 'L' }, 'junk', { value: 'v' }])).toEqual([
      { value: 'u', label: 'L' },
      { value: 'v', label: 'v' },
    ]);
    const files = column('files', { id: 'Files' });
    const task = {
      properties: {
        Files: {
          type: 'files',
          icon: '',
          value: [
            { value: '/api/media/1', label: 'offer.pdf' },
            { value: '/api/media/2', label: 'roof.JPG' },
          ],
        },
      },
    } as unknown as Task;
    expect(coverImage(task, [files])).toBe('/api/media/2');
  });
});

describe('sameValue', () => {
  it('treats empty values as equal and compares the rest structurally', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue([], undefined)).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
  });
});
