import { STAGES } from '@solar/shared';
import { hashPassword } from '../../lib/passwords';
import type { Database, RawQuery } from '../client';
import { PLATFORM } from '../tenant';
import { seedDemoBoard } from './board';
import { insertCompany, insertUser } from './builders';
import { distanceKm } from './geo';
import { seedDemoProducts } from './products';
import { buildQuote, quoteInsert, rng } from './quotes';

export const DEMO_QUOTE_COUNT = 5000;

export const DEMO_PASSWORD = 'Demo-Solar-2026';

/** The demo accounts, printed at start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'ADMIN' },
  { email: 'city@demo.test', role: 'CITY_ADMIN' },
  { email: 'owner@sonnenbau.test', role: 'INSTALLER_ADMIN' },
  { email: 'installer@sonnenbau.test', role: 'INSTALLER' },
  { email: 'sales@sonnenbau.test', role: 'INSTALLER_SALES' },
  { email: 'owner@helios.test', role: 'INSTALLER_ADMIN' },
] as const;

async function isEmpty(database: Database, table: 'users' | 'quotes' | 'products'): Promise<boolean> {
  const rows = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Seeds what is missing of the demo data: the accounts when there are no users, the quotes and
 * projects when there are no quotes. Each part is one transaction, so a failed seed leaves nothing.
 */
export async function seedDemo(given: Database): Promise<void> {
  // The seeder writes every company's data: it works in the platform scope (docs/security.md).
  const database = given.as(PLATFORM);
  if (await isEmpty(database, 'users')) await seedDemoAccounts(database);
  if (await isEmpty(database, 'quotes')) await seedDemoPipeline(database);
  if (await isEmpty(database, 'products')) await database.rawTransaction(seedDemoProducts);
  await seedDemoBoard(database);
  await seedDemoNotifications(database);
}

/**
 * A few notifications for Sonnenbau's people, so the bell has something to show: tasks and a project
 * assigned by colleagues, an offer the customer accepted, new leads (docs/notifications.md).
 */
async function seedDemoNotifications(database: Database): Promise<void> {
  const [done] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
  if ((done?.n ?? 0) > 0) return;
  const people = await database.query<{ id: string; email: string; company_id: string }>(
    `SELECT id, email, company_id FROM users
     WHERE email IN ('owner@sonnenbau.test', 'installer@sonnenbau.test', 'sales@sonnenbau.test')`,
  );
  const by = (email: string) => people.find((p) => p.email === email);
  const owner = by('owner@sonnenbau.test');
  const installer = by('installer@sonnenbau.test');
  const sales = by('sales@sonnenbau.test');
  if (!owner || !installer || !sales) return;
  const tasks = await database.query<{ id: string; task_name: string }>(
    `SELECT id, task_name FROM board_records WHERE company_id = $1 AND board = 'tasks' AND NOT is_deleted
     ORDER BY position LIMIT 2`,
    [owner.company_id],
  );
  const projects = await database.query<{ id: string; address: string; stage: string; name: string }>(
    `SELECT p.id, q.address, p.stage, trim(q.customer_first_name || ' ' || q.customer_last_name) AS name
     FROM projects p JOIN quotes q ON q.id = p.quote_id
     WHERE p.company_id = $1 AND NOT p.is_deleted ORDER BY p.created_at, p.id`,
    [owner.company_id],
  );
  const signed = projects.find((p) => p.stage === 'INSTALLER_SIGNED');
  const [first, second] = tasks;
  const [project, other] = projects;
  if (!first || !second || !signed || !project || !other) return;
  const rows = [
    // [reader, actor, kind, board, record, project, title, data, hours ago, read]
    [
      installer.id,
      owner.id,
      'task_assigned',
      'tasks',
      first.id,
      null,
      first.task_name,
      { property: 'Zuständig' },
      2,
      false,
    ],
    [
      installer.id,
      sales.id,
      'status_changed',
      'tasks',
      first.id,
      null,
      first.task_name,
      { property: 'Status', value: 'In Arbeit' },
      1,
      false,
    ],
    [installer.id, sales.id, 'project_assigned', null, null, project.id, project.address, {}, 26, false],
    [
      installer.id,
      owner.id,
      'tasks_assigned',
      'tasks',
      null,
      null,
      '',
      { property: 'Zuständig', count: 5 },
      72,
      true,
    ],
    [
      owner.id,
      null,
      'offer_accepted',
      null,
      null,
      signed.id,
      signed.address,
      { customerName: signed.name },
      1,
      false,
    ],
    [
      owner.id,
      installer.id,
      'task_assigned',
      'tasks',
      second.id,
      null,
      second.task_name,
      { property: 'Zuständig' },
      5,
      false,
    ],
    [owner.id, sales.id, 'project_assigned', null, null, other.id, other.address, {}, 50, true],
    [sales.id, null, 'new_leads', null, null, null, '', { count: 4 }, 10, false],
  ] as const;
  await database.query(
    `INSERT INTO notifications (company_id, user_id, actor_id, kind, board, record_id, project_id, title, data,
       created_at, read_at)
     SELECT $1, x.user_id, x.actor_id, x.kind, x.board, x.record_id, x.project_id, x.title, x.data,
       now() - make_interval(hours => x.hours), CASE WHEN x.read THEN now() END
     FROM jsonb_to_recordset($2::jsonb) AS x(user_id uuid, actor_id uuid, kind text, board text, record_id uuid,
       project_id uuid, title text, data jsonb, hours int, read boolean)`,
    [
      owner.company_id,
      JSON.stringify(
        // Oldest first: the list is ordered by id, newest first.
        [...rows]
          .sort((x, y) => y[8] - x[8])
          .map(([user_id, actor_id, kind, board, record_id, project_id, title, data, hours, read]) => ({
            user_id,
            actor_id,
            kind,
            board,
            record_id,
            project_id,
            title,
            data,
            hours,
            read,
          })),
      ),
    ],
  );
}

async function seedDemoAccounts(database: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.db.transaction(async (tx) => {
    const sonnenbau = await insertCompany(tx, {
      name: 'Sonnenbau GmbH',
      slug: 'sonnenbau',
      partnerTier: 'Climate protector Partnercity',
      address: 'Leopoldstraße 120',
      city: 'München',
      postalCode: '80802',
      latitude: 48.1655,
      longitude: 11.5861,
      serviceRadiusKm: 80,
      phone: '+49 89 1234560',
      email: 'kontakt@sonnenbau.test',
      website: 'https://sonnenbau.example',
      vatId: 'DE123456789',
      description: 'Photovoltaik und Speicher für Privat- und Gewerbekunden in Oberbayern.',
    });
    const helios = await insertCompany(tx, {
      name: 'Helios Energie',
      slug: 'helios',
      partnerTier: 'Future Partner',
      address: 'Große Elbstraße 145',
      city: 'Hamburg',
      postalCode: '22767',
      latitude: 53.5456,
      longitude: 9.9396,
      serviceRadiusKm: 60,
      phone: '+49 40 9876540',
      email: 'info@helios.test',
      website: 'https://helios-energie.example',
      vatId: 'DE987654321',
      description: 'Solaranlagen und Wärmepumpen im Großraum Hamburg.',
    });
    const people = [
      { email: 'admin@demo.test', role: 'ADMIN', firstName: 'Anna', lastName: 'Admin', companyId: null },
      {
        email: 'city@demo.test',
        role: 'CITY_ADMIN',
        firstName: 'Clara',
        lastName: 'Stadt',
        companyId: null,
        city: 'München',
      },
      {
        email: 'owner@sonnenbau.test',
        role: 'INSTALLER_ADMIN',
        firstName: 'Stefan',
        lastName: 'Sonnenbau',
        companyId: sonnenbau.id,
      },
      {
        email: 'installer@sonnenbau.test',
        role: 'INSTALLER',
        firstName: 'Ingo',
        lastName: 'Installateur',
        companyId: sonnenbau.id,
      },
      {
        email: 'sales@sonnenbau.test',
        role: 'INSTALLER_SALES',
        firstName: 'Sabine',
        lastName: 'Vertrieb',
        companyId: sonnenbau.id,
      },
      {
        email: 'owner@helios.test',
        role: 'INSTALLER_ADMIN',
        firstName: 'Hanna',
        lastName: 'Helios',
        companyId: helios.id,
      },
    ] as const;
    for (const p of people) {
      // The demo users have seen the first-login tour; Help shows it again (docs/onboarding.md).
      await insertUser(tx, { ...p, passwordHash, address: '', onboardedAt: new Date() });
    }
  });
}

/**
 * 5,000 quotes over 29 German cities, and for each demo company projects in every stage (some on
 * quotes without coordinates), with their stage history and a few change requests.
 */
async function seedDemoPipeline(database: Database): Promise<void> {
  const r = rng(2026);
  const now = Date.now();
  const rows = Array.from({ length: DEMO_QUOTE_COUNT }, (_, i) => buildQuote(r, i + 1, undefined, now));
  await database.rawTransaction(async (query) => {
    for (let i = 0; i < rows.length; i += 500) {
      const { text, params } = quoteInsert(rows.slice(i, i + 500));
      await query(text, params);
    }
    await seedDemoProjects(query, now);
  });
}

async function seedDemoProjects(query: RawQuery, now: number): Promise<void> {
  const companies = await query<{
    id: string;
    slug: string;
    latitude: number;
    longitude: number;
    radius: number;
  }>(`SELECT id, slug, latitude, longitude, service_radius_km AS radius FROM companies ORDER BY name`);
  const quotes = await query<{ id: string; latitude: number | null; longitude: number | null; city: string }>(
    `SELECT id, latitude, longitude, city FROM quotes ORDER BY short_id`,
  );
  for (const company of companies) {
    const near = quotes.filter((x) =>
      x.latitude === null
        ? (company.slug === 'sonnenbau' && x.city === 'München') ||
          (company.slug === 'helios' && x.city === 'Hamburg')
        : distanceKm(company.latitude, company.longitude, x.latitude, x.longitude ?? 0) <= company.radius,
    );
    const withoutCoords = near.filter((x) => x.latitude === null).slice(0, 3);
    const chosen = [...withoutCoords, ...near.filter((x) => x.latitude !== null).slice(0, 57)];
    const team = await query<{ id: string }>(`SELECT id FROM users WHERE company_id = $1 ORDER BY email`, [
      company.id,
    ]);
    for (const [i, quote] of chosen.entries()) {
      const stage = STAGES[i % STAGES.length] as string;
      const created = new Date(now - (i * 5 + 2) * 86_400_000);
      const responsible = team[i % (team.length + 1)]?.id ?? null;
      const [project] = await query<{ id: string }>(
        `INSERT INTO projects (company_id, quote_id, stage, is_matched, responsible_user_id, customer_target, notes,
           components, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
        [
          company.id,
          quote.id,
          stage,
          stage !== 'ACQUISITION',
          responsible,
          i % 3 === 0 ? ['Eigenheim', 'Speicher'] : i % 3 === 1 ? ['Gewerbe'] : [],
          i % 4 === 0 ? 'Kunde wünscht Rückruf am Nachmittag.' : '',
          JSON.stringify(i % 2 === 0 ? [{ type: 'solarPanel', name: 'Modul 420 Wp', quantity: 20 }] : []),
          created,
        ],
      );
      if (!project) continue;
      // History: created in acquisition, then each step up to the current stage.
      const path = stagePath(stage);
      for (const [step, to] of path.entries()) {
        await query(
          `INSERT INTO stage_history (project_id, from_stage, to_stage, user_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [
            project.id,
            step === 0 ? null : path[step - 1],
            to,
            responsible ?? team[0]?.id ?? null,
            new Date(created.getTime() + step * 3 * 86_400_000),
          ],
        );
      }
    }
    const reported = chosen[5];
    if (reported) {
      await query(
        `INSERT INTO change_requests (quote_id, company_id, reason, comment) VALUES ($1, $2, 'wrong_address', $3)`,
        [reported.id, company.id, 'Hausnummer stimmt nicht, Kunde wohnt in Nr. 12.'],
      );
    }
  }
}

function stagePath(stage: string): string[] {
  switch (stage) {
    case 'ACQUISITION':
      return ['ACQUISITION'];
    case 'OFFER_PROVIDED':
      return ['ACQUISITION', 'OFFER_PROVIDED'];
    case 'INSTALLER_SIGNED':
      return ['ACQUISITION', 'OFFER_PROVIDED', 'INSTALLER_SIGNED'];
    case 'PROJECT_REALIZED':
      return ['ACQUISITION', 'OFFER_PROVIDED', 'INSTALLER_SIGNED', 'PROJECT_REALIZED'];
    default:
      return ['ACQUISITION', 'OFFER_PROVIDED', 'OFFER_NOT_ACCEPTED'];
  }
}
