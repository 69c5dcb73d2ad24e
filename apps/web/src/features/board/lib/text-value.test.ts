import { describe, expect, it } from 'vitest';
import { textOf, valueOfText } from './text-value';

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
    expect(valueOfText(type, text)).toEqual(expected);
  });
});

describe('textOf', () => {
  it('shows numbers and empties as text', () => {
    expect(textOf(4.5)).toBe('4.5');
    expect(textOf(null)).toBe('');
  });
});
