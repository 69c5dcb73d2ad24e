import { describe, expect, it } from 'vitest';
import { editorText, textOf, valueOfText } from './text-value';

describe('valueOfText', () => {
  it.each([
    ['number', '3,5', { value: 3.5 }],
    ['number', '', { value: null }],
    ['number', 'x', { error: 'number' }],
    ['url', 'https://a.de', { value: 'https://a.de' }],
    ['url', 'ftp://a.de', { error: 'url' }],
    ['url', '  ', { value: null }],
    ['text', 'a\nb ', { value: 'a\nb ' }],
    ['title', '', { value: '' }],
    ['email', ' A@B.de ', { value: 'A@B.de' }],
    ['email', 'kein-mail', { error: 'email' }],
    ['email', 'a@b', { error: 'email' }],
    ['email', ' ', { value: null }],
    ['phone', '+49 (89) 123-45/6', { value: '+49 (89) 123-45/6' }],
    ['phone', 'abc-def', { error: 'phone' }],
    ['phone', '12', { error: 'phone' }],
  ] as const)('%s %j -> %j', (type, text, expected) => {
    expect(valueOfText(type, text, 'de')).toEqual(expected);
  });

  it.each([
    ['de', '1.234,5', 1234.5],
    ['de', '1.234', 1234],
    ['en', '1,234.5', 1234.5],
    ['en', '1,234', 1234],
    ['en', '1.234', 1.234],
    ['es', '1,234.5', 1234.5],
  ] as const)('reads a %s number %j in the UI language as %d', (lang, text, value) => {
    expect(valueOfText('number', text, lang)).toEqual({ value });
  });
});

describe('editorText', () => {
  it('starts a number in the UI language, read back as the same number', () => {
    expect(editorText('number', 1.234, 'de')).toBe('1,234');
    expect(editorText('number', 1234.5, 'de')).toBe('1234,5');
    expect(editorText('number', 1.234, 'en')).toBe('1.234');
    expect(editorText('number', null, 'de')).toBe('');
    for (const lang of ['de', 'en', 'es'] as const) {
      for (const value of [1.234, 1234, 1234.5, 0.000001, -7.25]) {
        expect(valueOfText('number', editorText('number', value, lang), lang)).toEqual({ value });
      }
    }
  });

  it('starts other types with their text', () => {
    expect(editorText('text', 'a', 'de')).toBe('a');
    expect(editorText('phone', '+49 1', 'de')).toBe('+49 1');
  });
});

describe('textOf', () => {
  it('shows numbers and empties as text', () => {
    expect(textOf(4.5)).toBe('4.5');
    expect(textOf(null)).toBe('');
  });
});
