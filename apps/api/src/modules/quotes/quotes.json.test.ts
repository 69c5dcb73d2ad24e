import { QuoteListResponse } from '@solar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { companyTenant, PLATFORM } from '../../db/tenant';
import { type QuoteDbRow, quoteJsonSql, toQuote } from './quotes.repository';
import type { QuoteScope } from './quotes.scope';

/**
 * The listing's quotes are written as JSON by PostgreSQL (quoteJsonSql, decision 0022); `toQuote`
 * writes the same quote from its row everywhere else. The two must give the same answer, value for
 * value, in every scope: these tests hold them equal on quotes made to be awkward (text that JSON
 * escapes, microseconds, long and tiny doubles, missing coordinates, a project, files).
 */
let t: TestApp;
let company: string;
const CITY = `Jsonstadt-${Math.random().toString(36).slice(2, 8)}`;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  company = (await t.createCompany()).id;
  ids = [
    ...(await t.createQuotes(1, {
      city: CITY,
      address: 'Straße "am Bach" 1\\2\n\tÄußeres 🌞 \u2028 end',
      customer_first_name: 'Zoë',
      customer_last_name: 'O\'Brien "Jr"',
      customer_email: 'zoe@example.test',
      customer_phone: '+49 (0)30 123',
      flags: ['Smart', 'with "quote"', 'back\\slash', 'ünï'],
      latitude: 48.13715432198765,
      longitude: 11.575498765432108,
      price_per_kwh: 0.1 + 0.2,
      feed_in_tariff: 1e-7,
      consumption: 123456789.125,
      total_cost: 1e21,
      rating: 4.999999999999999,
      created_at: new Date('2026-03-04T05:06:07.089Z'),
    })),
    ...(await t.createQuotes(1, { city: CITY, latitude: null, longitude: null, flags: [], rating: 0 })),
    ...(await t.createQuotes(3, { city: CITY })),
  ];
  // Microseconds PostgreSQL keeps and JavaScript's dates do not; a verified quote; files of both kinds.
  await t.database.query(
    `UPDATE quotes SET created_at = '2026-05-06 07:08:09.999999+00', verification = 'verified' WHERE id = $1`,
    [ids[1]],
  );
  await t.database.query(`UPDATE quotes SET created_at = '1999-12-31 23:59:59.000001+00' WHERE id = $1`, [
    ids[2],
  ]);
  for (const [id, kind] of [
    [ids[0], 'obj'],
    [ids[0], 'pvsol'],
    [ids[3], 'pvsol'],
  ] as const) {
    await t.database.query(
      `INSERT INTO files (quote_id, kind, name, mime_type, size, storage_key) VALUES ($1, $2, 'f', 'model/obj', 10, $3)`,
      [id, kind, `json-test/${id}/${kind}`],
    );
  }
  await t.database.query(`INSERT INTO projects (company_id, quote_id, stage) VALUES ($1, $2, 'OFFER')`, [
    company,
    ids[0],
  ]);
  await t.database.query(`INSERT INTO projects (company_id, quote_id) VALUES ($1, $2)`, [company, ids[4]]);
});

afterAll(async () => {
  await t.close();
});

/** Each quote of the city twice: as toQuote writes its row and as PostgreSQL writes it. */
async function both(scope: QuoteScope) {
  const project =
    scope.kind === 'company'
      ? sql`LEFT JOIN projects p ON p.quote_id = q.id AND p.company_id = ${scope.companyId} AND NOT p.is_deleted`
      : sql`LEFT JOIN LATERAL (SELECT NULL::uuid AS id, NULL::text AS stage) p ON true`;
  // Read as the API reads: an installer's projects under its company's row security.
  const tenant = scope.kind === 'company' ? companyTenant(scope.companyId) : PLATFORM;
  const result = await t.database
    .as(tenant)
    .db.execute(sql`SELECT q.*, p.id AS project_id, p.stage AS project_stage,
      EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'obj') AS has_obj,
      EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'pvsol') AS has_pvsol,
      ${quoteJsonSql(scope)} AS doc
    FROM quotes q ${project} WHERE q.city = ${CITY} ORDER BY q.short_id`);
  const rows = (result as unknown as { rows: (QuoteDbRow & { doc: string })[] }).rows;
  expect(rows).toHaveLength(ids.length);
  return rows.map((r) => ({
    fromRow: toQuote(r, scope),
    fromSql: JSON.parse(r.doc) as unknown,
    text: r.doc,
  }));
}

describe('a quote written by PostgreSQL (the listing) and by toQuote', () => {
  it.each([
    ['ADMIN (all quotes)', (): QuoteScope => ({ kind: 'all' })],
    ['a city administrator', (): QuoteScope => ({ kind: 'city', city: CITY })],
    ['an installer company with projects', (): QuoteScope => ({ kind: 'company', companyId: company })],
  ])('are the same for %s', async (_, scopeOf) => {
    for (const { fromRow, fromSql } of await both(scopeOf())) expect(fromSql).toEqual(fromRow);
  });

  it('shows the customer where toQuote does, and the project and files it has', async () => {
    const byId = (list: Awaited<ReturnType<typeof both>>) =>
      new Map(list.map((x) => [x.fromRow._id, x.fromSql as Record<string, unknown>]));
    const installer = byId(await both({ kind: 'company', companyId: company }));
    const first = installer.get(ids[0] as string);
    expect(first).toMatchObject({
      projectStatus: 'OFFER',
      hasObj: true,
      hasPvsol: true,
      customer: { firstName: 'Zoë', lastName: 'O\'Brien "Jr"' },
      flagOfQuote: ['Smart', 'with "quote"', 'back\\slash', 'ünï'],
      createdAt: '2026-03-04T05:06:07.089Z',
    });
    expect(installer.get(ids[2] as string)?.customer).toBeNull();
    expect(installer.get(ids[4] as string)?.projectStatus).toBe('ACQUISITION');
    // The city administrator sees no customer; ADMIN sees every one.
    for (const quote of byId(await both({ kind: 'city', city: CITY })).values())
      expect(quote.customer).toBeNull();
    for (const quote of byId(await both({ kind: 'all' })).values()) expect(quote.customer).not.toBeNull();
    const second = installer.get(ids[1] as string);
    expect(second).toMatchObject({ lat: null, long: null, flagOfQuote: [], isVerified: true });
    // Milliseconds cut, not rounded, as a JavaScript date cuts them.
    expect(second?.createdAt).toBe('2026-05-06T07:08:09.999Z');
    expect(installer.get(ids[2] as string)?.createdAt).toBe('1999-12-31T23:59:59.000Z');
  });

  it('is compact JSON that passes the answer schema', async () => {
    const list = await both({ kind: 'all' });
    for (const { text } of list) expect(text).not.toMatch(/" : |, "/);
    const answer = {
      data: {
        docs: list.map((x) => x.fromSql),
        pagination: { page: 1, limit: 20, total: 5, totalPages: 1, hasNextPage: false, nextCursor: null },
        maxMin: [{ count: 5, isCapped: false, totalCost: 0, minCost: 0, maxCost: 0, totalConsumption: 0 }],
      },
    };
    expect(QuoteListResponse.parse(answer)).toEqual(answer);
  });
});
