import type { Column } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { guessMapping, importableColumns, sampleOf, withoutTrailingEmptyRows } from './csv-mapping';

const col = (
  id: string,
  dataType: Column['dataType'],
  position: number,
  extra: Partial<Column> = {},
): Column => ({
  id,
  label: id,
  accessor: id,
  dataType,
  icon: 'x',
  position,
  ...extra,
});

const columns: Record<string, Column> = {
  taskName: col('taskName', 'title', 0, { label: 'Task' }),
  Status: col('Status', 'status', 1),
  Score: col('Score', 'formula', 2),
  City: col('City', 'text', 3, { synced: true }),
  Go: col('Go', 'button', 4),
  'Due date': col('Due date', 'date', 5),
};

describe('csv mapping', () => {
  it('offers the name and writable properties only, the name first', () => {
    expect(importableColumns(columns).map((c) => c.id)).toEqual(['taskName', 'Status', 'Due date']);
  });

  it('matches headers by label or key ignoring case, each property once', () => {
    expect(guessMapping(['task', 'STATUS ', 'Score', 'due date', 'Status'], columns)).toEqual([
      'taskName',
      'Status',
      null,
      'Due date',
      null,
    ]);
  });

  it('takes the first column as the name when no header names it', () => {
    expect(guessMapping(['Title', 'Status'], columns)).toEqual(['taskName', 'Status']);
    expect(guessMapping(['Status', 'Title'], columns)).toEqual(['Status', null]);
  });

  it('shows the first non-empty value, shortened', () => {
    expect(
      sampleOf(
        [
          ['', ''],
          ['', 'b'],
          ['', 'c'],
        ],
        1,
      ),
    ).toBe('b');
    expect(sampleOf([['x'.repeat(80)]], 0)).toHaveLength(60);
    expect(sampleOf([], 0)).toBe('');
  });
});

describe('withoutTrailingEmptyRows', () => {
  it("drops the spreadsheet's empty rows at the end only", () => {
    const rows = [
      ['a', '1'],
      ['', ''],
      ['b', '2'],
      ['', ' '],
      ['', ''],
    ];
    expect(withoutTrailingEmptyRows(rows)).toEqual([
      ['a', '1'],
      ['', ''],
      ['b', '2'],
    ]);
    expect(withoutTrailingEmptyRows([['', '']])).toEqual([]);
    const full = [['a']];
    expect(withoutTrailingEmptyRows(full)).toBe(full);
  });
});
