import { type Column, PASTE_MAX_CELLS, PASTE_MAX_RECORDS } from '@solar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clipboardText,
  copiedText,
  keyLabel,
  parseClipboardText,
  pasteCellsOf,
  planFillDown,
  planPaste,
} from './clipboard';
import { makeColumn, makeTask } from './test-fixtures';

describe('parseClipboardText', () => {
  it('reads what spreadsheets put on the clipboard', () => {
    // Excel: CRLF line ends and one after the last row; a cell with a line break is quoted.
    expect(parseClipboardText('a\tb\r\n"two\r\nlines"\t"say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['two\r\nlines', 'say "hi"'],
    ]);
    // An empty line in a column is an empty cell, not a skipped one.
    expect(parseClipboardText('1\n\n3')).toEqual([['1'], [''], ['3']]);
    expect(parseClipboardText('x\t\t')).toEqual([['x', '', '']]);
    expect(parseClipboardText('')).toEqual([]);
  });

  it('keeps quotes that do not wrap a whole field as text', () => {
    expect(parseClipboardText('"Sonnen" GmbH')).toEqual([['"Sonnen" GmbH']]);
    expect(parseClipboardText('5" panel\tx')).toEqual([['5" panel', 'x']]);
    expect(parseClipboardText('"open')).toEqual([['"open']]);
  });

  it('reads back every block it writes', () => {
    const field = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\t', '\n', '\r', 'ß') });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) =>
            fc.array(fc.array(field, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 4 }),
          ),
        (rows) => {
          // A block of one empty field is an empty clipboard; every other block comes back whole.
          fc.pre(!(rows.length === 1 && rows[0]?.length === 1 && rows[0][0] === ''));
          // A last row of one empty field written as '' is the trailing line end spreadsheets add.
          fc.pre(!(rows.length > 1 && rows.at(-1)?.length === 1 && rows.at(-1)?.[0] === ''));
          expect(parseClipboardText(clipboardText(rows))).toEqual(rows);
        },
      ),
    );
  });
});

describe('copiedText', () => {
  it('writes the shown cells as people read them, in the language of the reader', () => {
    const status = makeColumn('Status', 'status', {
      options: [{ value: 'done', label: 'Erledigt', backgroundColor: '#fff' }],
    });
    const hours = makeColumn('Hours', 'number');
    const done = makeColumn('Done', 'checkbox');
    const title = makeColumn('taskName', 'title');
    const task = makeTask({ Status: 'done', Hours: 2.5, Done: 'true' }, { taskName: 'Rails\tand "bolts"' });
    expect(copiedText([task], [title, status, hours, done], 'de', {})).toBe(
      '"Rails\tand ""bolts"""\tErledigt\t2,5\tja',
    );
    expect(copiedText([task], [hours, done], 'en', {})).toBe('2.5\tyes');
  });
});

// The name, a text, a computed column and a number; three records.
const columns = [
  makeColumn('taskName', 'title'),
  makeColumn('Notes', 'text'),
  makeColumn('Cost', 'formula'),
  makeColumn('Hours', 'number'),
];
const rows = [makeTask(), makeTask(), makeTask()];

describe('planPaste', () => {
  const none = new Set<string>();

  it('puts a block right and down from the active cell, skipping computed columns', () => {
    const plan = planPaste(
      [
        ['a', 'x', '1'],
        ['b', 'y', '2'],
      ],
      { row: 1, col: 1 },
      rows,
      columns,
      none,
    );
    expect(plan.cells).toEqual([
      { id: rows[1]?._id, key: 'Notes', text: 'a' },
      { id: rows[1]?._id, key: 'Hours', text: '1' },
      { id: rows[2]?._id, key: 'Notes', text: 'b' },
      { id: rows[2]?._id, key: 'Hours', text: '2' },
    ]);
    expect(plan.readOnly).toBe(2);
    expect(plan.leftOut).toBe(0);
  });

  it('counts fields that have no cell below the loaded records or right of the last column', () => {
    const plan = planPaste([['1', 'extra'], ['2'], ['3']], { row: 1, col: 3 }, rows, columns, none);
    expect(plan.cells.map((c) => c.text)).toEqual(['1', '2']);
    expect(plan.leftOut).toBe(2);
  });

  it('fills the active column of every selected record with a single value', () => {
    const selected = new Set([rows[0]?._id as string, rows[2]?._id as string]);
    const plan = planPaste([['7']], { row: 1, col: 3 }, rows, columns, selected);
    expect(plan.cells).toEqual([
      { id: rows[0]?._id, key: 'Hours', text: '7' },
      { id: rows[2]?._id, key: 'Hours', text: '7' },
    ]);
    // One selected record: the value goes to the active cell only.
    const one = planPaste([['7']], { row: 1, col: 3 }, rows, columns, new Set([rows[0]?._id as string]));
    expect(one.cells).toEqual([{ id: rows[1]?._id, key: 'Hours', text: '7' }]);
  });

  it("stops at the server's limits of a paste and counts the rest as left out", () => {
    const many = Array.from({ length: PASTE_MAX_RECORDS + 3 }, () => makeTask());
    // A column: one cell a record, so the records run out first.
    const column = planPaste(
      many.map(() => ['v']),
      { row: 0, col: 1 },
      many,
      columns,
      none,
    );
    expect(column.cells).toHaveLength(PASTE_MAX_RECORDS);
    expect(column.leftOut).toBe(3);
    // Wide rows: the cells run out first.
    const wide = [
      makeColumn('taskName', 'title'),
      ...Array.from({ length: 10 }, (_, i) => makeColumn(`P${i}`, 'text')),
    ];
    const block = many.map(() => Array.from({ length: 10 }, () => 'v'));
    const plan = planPaste(block, { row: 0, col: 1 }, many, wide, none);
    expect(plan.cells).toHaveLength(PASTE_MAX_CELLS);
    expect(plan.leftOut).toBe(10 * many.length - PASTE_MAX_CELLS);
  });
});

describe('planPaste into a range', () => {
  const range = { top: 0, bottom: 1, left: 1, right: 3 };

  it('fills every writable cell of the range with a single value, ahead of selected records', () => {
    const selected = new Set(rows.map((r) => r._id));
    const plan = planPaste([['x']], { row: 1, col: 3 }, rows, columns, selected, range);
    expect(plan.cells).toEqual([
      { id: rows[0]?._id, key: 'Notes', text: 'x' },
      { id: rows[0]?._id, key: 'Hours', text: 'x' },
      { id: rows[1]?._id, key: 'Notes', text: 'x' },
      { id: rows[1]?._id, key: 'Hours', text: 'x' },
    ]);
    expect(plan.readOnly).toBe(2);
  });

  it("puts a block at the range's first cell, wherever the cursor ended", () => {
    const plan = planPaste([['a'], ['b']], { row: 1, col: 3 }, rows, columns, new Set(), range);
    expect(plan.cells).toEqual([
      { id: rows[0]?._id, key: 'Notes', text: 'a' },
      { id: rows[1]?._id, key: 'Notes', text: 'b' },
    ]);
  });
});

describe('pasteCellsOf: pasted numbers in the UI language', () => {
  const columns = [makeColumn('Aufwand (h)', 'number'), makeColumn('Notiz', 'text')];
  const cell = (key: string, text: string) => ({ id: 'r1', key, text });

  it.each([
    ['de', '1.234,5', 1234.5],
    ['de', '1.234', 1234],
    ['de', '3,5', 3.5],
    ['en', '1,234.5', 1234.5],
    ['en', '1,234', 1234],
    ['en', '1.234', 1.234],
    ['es', '1,234', 1234],
    ['de', '', null],
  ] as const)('%s %j goes as the value %j', (lang, text, value) => {
    expect(pasteCellsOf([cell('Aufwand (h)', text)], columns, lang)).toEqual([
      { id: 'r1', key: 'Aufwand (h)', value },
    ]);
  });

  it('reads what the board copies back as the same number', () => {
    for (const lang of ['de', 'en', 'es'] as const) {
      for (const value of [1.234, 1234, 1234.5, -0.25]) {
        const text = copiedText([makeTask({ 'Aufwand (h)': value })], [columns[0] as Column], lang, {});
        expect(pasteCellsOf([cell('Aufwand (h)', text)], columns, lang)[0]).toMatchObject({ value });
      }
    }
  });

  it('leaves text cells, and number text the language does not read, to the server', () => {
    const cells = [cell('Notiz', '1.234'), cell('Aufwand (h)', '1,234.5'), cell('Aufwand (h)', 'viel')];
    expect(pasteCellsOf(cells, columns, 'de')).toEqual(cells);
  });
});

describe('planFillDown', () => {
  const filled = [
    makeTask({ Notes: 'first', Hours: 3 }, { taskName: 'Top' }),
    makeTask({ Notes: 'second' }),
    makeTask(),
  ];

  it("copies the range's first row into the rows below it, computed columns skipped", () => {
    const plan = planFillDown({ row: 2, col: 3 }, { top: 0, bottom: 2, left: 1, right: 3 }, filled, columns);
    expect(plan.cells).toEqual([
      { id: filled[1]?._id, key: 'Notes', value: 'first' },
      { id: filled[2]?._id, key: 'Notes', value: 'first' },
      { id: filled[1]?._id, key: 'Hours', value: 3 },
      { id: filled[2]?._id, key: 'Hours', value: 3 },
    ]);
    expect(plan.readOnly).toBe(1);
  });

  it('copies the cell above into the active cell without a range, and nothing from the first row', () => {
    expect(planFillDown({ row: 2, col: 1 }, null, filled, columns).cells).toEqual([
      { id: filled[2]?._id, key: 'Notes', value: 'second' },
    ]);
    expect(planFillDown({ row: 1, col: 0 }, null, filled, columns).cells).toEqual([
      { id: filled[1]?._id, key: 'taskName', value: 'Top' },
    ]);
    expect(planFillDown({ row: 0, col: 1 }, null, filled, columns).cells).toEqual([]);
    // An empty cell above empties the cell.
    expect(planFillDown({ row: 2, col: 3 }, null, filled, columns).cells).toEqual([
      { id: filled[2]?._id, key: 'Hours', value: null },
    ]);
  });
});

describe('keyLabel', () => {
  it('names the command key on Apple systems and leaves the others', () => {
    expect(keyLabel('Strg+C', true)).toBe('⌘C');
    expect(keyLabel('Ctrl+D', true)).toBe('⌘D');
    expect(keyLabel('Umschalt+Eingabe', true)).toBe('Umschalt+Eingabe');
    expect(keyLabel('Strg+C', false)).toBe('Strg+C');
    expect(keyLabel('Alt+↑', true)).toBe('⌥↑');
    expect(keyLabel('Alt+↓', false)).toBe('Alt+↓');
  });
});
