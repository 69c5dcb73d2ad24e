import type { Column, Task } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import {
  asItems,
  checkboxValue,
  coverImage,
  displayText,
  isChecked,
  isHttpUrl,
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

describe('parseNumberInput', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['42', 42],
    ['-3.5', -3.5],
    ['3,5', 3.5],
    ['1 000', 1000],
    ['abc', undefined],
    ['1.2.3', undefined],
  ] as const)('%j -> %j', (text, expected) => {
    expect(parseNumberInput(text)).toBe(expected);
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
