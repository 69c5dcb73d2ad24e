import type { Cell, Column, Language } from '@solar/shared';
import { sql } from 'drizzle-orm';
import {
  defaultTaskColumns,
  TASK_BOARD_NAMES,
  TYPE_ICONS,
  toColumnMap,
} from '../../modules/board/board.columns';
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

/** The demo board's own columns (beside the defaults), named as a company working in `lang` would. */
const EXTRA_NAMES = {
  en: {
    tags: 'Tags',
    cost: 'Cost (€)',
    overdue: 'Overdue',
    overdueMark: '⚠ overdue',
    website: 'Website',
    contact: 'Contact',
    phone: 'Phone',
    files: 'Files',
    subtasks: 'Subtasks',
    subtaskHours: 'Subtask hours',
    markDone: 'Mark done',
    no: 'No.',
    created: 'Created',
    createdBy: 'Created by',
    lastEdited: 'Last edited',
    editedBy: 'Edited by',
  },
  de: {
    tags: 'Schlagworte',
    cost: 'Kosten (€)',
    overdue: 'Überfällig',
    overdueMark: '⚠ überfällig',
    website: 'Webseite',
    contact: 'Kontakt',
    phone: 'Telefon',
    files: 'Dateien',
    subtasks: 'Unteraufgaben',
    subtaskHours: 'Stunden Unteraufgaben',
    markDone: 'Als erledigt markieren',
    no: 'Nr.',
    created: 'Erstellt',
    createdBy: 'Erstellt von',
    lastEdited: 'Zuletzt bearbeitet',
    editedBy: 'Bearbeitet von',
  },
  es: {
    tags: 'Etiquetas',
    cost: 'Coste (€)',
    overdue: 'Vencida',
    overdueMark: '⚠ vencida',
    website: 'Sitio web',
    contact: 'Contacto',
    phone: 'Teléfono',
    files: 'Archivos',
    subtasks: 'Subtareas',
    subtaskHours: 'Horas de subtareas',
    markDone: 'Marcar como terminada',
    no: 'N.º',
    created: 'Creada',
    createdBy: 'Creada por',
    lastEdited: 'Última edición',
    editedBy: 'Editada por',
  },
} satisfies Record<Language, Record<string, string>>;

/** The names of the demo board's columns and options in `lang` (tests and the benchmark use them). */
export const demoBoardNames = (lang: Language) => ({ ...TASK_BOARD_NAMES[lang], ...EXTRA_NAMES[lang] });

/** The default task columns plus one of nearly every other type, named in `lang`. */
export function demoTaskColumns(lang: Language): Record<string, Column> {
  const n = demoBoardNames(lang);
  const base = defaultTaskColumns(lang);
  const k = base.length;
  return toColumnMap([
    ...base,
    extra(n.tags, 'multi-select', k, {
      options: ['Dach', 'Elektrik', 'Speicher', 'Gerüst', 'Netzbetreiber'].map((v, i) => ({
        value: v,
        label: v,
        backgroundColor: ['#fadec9', '#d3e5ef', '#dbeddb', '#fdecc8', '#e8deee'][i] as string,
      })),
    }),
    extra(n.cost, 'formula', k + 1, { formula: `round(prop("${n.estimate}") * 85, 2)` }),
    extra(n.overdue, 'formula', k + 2, {
      formula: `if(and(not(empty(prop("${n.dueDate}"))), prop("${n.dueDate}") < today(), prop("${n.done}") != "true"), "${n.overdueMark}", "")`,
    }),
    extra(n.website, 'url', k + 3),
    extra(n.contact, 'email', k + 4),
    extra(n.phone, 'phone', k + 5),
    extra(n.files, 'files', k + 6),
    extra(n.subtasks, 'relation', k + 7),
    extra(n.subtaskHours, 'rollup', k + 8, {
      rollup: { relationProperty: n.subtasks, targetProperty: n.estimate, aggregate: 'sum' },
    }),
    extra(n.markDone, 'button', k + 9, {
      button: { label: n.finished, setProperty: n.status, setValue: n.finished },
    }),
    extra(n.no, 'id', k + 10),
    extra(n.created, 'createdTime', k + 11),
    extra(n.createdBy, 'createdBy', k + 12),
    extra(n.lastEdited, 'lastEditedTime', k + 13),
    extra(n.editedBy, 'lastEditedBy', k + 14),
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
  /** The language the board's columns are named in (as {@link demoTaskColumns} made them). */
  lang: Language;
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
  const n = demoBoardNames(opts.lang);
  const columns = (await loadColumns(db, opts.companyId, 'tasks', users.rows[0]?.id ?? null, opts.lang))
    .properties;
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
      const status = pick([n.notStarted, n.inProgress, n.finished, n.finished, n.inProgress]);
      const properties = Object.fromEntries([
        cell(n.status, status),
        cell(n.assignee, user ? [{ value: user.id, label: user.name }] : []),
        cell(n.dueDate, r() < 0.85 ? day(Math.floor(r() * 90) - 30) : null),
        cell(n.priority, pick([n.low, n.medium, n.high, null])),
        cell(n.estimate, Math.round(r() * 16 * 2) / 2),
        cell(n.done, status === n.finished ? 'true' : 'false'),
        ...(columns[n.tags]
          ? [cell(n.tags, [pick(['Dach', 'Elektrik', 'Speicher']), ...(r() < 0.3 ? ['Netzbetreiber'] : [])])]
          : []),
        ...(columns[n.website] && r() < 0.2
          ? [cell(n.website, 'https://www.netzbetreiber.example/antrag')]
          : []),
        ...(columns[n.contact] && r() < 0.3 ? [cell(n.contact, `kunde${i}@example.test`)] : []),
        ...(columns[n.phone] && r() < 0.3 ? [cell(n.phone, `+49 89 ${100000 + i}`)] : []),
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
  const subtasks = columns[n.subtasks];
  if (subtasks) {
    const some = (await db.execute(sql`SELECT id FROM board_records WHERE company_id = ${opts.companyId}
      AND board = 'tasks' ORDER BY seq LIMIT 40`)) as unknown as { rows: { id: string }[] };
    for (let i = 0; i + 3 < some.rows.length; i += 4) {
      const [parent, ...children] = some.rows.slice(i, i + 4);
      if (!parent) continue;
      await db.execute(sql`UPDATE board_records SET properties = jsonb_set(properties, ARRAY[${n.subtasks}]::text[],
          ${JSON.stringify({ type: 'relation', icon: subtasks.icon, value: children.map((c) => c.id) })}::jsonb)
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
      // The demo companies work in German, the portal's default language (SPEC §9).
      await loadColumns(tx, company.id, 'tasks', null, 'de');
      await saveColumns(tx, company.id, 'tasks', demoTaskColumns('de'));
      await seedBoardTasks(tx, { companyId: company.id, count: 300, seed: 11 + i, lang: 'de' });
      await syncProjectRecords(tx, company.id);
    }
  });
}
