import type { SavedSearchBody } from '@solar/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inline, shapedStatements } from '../../db/shaped';
import { projectPageStatement, WALK_MAX_PROJECTS } from './projects.repository';

/**
 * The saved-project search's page is written out once per shape and run with each request's values
 * (db/shaped.ts, decision 0023): for every shape, with two sets of values, the text and parameters
 * must be exactly those of the statement built with the values in it.
 */
const dialect = new PgDialect();

const BODIES: [SavedSearchBody, SavedSearchBody][] = [
  [{}, {}],
  [{ search: 'Benchweg 1' }, { search: '100%_sure\\' }],
  [{ stage: ['ACQUISITION'] }, { stage: ['OFFER_PROVIDED', 'PROJECT_REALIZED'] }],
  [
    { responsibleUserId: '00000000-0000-4000-8000-00000000000a' },
    { responsibleUserId: '00000000-0000-4000-8000-00000000000b' },
  ],
  [
    { search: 'a', stage: ['ACQUISITION'], city: ['Berlin'], costMin: 1, ratingMin: 2, flags: ['Smart'] },
    {
      search: 'b',
      stage: ['INSTALLER_SIGNED'],
      city: ['Köln', 'Bonn'],
      costMin: 7,
      ratingMin: 4,
      flags: ['Smart'],
    },
  ],
] as [SavedSearchBody, SavedSearchBody][];

const COMPANIES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] as const;
const SORTS = ['date', 'updatedAt', 'totalCost', 'rating', 'consumption', 'city', 'unknown'];

describe('the saved-project page statement, written out once per shape', () => {
  it('is for every shape and values exactly the statement built with its values', () => {
    const texts = shapedStatements();
    const keys = new Set<string>();
    for (const pass of [0, 1] as const) {
      for (const bodies of BODIES) {
        for (const sortColumn of SORTS) {
          for (const sortOrder of ['asc', 'desc'] as const) {
            // A small company's pages in date order walk its projects; a large one's join.
            for (const projects of [10, WALK_MAX_PROJECTS + 1]) {
              const opts = { sortColumn, sortOrder, limit: 20 + pass, offset: 40 * pass };
              const statement = projectPageStatement(COMPANIES[pass], bodies[pass], opts, projects);
              keys.add(statement.key);
              const built = dialect.sqlToQuery(statement.build(inline));
              expect(texts.query(statement)).toEqual({ sql: built.sql, params: built.params });
            }
          }
        }
      }
      expect(texts.size).toBe(keys.size);
    }
    // Walked and joined pages are different texts.
    const opts = { sortColumn: 'date', sortOrder: 'desc', limit: 20, offset: 0 } as const;
    const walked = texts.query(projectPageStatement(COMPANIES[0], {}, opts, 10)).sql;
    const joined = texts.query(projectPageStatement(COMPANIES[0], {}, opts, WALK_MAX_PROJECTS + 1)).sql;
    expect(walked).toContain('CROSS JOIN LATERAL');
    expect(joined).not.toContain('CROSS JOIN LATERAL');
  });
});
