import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvError, detectDelimiter, fromSafeCell, parseCsv, toCsv, toSafeCell } from './csv';

describe('toCsv', () => {
  it('quotes delimiters, quotes, line breaks and edge spaces, with a BOM and CRLF', () => {
    const text = toCsv([
      ['Name', 'Notes'],
      ['a,b', 'say "hi"'],
      ['two\nlines', ' padded '],
    ]);
    expect(text).toBe(`${CSV_BOM}Name,Notes\r\n"a,b","say ""hi"""\r\n"two\nlines"," padded "\r\n`);
  });

  it('uses the semicolon when asked, leaving commas unquoted', () => {
    expect(toCsv([['1,5', 'x;y']], ';')).toBe(`${CSV_BOM}1,5;"x;y"\r\n`);
  });

  it('makes formula-like cells inert, but not negative numbers', () => {
    expect(toSafeCell('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    expect(toSafeCell('+49 89 123')).toBe(`'+49 89 123`);
    expect(toSafeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(toSafeCell('-5')).toBe('-5');
    expect(toSafeCell('-1.234,50')).toBe('-1.234,50');
    expect(toSafeCell('-cmd')).toBe(`'-cmd`);
    expect(fromSafeCell(`'=1+1`)).toBe('=1+1');
    expect(fromSafeCell(`'quoted`)).toBe(`'quoted`);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, embedded line breaks and every line end', () => {
    expect(parseCsv('a,"b,c","d ""e"""\r\n"x\ny",z,\nq')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['x\ny', 'z', ''],
      ['q'],
    ]);
    expect(parseCsv('a;b\rc;d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('drops the BOM and blank lines, and takes the apostrophe off safe cells', () => {
    expect(parseCsv(`${CSV_BOM}Name\r\n\r\n'=1+1\r\n`)).toEqual([['Name'], ['=1+1']]);
  });

  it('detects the delimiter from the first line, ignoring quoted text', () => {
    expect(detectDelimiter('"a;b;c",x,y\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('Name;Preis;Datum\n')).toBe(';');
    expect(detectDelimiter('Name\tPrice\n')).toBe('\t');
    expect(detectDelimiter('Name\n')).toBe(',');
  });

  it('refuses an unclosed quote with its line, and files over the limits', () => {
    expect(() => parseCsv('a\nb,"open\n\n')).toThrow(CsvError);
    try {
      parseCsv('a\nb,"open\n\n');
    } catch (err) {
      expect((err as CsvError).reason).toBe('unclosed_quote');
      expect((err as CsvError).line).toBe(2);
    }
    expect(() => parseCsv('a\nb\nc', { maxRows: 2 })).toThrow(/too_many_rows/);
    expect(() => parseCsv('a,b,c', { maxColumns: 2 })).toThrow(/too_many_columns/);
  });

  it('round-trips any table of text with any delimiter', () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 20 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(',' as const, ';' as const, '\t' as const),
        (rows, delimiter) => {
          // Parsing skips a record whose only cell is empty, and a lone apostrophe prefix is ours.
          const parsed = parseCsv(toCsv(rows, delimiter), { delimiter });
          const expected = rows.map((r) => r.map((c) => fromSafeCell(toSafeCell(c))));
          expect(parsed).toEqual(expected);
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});
