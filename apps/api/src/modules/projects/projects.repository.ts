import type { SavedProject, SavedSearchBody, Stage } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp } from '../../db/json';
import { genericPlan } from '../../db/plan';
import { type Bind, inline, type Shaped, shapedStatements } from '../../db/shaped';
import { filterShape, filterSql } from '../quotes/quotes.scope';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ProjectDbRow {
  id: string;
  quote_id: string;
  stage: string;
  is_matched: boolean;
  responsible_user_id: string | null;
  responsible_first_name: string | null;
  customer_target: string[];
  notes: string;
  components: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  short_id: string;
  version: number;
  address: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  roof_type: string;
  building_type: string;
  people: number;
  price_per_kwh: number;
  feed_in_tariff: number;
  consumption: number;
  total_cost: number;
  rating: number;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  files:
    | {
        id: string;
        name: string;
        mime_type: string;
        size: number;
        created_at: string;
        created_by: string | null;
      }[]
    | null;
}

const SORT: Record<string, SQL> = {
  date: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
  totalCost: sql`q.total_cost`,
  rating: sql`q.rating`,
  consumption: sql`q.consumption`,
  city: sql`q.city`,
};

/** The quote's columns a saved project shows. */
const QUOTE_COLUMNS = sql.raw(`q.short_id, q.version, q.address, q.city, q.latitude, q.longitude, q.status,
  q.roof_type, q.building_type, q.people, q.price_per_kwh, q.feed_in_tariff, q.consumption, q.total_cost, q.rating,
  q.customer_first_name, q.customer_last_name, q.customer_email, q.customer_phone`);

const COLUMNS = sql`p.*, ${QUOTE_COLUMNS},
  (SELECT u.first_name FROM users u WHERE u.id = p.responsible_user_id) AS responsible_first_name,
  (SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'mime_type', f.mime_type, 'size', f.size,
     'created_at', f.created_at, 'created_by', f.created_by) ORDER BY f.created_at DESC)
   FROM files f WHERE f.project_id = p.id) AS files`;

const SELECT = sql`SELECT ${COLUMNS} FROM projects p JOIN quotes q ON q.id = p.quote_id`;

/**
 * A saved project in the API's shape (`SavedProject`), written as JSON text by PostgreSQL, for a
 * project `p` and its quote's columns `q` (QUOTE_COLUMNS): the same answer as `toSavedProject`
 * (projects.json.test.ts holds the two equal). A page of the search passes through the API as this
 * text instead of 40 columns a row parsed into objects and written out again (docs/decisions/0022).
 * The components are written property by property, as the schema has them.
 */
const SAVED_PROJECT_JSON = sql`(SELECT row_to_json(d) FROM (SELECT p.id AS "_id", p.quote_id AS "quoteId",
    q.short_id AS "shortId", q.version, q.address, q.city, p.stage AS "projectStatus", p.is_matched AS "isMatched",
    q.roof_type AS "roofType", q.building_type AS "buildingType", q.status, q.people,
    q.price_per_kwh AS "pricePerKwh", q.feed_in_tariff AS "feedInTariff", q.consumption,
    q.total_cost AS "totalCost", q.rating,
    (SELECT row_to_json(c) FROM (SELECT q.customer_first_name AS "firstName", q.customer_last_name AS "lastName",
      q.customer_email AS email, q.customer_phone AS phone) c) AS customer,
    (SELECT u.first_name FROM users u WHERE u.id = p.responsible_user_id) AS "responsiblePerson",
    p.responsible_user_id AS "responsibleUserId", coalesce(p.customer_target, '{}') AS "customerTarget", p.notes,
    coalesce((SELECT json_agg((SELECT row_to_json(x) FROM (SELECT c.v->'type' AS type, c.v->'name' AS name,
        c.v->'quantity' AS quantity) x) ORDER BY c.i)
      FROM jsonb_array_elements(p.components) WITH ORDINALITY c(v, i)), '[]') AS components,
    coalesce((SELECT json_agg((SELECT row_to_json(x) FROM (SELECT f.id AS "_id", f.name, '/api/media/' || f.id AS url,
        f.mime_type AS "mimeType", f.size, ${isoTimestamp(sql`f.created_at`)} AS "createdAt",
        f.created_by AS "createdBy") x) ORDER BY f.created_at DESC)
      FROM files f WHERE f.project_id = p.id), '[]') AS "uploadedInstallerImages",
    ${isoTimestamp(sql`p.created_at`)} AS date, ${isoTimestamp(sql`p.updated_at`)} AS "updatedAt",
    (SELECT row_to_json(x) FROM (SELECT (SELECT row_to_json(m) FROM (SELECT q.address AS complete) m) AS "mapboxAddress",
      q.latitude AS lat, q.longitude AS long) x) AS quote) d)::text AS doc`;

/** The saved-project search's conditions on the project (`p`) and on its quote (`q`), values put in by `bind`. */
function projectParts(companyId: string, body: SavedSearchBody, bind: Bind): { project: SQL; quote: SQL } {
  const project: SQL[] = [sql`p.company_id = ${bind('company', companyId)}`, sql`NOT p.is_deleted`];
  if (body.stage?.length) project.push(sql`p.stage = ANY(${bind('stage', stagesOf(body))}::text[])`);
  if (body.responsibleUserId)
    project.push(sql`p.responsible_user_id = ${bind('responsible', body.responsibleUserId)}`);
  return { project: sql.join(project, sql` AND `), quote: filterSql(body, bind) };
}

/** The stages filter as one `text[]` value. */
const stagesOf = (body: SavedSearchBody) => `{${body.stage?.join(',') ?? ''}}`;

/** Conditions of the saved-project search, always scoped to one company. */
export function projectWhere(companyId: string, body: SavedSearchBody, bind: Bind = inline): SQL {
  const { project, quote } = projectParts(companyId, body, bind);
  return sql`${project} AND ${quote}`;
}

/**
 * Up to this many projects, a company's search in date order walks its projects in that order and
 * checks each one's quote (`walkInOrder`), with one plan for every pattern and filter value
 * (db/plan.ts): sorting 200 projects cost 0.1 ms where planning the join for an address pattern cost
 * 0.37 ms (a million quotes). A larger company's projects are read along
 * `projects_company_created_idx` with a plan made for the pattern, which stops at the page.
 */
export const WALK_MAX_PROJECTS = 500;

type PageOptions = { sortColumn: string; sortOrder: 'asc' | 'desc'; limit: number; offset: number };

/** The orders a small company's page walks its projects in: the project's own dates. */
const WALKED_SORTS = new Set(['date', 'updatedAt']);

/**
 * A page of the company's projects in `order`, as `findProjects`: the projects sorted behind an
 * `OFFSET 0` fence, each quote then read by its key with the filters checked on it, so the plan
 * depends on none of the values (docs/decisions/0018).
 */
function walkInOrder(companyId: string, body: SavedSearchBody, order: SQL, page: SQL, bind: Bind): SQL {
  const { project, quote } = projectParts(companyId, body, bind);
  return genericPlan(sql`SELECT p.id, ${SAVED_PROJECT_JSON}
    FROM (SELECT * FROM projects p WHERE ${project} ORDER BY ${order}) p
    CROSS JOIN LATERAL (SELECT ${QUOTE_COLUMNS} FROM quotes q WHERE q.id = p.quote_id AND ${quote} OFFSET 0) q
    ORDER BY ${order}
    ${page}`);
}

/** A saved project of a page: its id and the project as JSON text in the API's shape. */
export interface SavedProjectDoc {
  id: string;
  doc: string;
}

/** The page statements' texts, one a shape (db/shaped.ts, decision 0023). */
const pageStatements = shapedStatements();

/**
 * A page of the company's saved projects matching `body`. `companyProjects` is how many projects
 * the company has (not deleted): up to WALK_MAX_PROJECTS, a page in date order walks them all.
 */
export async function findProjects(
  db: DbOrTx,
  companyId: string,
  body: SavedSearchBody,
  opts: PageOptions,
  companyProjects: number,
): Promise<SavedProjectDoc[]> {
  return rowsOf<SavedProjectDoc>(
    await pageStatements.run(db, projectPageStatement(companyId, body, opts, companyProjects)),
  );
}

/** The page's statement as a shape (walked or joined, sort, set filters) and its values. */
export function projectPageStatement(
  companyId: string,
  body: SavedSearchBody,
  opts: PageOptions,
  companyProjects: number,
): Shaped {
  const walk = companyProjects <= WALK_MAX_PROJECTS && WALKED_SORTS.has(opts.sortColumn);
  const quote = filterShape(body);
  return {
    key: `${walk ? 'walk' : 'join'}|${opts.sortColumn}|${opts.sortOrder}|${body.stage?.length ? 's' : ''}|${body.responsibleUserId ? 'r' : ''}|${quote.key}`,
    values: {
      ...quote.values,
      company: companyId,
      stage: stagesOf(body),
      responsible: body.responsibleUserId ?? null,
      limit: opts.limit,
      offset: opts.offset,
    },
    build: (bind) => {
      const dir = opts.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
      const order = sql`${SORT[opts.sortColumn] ?? sql`p.created_at`} ${dir}, p.id ${dir}`;
      const page = sql`LIMIT ${bind('limit', opts.limit)} OFFSET ${bind('offset', opts.offset)}`;
      if (walk) return walkInOrder(companyId, body, order, page, bind);
      return sql`SELECT p.id, ${SAVED_PROJECT_JSON} FROM projects p JOIN quotes q ON q.id = p.quote_id
      WHERE ${projectWhere(companyId, body, bind)}
      ORDER BY ${order}
      ${page}`;
    },
  };
}

export async function totalsOf(db: DbOrTx, where: SQL): Promise<{ count: number; totalCost: number }> {
  const [row] = rowsOf<{ count: number; total_cost: number }>(
    await db.execute(sql`SELECT count(*)::int AS count, coalesce(sum(q.total_cost), 0) AS total_cost
      FROM projects p JOIN quotes q ON q.id = p.quote_id WHERE ${where}`),
  );
  return { count: Number(row?.count ?? 0), totalCost: Number(row?.total_cost ?? 0) };
}

export async function findProject(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<ProjectDbRow | undefined> {
  const [row] = rowsOf<ProjectDbRow>(
    await db.execute(sql`${SELECT} WHERE p.id = ${id} AND p.company_id = ${companyId} AND NOT p.is_deleted`),
  );
  return row;
}

export async function countByStage(db: DbOrTx, companyId: string): Promise<Record<Stage, number>> {
  const rows = rowsOf<{ stage: Stage; n: number }>(
    await db.execute(sql`SELECT stage, count(*)::int AS n FROM projects
      WHERE company_id = ${companyId} AND NOT is_deleted GROUP BY stage`),
  );
  const counts = {
    ACQUISITION: 0,
    OFFER_PROVIDED: 0,
    INSTALLER_SIGNED: 0,
    PROJECT_REALIZED: 0,
    OFFER_NOT_ACCEPTED: 0,
  } satisfies Record<Stage, number>;
  for (const r of rows) counts[r.stage] = Number(r.n);
  return counts;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toSavedProject(r: ProjectDbRow): SavedProject {
  return {
    _id: r.id,
    quoteId: r.quote_id,
    shortId: r.short_id,
    version: r.version,
    address: r.address,
    city: r.city,
    projectStatus: r.stage as Stage,
    isMatched: r.is_matched,
    roofType: r.roof_type,
    buildingType: r.building_type,
    status: r.status,
    people: r.people,
    pricePerKwh: Number(r.price_per_kwh),
    feedInTariff: Number(r.feed_in_tariff),
    consumption: Number(r.consumption),
    totalCost: Number(r.total_cost),
    rating: Number(r.rating),
    customer: {
      firstName: r.customer_first_name,
      lastName: r.customer_last_name,
      email: r.customer_email,
      phone: r.customer_phone,
    },
    responsiblePerson: r.responsible_first_name,
    responsibleUserId: r.responsible_user_id,
    customerTarget: r.customer_target ?? [],
    notes: r.notes,
    components: (typeof r.components === 'string'
      ? JSON.parse(r.components)
      : r.components) as SavedProject['components'],
    uploadedInstallerImages: (r.files ?? []).map((f) => ({
      _id: f.id,
      name: f.name,
      url: `/api/media/${f.id}`,
      mimeType: f.mime_type,
      size: f.size,
      createdAt: iso(f.created_at),
      createdBy: f.created_by,
    })),
    date: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    quote: {
      mapboxAddress: { complete: r.address },
      lat: r.latitude === null ? null : Number(r.latitude),
      long: r.longitude === null ? null : Number(r.longitude),
    },
  };
}
