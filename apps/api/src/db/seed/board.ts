import type { Cell, Column } from '@solar/shared';
import { sql } from 'drizzle-orm';
import { defaultTaskColumns, TYPE_ICONS, toColumnMap } from '../../modules/board/board.columns';
import {
  allocateSeq,
  loadColumns,
  recomputeRecords,
  saveColumns,
  syncProjectRecords,
} from '../../modules/board/board.repository';
import type { Database, DbOrTx } from '../client';
import { rng } from './quotes';

/**
 * The demo board (and the benchmark's big one): a task board with properties of many types and
 * records spread over the company's projects. Shared by the demo seeder and bench/seed-board.ts.
 */

const extra = (
  key: string,
  dataType: Column['dataType'],
  position: number,
  more: Partial<Column> = {},
): Column => ({
  id: key,
  label: key,
  accessor: key,
  dataType,
  icon: TYPE_ICONS[dataType],
  position,
  created: true,
  ...more,
});

/** The default task columns plus one of nearly every other type. */
export function demoTaskColumns(): Record<string, Column> {
  const base = defaultTaskColumns();
  const n = base.length;
  return toColumnMap([
    ...base,
    extra('Tags', 'multi-select', n, {
      options: ['Dach', 'Elektrik', 'Speicher', 'Gerüst', 'Netzbetreiber'].map((v, i) => ({
        value: v,
        label: v,
        backgroundColor: ['#fadec9', '#d3e5ef', '#dbeddb', '#fdecc8', '#e8deee'][i] as string,
      })),
    }),
    extra('Cost (€)', 'formula', n + 1, { formula: 'round(prop("Estimate (h)") * 85, 2)' }),
    extra('Overdue', 'formula', n + 2, {
      formula:
        'if(and(not(empty(prop("Due date"))), prop("Due date") < today(), prop("Done") != "true"), "⚠ overdue", "")',
    }),
    extra('Website', 'url', n + 3),
    extra('Contact', 'email', n + 4),
    extra('Phone', 'phone', n + 5),
    extra('Files', 'files', n + 6),
    extra('Subtasks', 'relation', n + 7),
    extra('Subtask hours', 'rollup', n + 8, {
      rollup: { relationProperty: 'Subtasks', targetProperty: 'Estimate (h)', aggregate: 'sum' },
    }),
    extra('Mark done', 'button', n + 9, {
      button: { label: 'Done', setProperty: 'Status', setValue: 'Done' },
    }),
    extra('No.', 'id', n + 10),
    extra('Created', 'createdTime', n + 11),
    extra('Created by', 'createdBy', n + 12),
    extra('Last edited', 'lastEditedTime', n + 13),
    extra('Edited by', 'lastEditedBy', n + 14),
  ]);
}

const TASK_NAMES = [
  'Dach vermessen',
  'Statik prüfen',
  'Angebot abstimmen',
  'Module bestellen',
  'Wechselrichter bestellen',
  'Gerüst stellen',
  'Unterkonstruktion montieren',
  'Module montieren',
  'DC-Verkabelung',
  'Zählertausch beantragen',
  'Netzanmeldung',
  'Speicher installieren',
  'Inbetriebnahme',
  'Abnahmeprotokoll',
  'Kundeneinweisung',
];

export interface BoardSeedOptions {
  companyId: string;
  count: number;
  seed?: number;
}

/** Inserts `count` tasks with varied values, then computes their derived cells. */
export async function seedBoardTasks(db: DbOrTx, opts: BoardSeedOptions): Promise<void> {
  const random = rng(opts.seed ?? 7);
  const r = () => random.next();
  const users = (await db.execute(
    sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE company_id = ${opts.companyId} ORDER BY email`,
  )) as unknown as { rows: { id: string; name: string }[] };
  const projects = (await db.execute(
    sql`SELECT id FROM projects WHERE company_id = ${opts.companyId} AND NOT is_deleted ORDER BY created_at`,
  )) as unknown as { rows: { id: string }[] };
  const columns = (await loadColumns(db, opts.companyId, 'tasks', users.rows[0]?.id ?? null)).properties;
  const cell = (key: string, value: unknown): [string, Cell] => [
    key,
    { type: columns[key]?.dataType ?? 'text', icon: columns[key]?.icon ?? '', value },
  ];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const first = await allocateSeq(db, opts.companyId, opts.count);
  const batch = 1000;
  for (let start = 0; start < opts.count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(opts.count, start + batch); i += 1) {
      const user = users.rows.length ? pick(users.rows) : null;
      const status = pick(['Not started', 'In progress', 'Done', 'Done', 'In progress']);
      const properties = Object.fromEntries([
        cell('Status', status),
        cell('Assignee', user ? [{ value: user.id, label: user.name }] : []),
        cell('Due date', r() < 0.85 ? day(Math.floor(r() * 90) - 30) : null),
        cell('Priority', pick(['Low', 'Medium', 'High', null])),
        cell('Estimate (h)', Math.round(r() * 16 * 2) / 2),
        cell('Done', status === 'Done' ? 'true' : 'false'),
        ...(columns.Tags
          ? [cell('Tags', [pick(['Dach', 'Elektrik', 'Speicher']), ...(r() < 0.3 ? ['Netzbetreiber'] : [])])]
          : []),
        ...(columns.Website && r() < 0.2
          ? [cell('Website', 'https://www.netzbetreiber.example/antrag')]
          : []),
        ...(columns.Contact && r() < 0.3 ? [cell('Contact', `kunde${i}@example.test`)] : []),
        ...(columns.Phone && r() < 0.3 ? [cell('Phone', `+49 89 ${100000 + i}`)] : []),
      ]);
      rows.push({
        name: `${pick(TASK_NAMES)}${i >= TASK_NAMES.length ? ` #${i + 1}` : ''}`,
        project: projects.rows.length && r() < 0.8 ? pick(projects.rows).id : null,
        user: user?.id ?? null,
        seq: first + i,
        position: first + i,
        properties,
      });
    }
    await db.execute(sql`INSERT INTO board_records (company_id, board, project_id, task_name, user_id, updated_by,
        seq, position, properties)
      SELECT ${opts.companyId}, 'tasks', x.project, x.name, x.user, x.user, x.seq, x.position, x.properties
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(project uuid, name text, "user" uuid, seq bigint, position float8, properties jsonb)`);
  }
  // A few parents with subtasks, so relations and rollups have something to show.
  if (columns.Subtasks) {
    const some = (await db.execute(sql`SELECT id FROM board_records WHERE company_id = ${opts.companyId}
      AND board = 'tasks' ORDER BY seq LIMIT 40`)) as unknown as { rows: { id: string }[] };
    for (let i = 0; i + 3 < some.rows.length; i += 4) {
      const [parent, ...children] = some.rows.slice(i, i + 4);
      if (!parent) continue;
      await db.execute(sql`UPDATE board_records SET properties = jsonb_set(properties, '{Subtasks}',
          ${JSON.stringify({ type: 'relation', icon: columns.Subtasks.icon, value: children.map((c) => c.id) })}::jsonb)
        WHERE id = ${parent.id}`);
    }
  }
  await recomputeRecords(db, opts.companyId, sql`r.board = 'tasks'`);
}

/** The demo boards: each installer company gets a rich task board and its /projects board. */
export async function seedDemoBoard(database: Database): Promise<void> {
  const [done] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM board_records');
  if ((done?.n ?? 0) > 0) return;
  const companies = await database.query<{ id: string }>(
    'SELECT id FROM companies WHERE EXISTS (SELECT 1 FROM users u WHERE u.company_id = companies.id) ORDER BY name',
  );
  await database.db.transaction(async (tx) => {
    for (const [i, company] of companies.entries()) {
      await loadColumns(tx, company.id, 'tasks', null);
      await saveColumns(tx, company.id, 'tasks', demoTaskColumns());
      await seedBoardTasks(tx, { companyId: company.id, count: 300, seed: 11 + i });
      await syncProjectRecords(tx, company.id);
    }
  });
}
