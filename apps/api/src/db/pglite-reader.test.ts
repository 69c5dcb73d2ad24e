import { createRequire } from 'node:module';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATCH_MARK, patchPglite, patchReader } from '../../scripts/patch-pglite.mjs';
import { textTypeParsers } from './client';

/**
 * PGlite's protocol reader decodes text fields in place (apps/api/scripts/patch-pglite.mjs,
 * docs/decisions/0021): the rewrite as such, that this install carries it, and that text of every
 * kind still reads back the same through each of PGlite's builds. And the parsers drizzle hands
 * PGlite with each query, merged once (db/client.ts, `textTypeParsers`).
 */

// The reader's two methods as PGlite 0.5.16 ships them, in its ES module and CommonJS builds.
const ESM =
  'string(t){return r(this,le).decode(this.bytes(t))}cstring(){let t=r(this,w),n=t;for(;r(this,x).getUint8(n++)!==0;);let s=this.string(n-t-1);return d(this,w,n),s}' +
  'bytes(t){let n=r(this,x).buffer.slice(r(this,w),r(this,w)+t);return d(this,w,r(this,w)+t),new Uint8Array(n)}';
const CJS =
  'string(t){return c(this,vr).decode(this.bytes(t))}cstring(){let t=c(this,j),r=t;for(;c(this,he).getUint8(r++)!==0;);let s=this.string(r-t-1);return y(this,j,r),s}' +
  'bytes(t){let r=c(this,he).buffer.slice(c(this,j),c(this,j)+t);return y(this,j,c(this,j)+t),new Uint8Array(r)}';

/** A reader class around the methods, with the private-field helpers the minifier emits. */
function readerOf(
  methods: string,
  names: { get: string; set: string; view: string; at: string; dec: string },
) {
  const { get, set, view, at, dec } = names;
  return new Function(
    'buffer',
    `const ${get}=(o,m)=>m.get(o),${set}=(o,m,v)=>(m.set(o,v),v);
     const ${view}=new WeakMap,${at}=new WeakMap,${dec}=new WeakMap;
     const Reader=class{constructor(b){${set}(this,${view},new DataView(b));${set}(this,${at},0);${set}(this,${dec},new TextDecoder())}${methods}};
     return new Reader(buffer);`,
  ) as (buffer: ArrayBuffer) => {
    string(n: number): string;
    cstring(): string;
    bytes(n: number): Uint8Array;
  };
}
const ESM_NAMES = { get: 'r', set: 'd', view: 'x', at: 'w', dec: 'le' };
const CJS_NAMES = { get: 'c', set: 'y', view: 'he', at: 'j', dec: 'vr' };

describe('the reader rewrite', () => {
  const texts = ['Straße', '', '日本語のテキスト', 'Photovoltaik ☀️ 🔋', 'ä'.repeat(70_000), 'x'];

  it.each([
    ['ES module', ESM, ESM_NAMES],
    ['CommonJS', CJS, CJS_NAMES],
  ])('reads what the original reads, in the %s build', (_build, methods, names) => {
    const patched = patchReader(methods);
    expect(patched?.patched).toBe(false);
    expect(patched?.source).toContain(PATCH_MARK);
    expect(patched?.source).not.toContain('.decode(this.bytes(');
    // Fields one after the other, and a C string after them, as a data row holds them.
    const encoded = texts.map((s) => new TextEncoder().encode(s));
    const tail = new TextEncoder().encode('name\0');
    const bytes = new Uint8Array([...encoded.flatMap((e) => [...e]), ...tail, 7]);
    const read = (source: string) => {
      const reader = readerOf(source, names)(bytes.buffer);
      return [...encoded.map((e) => reader.string(e.length)), reader.cstring(), [...reader.bytes(1)]];
    };
    expect(read(patched?.source ?? '')).toEqual([...texts, 'name', [7]]);
    expect(read(patched?.source ?? '')).toEqual(read(methods));
  });

  it('leaves a rewritten build as it is, and a reader of another shape alone', () => {
    const once = patchReader(ESM)?.source ?? '';
    expect(patchReader(once)).toEqual({ source: once, patched: true });
    expect(patchReader(ESM.replace('.buffer.slice(', '.buffer.subarray('))).toBeNull();
    expect(patchReader(ESM.replace('decode(this.bytes(t))', 'decode(this.bytes(t).slice())'))).toBeNull();
    expect(patchReader('export const x = 1;')).toBeNull();
  });

  it('is in every build of PGlite this install holds (the postinstall ran)', () => {
    const builds = patchPglite(undefined, { write: false });
    expect(builds.length).toBeGreaterThan(0);
    expect(builds.filter((b) => b.state !== 'already')).toEqual([]);
  });
});

describe('text read back through PGlite', () => {
  const require = createRequire(import.meta.url);
  const { PGlite: PGliteCjs } = require('@electric-sql/pglite') as { PGlite: typeof PGlite };
  let esm: PGlite;
  let cjs: PGlite;
  beforeAll(async () => {
    [esm, cjs] = [new PGlite(), new PGliteCjs()];
    await Promise.all([esm.waitReady, cjs.waitReady]);
  });
  afterAll(() => Promise.all([esm.close(), cjs.close()]));

  const values = ['Straße 12, München', '', '日本語', 'Photovoltaik ☀️ 🔋', 'ä'.repeat(70_000), null];
  const sql = `SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::text AS d, $5::text AS e, $6::text AS f,
      g, 'Ölheizung ' || g AS h, jsonb_build_object('city', 'Köln', 'n', g) AS i
    FROM generate_series(1, 300) AS g`;

  it.each([
    ['ES module', () => esm],
    ['CommonJS', () => cjs],
  ])('reads multi-byte, empty, long and null text, numbers and JSON unchanged (%s)', async (_build, db) => {
    const { rows } = await db().query<Record<string, unknown>>(sql, values);
    expect(rows).toHaveLength(300);
    rows.forEach((row, i) => {
      expect(row).toEqual({
        a: values[0],
        b: '',
        c: '日本語',
        d: 'Photovoltaik ☀️ 🔋',
        e: values[4],
        f: null,
        g: i + 1,
        h: `Ölheizung ${i + 1}`,
        i: { city: 'Köln', n: i + 1 },
      });
    });
  });
});

describe('the parsers drizzle hands with each query', () => {
  // As drizzle-orm/pglite builds them for every query: these types stay PostgreSQL's text.
  const drizzleParsers = () => ({
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
    1185: (value: string) => value,
  });
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  });
  afterAll(() => db.close());

  it('are merged with PGlite’s once for each set of types, and parse as PGlite would merge them', async () => {
    const parsersOf = textTypeParsers(db);
    const first = parsersOf(drizzleParsers());
    expect(first).not.toBeNull();
    expect(parsersOf(drizzleParsers())).toBe(first);
    expect(parsersOf(undefined)).toBe(db.parsers);
    const sql = `SELECT now() AS at, current_date AS day, ARRAY[now()] AS ats, 42::int AS n, 1.5::float8 AS f,
        true AS yes, '{"a":1}'::jsonb AS j, ARRAY[1,2]::int[] AS ns`;
    const { messages } = await db.execProtocol(protocol.serialize.query(sql));
    const ours = parse.parseResults(messages, first ?? {}, undefined)[0]?.rows[0];
    const pglite = parse.parseResults(messages, db.parsers, { parsers: drizzleParsers() })[0]?.rows[0];
    expect(ours).toEqual(pglite);
    expect(ours).toMatchObject({ n: 42, f: 1.5, yes: true, j: { a: 1 }, ns: [1, 2] });
    expect(typeof ours?.at).toBe('string');
    expect(typeof ours?.day).toBe('string');
    expect(typeof ours?.ats).toBe('string');
  });

  it('leaves a parser that does something to PGlite', () => {
    const parsersOf = textTypeParsers(db);
    expect(parsersOf({ [types.INT4]: (value: string) => Number(value) * 2 })).toBeNull();
    expect(parsersOf({ ...drizzleParsers(), [types.TEXT]: (value: string) => value.trim() })).toBeNull();
  });
});
