import { QUOTE_SORT_COLUMNS, type QuoteFilters, type QuoteListQuery } from '@solar/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inline, shapedStatements } from '../../db/shaped';
import type { QuoteScope } from './quotes.scope';
import { type QuoteCursor, quotePageStatement, totalsKey } from './quotes.search';

/**
 * The search page's statement is written out once per shape and run with each request's values
 * (db/shaped.ts, decision 0023). For every shape of the page, with two sets of values, the text and
 * parameters must be exactly those of the statement built with the values in it.
 */
const dialect = new PgDialect();

const FILTER_SETS: [QuoteFilters, QuoteFilters][] = [
  [{}, {}],
  [{ search: 'Haupt_str 10%' }, { search: 'a\\b' }],
  [{ city: ['Berlin', 'Köln'] }, { city: ['"quoted", city'] }],
  // Every filter the area rows' copies answer (read from the rating index alone).
  [
    {
      buildingType: ['house'],
      status: ['open'],
      verification: ['verified'],
      costMin: 1,
      costMax: 2,
      ratingMin: 3,
    },
    {
      buildingType: ['house', 'apartment'],
      status: ['open', 'closed'],
      verification: ['pending'],
      costMin: 10,
      costMax: 2e5,
      ratingMin: 0,
    },
  ],
  [
    { roofType: ['flat'], taskStatus: ['todo'], flags: ['Smart'] },
    { roofType: ['gable', 'hip'], taskStatus: ['done'], flags: ['Smart', 'Urgent'] },
  ],
  [
    {
      search: 'x',
      city: ['A'],
      buildingType: ['house'],
      roofType: ['flat'],
      status: ['open'],
      taskStatus: ['todo'],
      verification: ['verified'],
      flags: ['Smart'],
      costMin: 0,
      costMax: 5,
      ratingMin: 1,
    },
    {
      search: 'y',
      city: ['B', 'C'],
      buildingType: ['apartment'],
      roofType: ['hip'],
      status: ['closed'],
      taskStatus: ['done'],
      verification: ['pending'],
      flags: ['Urgent'],
      costMin: 3,
      costMax: 4,
      ratingMin: 5,
    },
  ],
] as [QuoteFilters, QuoteFilters][];

const SCOPES: [QuoteScope, QuoteScope][] = [
  [{ kind: 'all' }, { kind: 'all' }],
  [
    { kind: 'city', city: 'Berlin' },
    { kind: 'city', city: 'München' },
  ],
  [
    { kind: 'company', companyId: '00000000-0000-4000-8000-000000000001' },
    { kind: 'company', companyId: '00000000-0000-4000-8000-000000000002' },
  ],
];

function cursorFor(sort: QuoteListQuery['sortColumn'], n: number): QuoteCursor {
  const value =
    sort === 'city' ? `City ${n}` : sort === 'createdAt' ? `2026-0${n}-01T00:00:00.123456+00` : n * 1.5;
  return { value, id: `00000000-0000-4000-8000-00000000000${n}` };
}

describe('the quote page statement, written out once per shape', () => {
  it('is for every shape and values exactly the statement built with its values', () => {
    const texts = shapedStatements();
    const keys = new Set<string>();
    let checked = 0;
    for (const pass of [0, 1] as const) {
      for (const scopes of SCOPES) {
        for (const filters of FILTER_SETS) {
          for (const sortColumn of QUOTE_SORT_COLUMNS) {
            for (const sortOrder of ['asc', 'desc'] as const) {
              for (const withCursor of [false, true]) {
                const page: QuoteListQuery = { page: 3 + pass, limit: 20 + pass, sortColumn, sortOrder };
                const cursor = withCursor ? cursorFor(sortColumn, pass + 1) : null;
                const statement = quotePageStatement(scopes[pass], filters[pass], page, cursor);
                keys.add(statement.key);
                const built = dialect.sqlToQuery(statement.build(inline));
                expect(texts.query(statement)).toEqual({ sql: built.sql, params: built.params });
                checked++;
              }
            }
          }
        }
      }
      // The second pass meets every shape of the first: no new text was written out.
      expect(texts.size).toBe(keys.size);
    }
    expect(checked).toBe(2 * SCOPES.length * FILTER_SETS.length * QUOTE_SORT_COLUMNS.length * 4);
  });

  it('keeps shapes apart that differ only in what the text depends on', () => {
    const company: QuoteScope = { kind: 'company', companyId: '00000000-0000-4000-8000-000000000001' };
    const page: QuoteListQuery = {
      page: 1,
      limit: 20,
      sortColumn: 'profiles.green.rating',
      sortOrder: 'desc',
    };
    // An area filter reads the area rows alone; a quote filter joins the quote: two texts.
    const onArea = quotePageStatement(company, { costMin: 1 }, page, null);
    const onQuote = quotePageStatement(company, { roofType: ['flat'] }, page, null);
    expect(onArea.key).not.toBe(onQuote.key);
    const texts = shapedStatements();
    expect(texts.query(onArea).sql).toContain('FROM quote_areas a\n');
    expect(texts.query(onQuote).sql).toContain('JOIN quotes q ON q.id = a.quote_id');
    // The same shape with another company binds the other company, wherever the text names it.
    const other = quotePageStatement(
      { ...company, companyId: '00000000-0000-4000-8000-000000000009' },
      { costMin: 1 },
      page,
      null,
    );
    expect(other.key).toBe(onArea.key);
    const params = texts.query(other).params;
    expect(params.filter((p) => p === '00000000-0000-4000-8000-000000000009')).toHaveLength(2);
    expect(params).not.toContain('00000000-0000-4000-8000-000000000001');
  });
});

describe('the totals key', () => {
  const scopes: QuoteScope[] = [
    { kind: 'all' },
    { kind: 'city', city: 'Köln' },
    { kind: 'company', companyId: '00000000-0000-4000-8000-000000000001' },
    { kind: 'company', companyId: '00000000-0000-4000-8000-000000000002' },
  ];

  it('tells apart every scope and every set of filter values, so no search is given another’s totals', () => {
    const keys = new Set<string>();
    let n = 0;
    for (const scope of scopes) {
      for (const pair of FILTER_SETS) {
        for (const filters of pair) {
          if (Object.keys(filters).length === 0) continue;
          keys.add(totalsKey(scope, filters));
          n++;
        }
      }
      keys.add(totalsKey(scope, {}));
      n++;
    }
    expect(keys.size).toBe(n);
  });

  it('is the same whatever the filters’ order and whatever does not filter (a cursor)', () => {
    const scope = scopes[2] as QuoteScope;
    const a: QuoteFilters = { status: ['NOT_ACCESSED'], costMin: 5 };
    const b = { costMin: 5, status: ['NOT_ACCESSED'], cursor: 'abc' } as QuoteFilters;
    expect(totalsKey(scope, a)).toBe(totalsKey(scope, b));
    expect(totalsKey(scope, { cursor: 'abc' } as QuoteFilters)).toBe(totalsKey(scope, {}));
    expect(totalsKey(scope, { status: ['USER_HAS_ACCESSED'], costMin: 5 })).not.toBe(totalsKey(scope, a));
  });
});
