import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BYTES_SUFFIX, bytesOf, receiveMarkedColumnsAsBytes } from './pg-bytes';

const serverUrl = process.env.TEST_DATABASE_URL;
const TEXT = 'Grüße, Straße {"a":1} – 東京 \u{1F31E}';

describe('a text column asked for as bytes', () => {
  it('is the same bytes whichever database gave it', () => {
    expect(bytesOf(TEXT).equals(Buffer.from(TEXT, 'utf8'))).toBe(true);
    const bytes = Buffer.from(TEXT, 'utf8');
    expect(bytesOf(bytes)).toBe(bytes);
  });
});

// The driver of the PostgreSQL server only (CI's second pass); PGlite gives every column as a string.
describe.runIf(serverUrl)('on the PostgreSQL server', () => {
  const pool = new pg.Pool({ connectionString: serverUrl, max: 1 });
  afterAll(() => pool.end());

  it('arrives as its UTF-8 bytes, every other column as before, across rows, nulls and statements', async () => {
    expect(receiveMarkedColumnsAsBytes()).toBe(true);
    const text = `SELECT v AS "doc${BYTES_SUFFIX}", v AS plain, NULL::text AS "none${BYTES_SUFFIX}", n, '{"x":1}'::json AS j
      FROM (VALUES ($1::text, 1), ('zwei', 2)) t(v, n) ORDER BY n`;
    for (const name of [undefined, 'pg_bytes_test', 'pg_bytes_test']) {
      const { rows } = await pool.query({ name, text, values: [TEXT] });
      expect(Buffer.isBuffer(rows[0][`doc${BYTES_SUFFIX}`])).toBe(true);
      expect(rows[0][`doc${BYTES_SUFFIX}`].toString('utf8')).toBe(TEXT);
      expect(rows[1][`doc${BYTES_SUFFIX}`].toString('utf8')).toBe('zwei');
      expect(rows.map((r) => [r.plain, r[`none${BYTES_SUFFIX}`], r.n, r.j])).toEqual([
        [TEXT, null, 1, { x: 1 }],
        ['zwei', null, 2, { x: 1 }],
      ]);
    }
    // The next result without such a column is read as strings again.
    const { rows } = await pool.query('SELECT $1::text AS doc', [TEXT]);
    expect(rows).toEqual([{ doc: TEXT }]);
  });
});
