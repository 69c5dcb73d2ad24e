import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { hotStatements, PREPARE_AFTER, PREPARED_MAX } from './client';

describe('hotStatements', () => {
  it('names a statement from its third run, the same name for the same text, in both call forms', () => {
    const hot = hotStatements();
    const args = ['SELECT $1::int AS n', [1]];
    for (let i = 1; i < PREPARE_AFTER; i++) expect(hot.name(args)).toBe(args);
    const [config, values] = hot.name(args) as [{ text: string; name: string }, unknown[]];
    expect(config).toEqual({
      text: 'SELECT $1::int AS n',
      name: expect.stringMatching(/^hot_[0-9a-f]{20}$/),
    });
    expect(values).toEqual([1]);
    expect((hot.name(args)[0] as { name: string }).name).toBe(config.name);
    // drizzle's form: a config object (array rows) and the values apart.
    const drizzle = [{ text: 'SELECT 2', rowMode: 'array' }, []];
    for (let i = 1; i < PREPARE_AFTER; i++) hot.name(drizzle);
    expect(hot.name(drizzle)[0]).toEqual({ text: 'SELECT 2', rowMode: 'array', name: expect.any(String) });
  });

  it('leaves alone what is named already, callbacks, and texts beyond PREPARED_MAX', () => {
    const hot = hotStatements();
    const named = [{ text: 'SELECT 1', name: 'mine' }, []];
    for (let i = 0; i < PREPARE_AFTER + 1; i++) expect(hot.name(named)).toBe(named);
    const callback = ['SELECT 1', [], () => {}];
    for (let i = 0; i < PREPARE_AFTER + 1; i++) expect(hot.name(callback)).toBe(callback);
    for (let n = 0; n < PREPARED_MAX; n++) {
      for (let i = 0; i < PREPARE_AFTER; i++) hot.name([`SELECT ${n}`, []]);
    }
    const late = [`SELECT 'one too many'`, []];
    for (let i = 0; i < PREPARE_AFTER + 2; i++) expect(hot.name(late)).toBe(late);
  });
});

/**
 * On the PostgreSQL server (CI's second pass): hot statements run prepared, and a table that
 * changes shape under a prepared statement (a migration by another process) costs no failed request.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on the server', () => {
  let t: TestApp;
  const sent: { name?: string; text: string }[] = [];
  const original = pg.Client.prototype.query;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.ownerStatement('DROP TABLE IF EXISTS prepared_probe');
    await t.database.ownerStatement('CREATE TABLE prepared_probe (a int)');
    await t.database.ownerStatement('INSERT INTO prepared_probe VALUES (1)');
    await t.database.ownerStatement('GRANT SELECT ON prepared_probe TO solar_app');
    // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded signature
    (pg.Client.prototype as any).query = function spy(this: pg.Client, ...args: any[]) {
      const [first] = args;
      if (first && typeof first === 'object' && typeof first.text === 'string') sent.push(first);
      else if (typeof first === 'string') sent.push({ text: first });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await t.database.ownerStatement('DROP TABLE IF EXISTS prepared_probe');
    await t.close();
  });

  it('runs a statement prepared from its third run, with the right answers', async () => {
    const text = 'SELECT a + $1::int AS n FROM prepared_probe';
    for (let i = 0; i < 6; i++) expect(await t.database.query(text, [i])).toEqual([{ n: 1 + i }]);
    const runs = sent.filter((s) => s.text === text);
    expect(runs.map((s) => Boolean(s.name))).toEqual([false, false, true, true, true, true]);
  });

  it('answers through a table that changed shape under its prepared statement', async () => {
    const text = 'SELECT * FROM prepared_probe';
    // Prepared, then used on every connection of the pool.
    for (let i = 0; i < PREPARE_AFTER; i++) await t.database.query(text);
    await Promise.all(Array.from({ length: 20 }, () => t.database.query(text)));
    await t.database.ownerStatement('ALTER TABLE prepared_probe ADD COLUMN b int DEFAULT 7');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.database.query(text)));
    expect(answers).toEqual(answers.map(() => [{ a: 1, b: 7 }]));
  });
});

/** On PGlite (the embedded default): the same, through its protocol instead of the pg driver. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('prepared statements on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.ownerStatement('CREATE TABLE prepared_probe (a int, t text, j jsonb, d date)');
    await t.database.ownerStatement(
      `INSERT INTO prepared_probe VALUES (1, 'eins', '{"k": [1, 2]}', '2026-11-25'), (2, NULL, NULL, NULL)`,
    );
    await t.database.ownerStatement('GRANT SELECT ON prepared_probe TO solar_app');
  });
  afterAll(() => t.close());

  it('answers a hot statement as PGlite itself does, whatever the types and nulls', async () => {
    const text =
      'SELECT a, t, j, d, $1::text AS p, $2::int AS i, $3::jsonb AS pj FROM prepared_probe WHERE a >= $4 ORDER BY a';
    const params = ['x', null, JSON.stringify({ z: 1 }), 1];
    const first = await t.database.query(text, params);
    expect(first).toHaveLength(2);
    for (let i = 0; i < PREPARE_AFTER + 3; i++) expect(await t.database.query(text, params)).toEqual(first);
    expect(first[0]).toMatchObject({ a: 1, t: 'eins', j: { k: [1, 2] }, p: 'x', i: null, pj: { z: 1 } });
  });

  it('keeps answering after the table changes shape, and reports a failing statement as PGlite does', async () => {
    const text = 'SELECT * FROM prepared_probe WHERE a = $1';
    for (let i = 0; i < PREPARE_AFTER + 1; i++) await t.database.query(text, [1]);
    await t.database.ownerStatement('ALTER TABLE prepared_probe ADD COLUMN b int DEFAULT 7');
    for (let i = 0; i < PREPARE_AFTER + 1; i++) {
      expect(await t.database.query(text, [1])).toEqual([expect.objectContaining({ a: 1, b: 7 })]);
    }
    const failing = 'SELECT 1 / $1::int AS n';
    for (let i = 0; i < PREPARE_AFTER; i++) await t.database.query(failing, [1]);
    await expect(t.database.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await t.database.query(failing, [1])).toEqual([{ n: 1 }]);
  });

  it('hears the changes a hot statement makes', async () => {
    const user = await t.createUser('INSTALLER', (await t.createCompany()).id);
    const heard: string[] = [];
    const stop = t.database.changes.subscribe((topic, key) => heard.push(`${topic}:${key}`));
    try {
      for (let i = 0; i < PREPARE_AFTER + 1; i++) {
        await t.database.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [
          user.id,
        ]);
      }
    } finally {
      stop();
    }
    expect(heard.filter((h) => h === `session:${user.id}`)).toHaveLength(PREPARE_AFTER + 1);
  });
});
