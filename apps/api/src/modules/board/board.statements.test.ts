import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fromQuery, keptStatement } from './board.statements';

const dialect = new PgDialect();

describe('kept statements', () => {
  it('give back the same text and parameters, a $ inside a literal or a name left alone', () => {
    const filter = "it's $1 off";
    const built = sql`SELECT ${sql.raw(`'${filter.replace(/'/g, "''")}'`)} AS "a$2", x FROM t
      WHERE a = ${'first'} AND b = ANY(${'{x,y}'}::text[]) AND c > ${3} LIMIT ${50}`;
    const query = dialect.sqlToQuery(built);
    expect(query.params).toEqual(['first', '{x,y}', 3, 50]);
    const cut = fromQuery(query.sql, query.params);
    if (!cut) throw new Error('the statement could not be cut');
    const again = dialect.sqlToQuery(cut);
    expect([again.sql, again.params]).toEqual([query.sql, query.params]);
  });

  it('builds once per key', () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT ${1}::int`;
    };
    const key = `test ${Math.random()}`;
    const first = keptStatement(key, build);
    expect(keptStatement(key, build)).toBe(first);
    expect(builds).toBe(1);
    const query = dialect.sqlToQuery(first);
    expect([query.sql, query.params]).toEqual(['SELECT $1::int', [1]]);
  });

  it('keeps no statement whose placeholders are out of order or whose quote is left open', () => {
    expect(fromQuery('SELECT $2, $1', [1, 2])).toBeNull();
    expect(fromQuery("SELECT 'open $1", [1])).toBeNull();
    let builds = 0;
    const build = () => {
      builds += 1;
      return sql`SELECT ${sql.raw("'it''s'")}, ${1}`;
    };
    const key = `test ${Math.random()}`;
    keptStatement(key, build);
    keptStatement(key, build);
    expect(builds).toBe(1);
  });
});
