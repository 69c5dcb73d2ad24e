import { compactUuid, type MapBox, type MapPoints, type Quote, type QuoteFilters } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp } from '../../db/json';
import { filterSql, projectJoin, type QuoteScope, scopeSql } from './quotes.scope';
import { visibleIds } from './quotes.search';

export interface QuoteDbRow {
  id: string;
  short_id: string;
  version: number;
  address: string;
  postal_code: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  task_status: string;
  verification: string;
  solar_coverage: string;
  roof_type: string;
  roof_material: string;
  roof_orientation: string;
  building_type: string;
  price_per_kwh: number;
  feed_in_tariff: number;
  people: number;
  consumption: number;
  total_cost: number;
  rating: number;
  flags: string[];
  is_duplicate: boolean;
  is_blacklisted: boolean;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  created_at: Date | string;
  project_id: string | null;
  project_stage: string | null;
  has_obj: boolean;
  has_pvsol: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const SELECT = sql`SELECT q.*, p.id AS project_id, p.stage AS project_stage,
  EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'obj') AS has_obj,
  EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'pvsol') AS has_pvsol`;

/** The most cells of the server's clusters in one answer (a screen holds a few hundred). */
export const MAP_CLUSTER_LIMIT = 10_000;
/** The server's cluster cell: 64 screen pixels, as the browser's clusters. */
const CLUSTER_CELL_PX = 64;

/** Five decimals: about 1 m, enough for a dot on a map and shorter on the wire than a double. */
const roundCoordinate = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The points inside a bounding box for the map, as parallel arrays: every point, best rated first,
 * when there are at most `limit` (setting MAP_POINT_LIMIT, 50,000 points: about 2 MB as JSON,
 * 0.9 MB compressed); else the server's clusters at `zoom` (cells of 64 screen
 * pixels of the Web Mercator grid, at most MAP_CLUSTER_LIMIT, the fullest first), a cell of one
 * quote as a point.
 */
export async function findMapPoints(
  db: DbOrTx,
  scope: QuoteScope,
  filters: QuoteFilters,
  bbox: MapBox | undefined,
  zoom: number,
  limit: number,
): Promise<MapPoints> {
  const box = bbox
    ? sql`q.latitude BETWEEN ${bbox.minLat} AND ${bbox.maxLat} AND q.longitude BETWEEN ${bbox.minLng} AND ${bbox.maxLng}`
    : sql`q.latitude IS NOT NULL`;
  // An installer's points come from its area and projects (quote_areas), not from testing every
  // quote in the box; the platform roles read the box along the (latitude, longitude) index.
  const byArea = scope.kind === 'company';
  const from = byArea
    ? sql`(${visibleIds(scope)}) v JOIN quotes q ON q.id = v.id ${projectJoin(scope)}`
    : sql`quotes q ${projectJoin(scope)}`;
  const where = sql`${byArea ? sql`true` : scopeSql(scope)} AND ${filterSql(filters)} AND ${box}`;
  // A bounded count: it stops at the first point past the limit.
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${limit + 1}) s`,
    ),
  );
  if ((counted?.n ?? 0) > limit) return findMapClusters(db, from, where, zoom);
  const rows = rowsOf<{ id: string; latitude: number; longitude: number; stage: string | null }>(
    await db.execute(sql`SELECT q.id, q.latitude, q.longitude, p.stage
      FROM ${from} WHERE ${where}
      ORDER BY q.rating DESC, q.id DESC LIMIT ${limit}`),
  );
  return {
    ids: rows.map((r) => compactUuid(r.id)),
    lat: rows.map((r) => roundCoordinate(Number(r.latitude))),
    long: rows.map((r) => roundCoordinate(Number(r.longitude))),
    stage: rows.map((r) => r.stage as MapPoints['stage'][number]),
    truncated: false,
    clusters: null,
  };
}

/** The server's clusters of the points `from … where` selects, at `zoom` (see findMapPoints). */
async function findMapClusters(db: DbOrTx, from: SQL, where: SQL, zoom: number): Promise<MapPoints> {
  // Cells across the world at this zoom; x and y are the Web Mercator coordinates in [0, 1).
  const cells = (256 * 2 ** zoom) / CLUSTER_CELL_PX;
  const rows = rowsOf<MapCell>(
    await db.execute(sql`SELECT count(*)::int AS n, avg(q.latitude) AS lat, avg(q.longitude) AS lng,
        count(p.id)::int AS projects,
        CASE WHEN count(*) = 1 THEN min(q.id::text) END AS id,
        CASE WHEN count(*) = 1 THEN min(p.stage) END AS stage
      FROM ${from} WHERE ${where}
      GROUP BY floor((q.longitude + 180) / 360 * ${cells}),
        floor((0.5 - ln(tan(radians(45 + least(85.05, greatest(-85.05, q.latitude)) / 2))) / (2 * pi())) * ${cells})
      ORDER BY n DESC LIMIT ${MAP_CLUSTER_LIMIT + 1}`),
  );
  const shown = mergeCloseCells(
    rows.slice(0, MAP_CLUSTER_LIMIT).map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng) })),
    zoom,
  );
  const points = shown.filter((r) => r.n === 1 && r.id);
  const groups = shown.filter((r) => r.n > 1);
  return {
    ids: points.map((r) => compactUuid(r.id as string)),
    lat: points.map((r) => roundCoordinate(r.lat)),
    long: points.map((r) => roundCoordinate(r.lng)),
    stage: points.map((r) => r.stage as MapPoints['stage'][number]),
    truncated: rows.length > MAP_CLUSTER_LIMIT,
    clusters: {
      zoom,
      lat: groups.map((r) => roundCoordinate(r.lat)),
      long: groups.map((r) => roundCoordinate(r.lng)),
      count: groups.map((r) => r.n),
      projects: groups.map((r) => r.projects),
    },
  };
}

export interface MapCell {
  n: number;
  lat: number;
  lng: number;
  projects: number;
  id: string | null;
  stage: string | null;
}

/** A position in screen pixels of the Web Mercator world at a zoom (256 px tiles). */
function worldPixels(lat: number, lng: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/**
 * Grid cells whose centres lie closer than a cell (64 screen pixels) at the zoom are one cluster:
 * the centres of neighbouring cells' quotes can be a few pixels apart, and their bubbles would cover
 * each other. Greedy, the fullest first, as supercluster does in the browser; the merged centre is
 * the weighted mean.
 */
export function mergeCloseCells(cells: readonly MapCell[], zoom: number): MapCell[] {
  const r = CLUSTER_CELL_PX;
  const order = [...cells].sort((a, b) => b.n - a.n);
  const at = order.map((c) => worldPixels(c.lat, c.lng, zoom));
  // A hash of the cells by a grid of the radius: the neighbours are in the 3 × 3 buckets around.
  const buckets = new Map<string, number[]>();
  at.forEach(([x, y], i) => {
    const key = `${Math.floor(x / r)}:${Math.floor(y / r)}`;
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
  });
  const taken = new Uint8Array(order.length);
  const merged: MapCell[] = [];
  order.forEach((cell, i) => {
    if (taken[i]) return;
    taken[i] = 1;
    const [x, y] = at[i] as [number, number];
    let { n, projects } = cell;
    let latSum = cell.lat * cell.n;
    let lngSum = cell.lng * cell.n;
    for (let bx = Math.floor(x / r) - 1; bx <= Math.floor(x / r) + 1; bx += 1) {
      for (let by = Math.floor(y / r) - 1; by <= Math.floor(y / r) + 1; by += 1) {
        for (const j of buckets.get(`${bx}:${by}`) ?? []) {
          const [xj, yj] = at[j] as [number, number];
          if (taken[j] || (xj - x) ** 2 + (yj - y) ** 2 >= r * r) continue;
          taken[j] = 1;
          const other = order[j] as MapCell;
          n += other.n;
          projects += other.projects;
          latSum += other.lat * other.n;
          lngSum += other.lng * other.n;
        }
      }
    }
    merged.push(
      n === cell.n ? cell : { n, projects, lat: latSum / n, lng: lngSum / n, id: null, stage: null },
    );
  });
  return merged;
}

export async function findQuoteById(
  db: DbOrTx,
  scope: QuoteScope,
  id: string,
): Promise<QuoteDbRow | undefined> {
  const [row] = rowsOf<QuoteDbRow>(
    await db.execute(
      sql`${SELECT} FROM quotes q ${projectJoin(scope)} WHERE q.id = ${id} AND ${scopeSql(scope)}`,
    ),
  );
  return row;
}

/** Values the filter controls offer, over what the caller can see. */
export async function findFilterData(db: DbOrTx, scope: QuoteScope) {
  const base = sql`FROM quotes q ${projectJoin(scope)} WHERE ${scopeSql(scope)}`;
  const cities = rowsOf<{ city: string; count: number; lat: number | null; long: number | null }>(
    await db.execute(
      sql`SELECT q.city, count(*)::int AS count, avg(q.latitude) AS lat, avg(q.longitude) AS long ${base} GROUP BY q.city ORDER BY q.city`,
    ),
  );
  const types = rowsOf<{ kind: string; value: string }>(
    await db.execute(sql`SELECT DISTINCT 'building' AS kind, q.building_type AS value ${base}
      UNION SELECT DISTINCT 'roof', q.roof_type ${base} ORDER BY 1, 2`),
  );
  const [range] = rowsOf<{ min: number | null; max: number | null }>(
    await db.execute(sql`SELECT min(q.total_cost) AS min, max(q.total_cost) AS max ${base}`),
  );
  return {
    cities: cities.map((c) => ({
      city: c.city,
      count: c.count,
      lat: Number(c.lat ?? 0),
      long: Number(c.long ?? 0),
    })),
    buildingTypes: types.filter((t) => t.kind === 'building').map((t) => t.value),
    roofTypes: types.filter((t) => t.kind === 'roof' && t.value).map((t) => t.value),
    minCost: Number(range?.min ?? 0),
    maxCost: Number(range?.max ?? 0),
  };
}

/**
 * A quote in the API's shape (`Quote`), written as JSON text by PostgreSQL: the same answer as
 * `toQuote` (quotes.json.test.ts holds the two equal in every scope), for a
 * row `q` of quotes with its caller's project as `p` (`id`, `stage`). A page of the listing passes
 * through the API as this text: parsing 35 columns of 20 rows into objects and writing them out
 * again was half of a search's CPU in the API process (docs/decisions/0022).
 */
export function quoteJsonSql(scope: QuoteScope): SQL {
  const showCustomer = scope.kind === 'all' ? sql`true` : sql`p.id IS NOT NULL`;
  return sql`(SELECT row_to_json(d) FROM (SELECT q.id AS "_id", q.id AS "quoteId", q.short_id AS "shortId",
    q.version, q.address, q.postal_code AS "postalCode", q.city, q.latitude AS lat, q.longitude AS long,
    q.status, q.task_status AS "taskStatus", q.verification, q.solar_coverage AS "solarCoverage",
    q.roof_type AS "roofType", q.roof_material AS "roofMaterial", q.roof_orientation AS "roofOrientation",
    q.building_type AS "buildingType", q.price_per_kwh AS "pricePerKwh", q.feed_in_tariff AS "feedInTariff",
    q.people, q.consumption, q.total_cost AS "totalCost", q.rating, q.flags AS "flagOfQuote",
    q.verification = 'verified' AS "isVerified", q.is_duplicate AS "isDuplicate",
    q.is_blacklisted AS "isBlacklisted",
    EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'obj') AS "hasObj",
    EXISTS (SELECT 1 FROM files f WHERE f.quote_id = q.id AND f.kind = 'pvsol') AS "hasPvsol",
    CASE WHEN ${showCustomer} THEN (SELECT row_to_json(c) FROM (SELECT q.customer_first_name AS "firstName",
      q.customer_last_name AS "lastName", q.customer_email AS email, q.customer_phone AS phone) c) END AS customer,
    p.id AS "projectId", p.stage AS "projectStatus",
    ${isoTimestamp(sql`q.created_at`)} AS "createdAt") d)::text`;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The API shape; customer contact data only for a company with a project of it, and for ADMIN. */
export function toQuote(r: QuoteDbRow, scope: QuoteScope): Quote {
  const showCustomer = scope.kind === 'all' || r.project_id !== null;
  return {
    _id: r.id,
    quoteId: r.id,
    shortId: r.short_id,
    version: r.version,
    address: r.address,
    postalCode: r.postal_code,
    city: r.city,
    lat: r.latitude === null ? null : Number(r.latitude),
    long: r.longitude === null ? null : Number(r.longitude),
    status: r.status as Quote['status'],
    taskStatus: r.task_status as Quote['taskStatus'],
    verification: r.verification as Quote['verification'],
    solarCoverage: r.solar_coverage as Quote['solarCoverage'],
    roofType: r.roof_type,
    roofMaterial: r.roof_material,
    roofOrientation: r.roof_orientation,
    buildingType: r.building_type,
    pricePerKwh: Number(r.price_per_kwh),
    feedInTariff: Number(r.feed_in_tariff),
    people: r.people,
    consumption: Number(r.consumption),
    totalCost: Number(r.total_cost),
    rating: Number(r.rating),
    flagOfQuote: r.flags,
    isVerified: r.verification === 'verified',
    isDuplicate: r.is_duplicate,
    isBlacklisted: r.is_blacklisted,
    hasObj: r.has_obj,
    hasPvsol: r.has_pvsol,
    customer: showCustomer
      ? {
          firstName: r.customer_first_name,
          lastName: r.customer_last_name,
          email: r.customer_email,
          phone: r.customer_phone,
        }
      : null,
    projectId: r.project_id,
    projectStatus: r.project_stage as Quote['projectStatus'],
    createdAt: iso(r.created_at),
  };
}
