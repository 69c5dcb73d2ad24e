import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { keptQuery } from './board.statements';

const dialect = new PgDialect();

describe('kept board statements', () => {
  it('are the built statement’s text and parameters, a $ inside a literal or a name left alone', () => {
    const filter = "it's $1 off";
    const build = () => sql`SELECT ${sql.raw(`'${filter.replace(/'/g, "''")}'`)} AS "a$2", x FROM t
      WHERE a = ${'first'} AND b = ANY(${'{x,y}'}::text[]) AND c > ${3} LIMIT ${50}`;
    const query = dialect.sqlToQuery(build());
    const kept = keptQuery(`test ${Math.random()}`, build);
    expect([kept.sql, kept.params]).toEqual([query.sql, ['first', '{x,y}', 3, 50]]);
  });

  it('are built and written out once per key, the same text each time', () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT ${1}::int`;
    };
    const key = `test ${Math.random()}`;
    const first = keptQuery(key, build);
    expect(keptQuery(key, build).sql).toBe(first.sql);
    expect(builds).toBe(1);
    expect([first.sql, first.params]).toEqual(['SELECT $1::int', [1]]);
    expect(keptQuery(`${key} other`, () => sql`SELECT ${2}::int`).params).toEqual([2]);
  });
});
