import { SavedListResponse } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { companyTenant } from '../../db/tenant';
import { findProject, findProjects, toSavedProject } from './projects.repository';

/**
 * The saved-project search's projects are written as JSON by PostgreSQL (decision 0022);
 * `toSavedProject` writes a single project from its row. The two must give the same answer on
 * projects made to be awkward, along both ways a page is read (walking a small company's projects,
 * and the planned join).
 */
let t: TestApp;
let companyId: string;
let projectIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.createInstallerCompany();
  companyId = c.company.id;
  const quotes = [
    ...(await t.createQuotes(1, {
      address: 'Weg "7" \\ Hinterhaus\n🌞 \u2028',
      customer_first_name: 'Zoë',
      latitude: null,
      longitude: null,
      total_cost: 1e21,
      price_per_kwh: 0.1 + 0.2,
    })),
    ...(await t.createQuotes(2)),
  ];
  projectIds = [];
  for (const [i, quoteId] of quotes.entries()) {
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO projects (company_id, quote_id, stage, is_matched, responsible_user_id, customer_target, notes,
         components, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        companyId,
        quoteId,
        ['OFFER_PROVIDED', 'ACQUISITION', 'PROJECT_REALIZED'][i],
        i === 0,
        i === 0 ? c.sales.user.id : null,
        i === 0 ? ['Eigenheim', 'mit "Speicher"'] : [],
        i === 0 ? 'Notiz:\n\t"Dach" \\ prüfen' : '',
        JSON.stringify(
          i === 0
            ? [
                { type: 'module', name: 'Modul "X"', quantity: 24 },
                { type: 'inverter', name: 'WR ß', quantity: 1 },
              ]
            : [],
        ),
        `2026-0${i + 1}-02 03:04:05.678999+00`,
        `2026-0${i + 2}-03 04:05:06.000001+00`,
      ],
    );
    projectIds.push(row?.id as string);
  }
  // Two images of the first project, a microsecond apart.
  for (const at of ['2026-06-07 08:09:10.123456+00', '2026-06-07 08:09:10.123457+00']) {
    await t.database.query(
      `INSERT INTO files (company_id, project_id, kind, name, mime_type, size, storage_key, created_at)
       VALUES ($1, $2, 'project', $3, 'image/png', 1234, $4, $5)`,
      [companyId, projectIds[0], `bild "${at}".png`, `json-test/${at}`, at],
    );
  }
});

afterAll(async () => {
  await t.close();
});

describe('a saved project written by PostgreSQL (the search) and by toSavedProject', () => {
  it.each([
    ['walking the projects', 3],
    ['along the planned join', 100_000],
  ])('are the same %s', async (_, companyProjects) => {
    const db = t.database.as(companyTenant(companyId)).db;
    for (const sortColumn of ['date', 'totalCost']) {
      const page = await findProjects(
        db,
        companyId,
        {},
        { sortColumn, sortOrder: 'desc', limit: 10, offset: 0 },
        companyProjects,
      );
      expect(page.map((p) => p.id).sort()).toEqual([...projectIds].sort());
      for (const { id, doc } of page) {
        const row = await findProject(db, companyId, id);
        expect(row).toBeDefined();
        expect(JSON.parse(doc)).toEqual(toSavedProject(row as NonNullable<typeof row>));
      }
    }
  });

  it('holds the awkward values, and passes the answer schema', async () => {
    const db = t.database.as(companyTenant(companyId)).db;
    const page = await findProjects(
      db,
      companyId,
      {},
      { sortColumn: 'date', sortOrder: 'asc', limit: 10, offset: 0 },
      3,
    );
    const docs = page.map((p) => JSON.parse(p.doc));
    expect(docs[0]).toMatchObject({
      isMatched: true,
      customerTarget: ['Eigenheim', 'mit "Speicher"'],
      notes: 'Notiz:\n\t"Dach" \\ prüfen',
      components: [
        { type: 'module', name: 'Modul "X"', quantity: 24 },
        { type: 'inverter', name: 'WR ß', quantity: 1 },
      ],
      date: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-02-03T04:05:06.000Z',
      quote: { mapboxAddress: { complete: 'Weg "7" \\ Hinterhaus\n🌞 \u2028' }, lat: null, long: null },
      totalCost: 1e21,
    });
    expect(docs[0].responsiblePerson).toEqual(expect.any(String));
    expect(docs[0].uploadedInstallerImages.map((f: { name: string }) => f.name)).toEqual([
      'bild "2026-06-07 08:09:10.123457+00".png',
      'bild "2026-06-07 08:09:10.123456+00".png',
    ]);
    expect(docs[0].uploadedInstallerImages[0].url).toBe(
      `/api/media/${docs[0].uploadedInstallerImages[0]._id}`,
    );
    expect(docs[1]).toMatchObject({ components: [], customerTarget: [], uploadedInstallerImages: [] });
    const answer = {
      data: {
        docs,
        pagination: { page: 1, limit: 10, total: 3, totalPages: 1, hasNextPage: false },
        maxMin: [{ count: 3, totalCost: 0 }],
      },
    };
    expect(SavedListResponse.parse(answer)).toEqual(answer);
  });
});
