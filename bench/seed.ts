import {
  BUILDING_TYPES,
  QUOTE_FLAGS,
  QUOTE_STATUSES,
  QUOTE_TASK_STATUSES,
  ROOF_TYPES,
  STAGES,
  VERIFICATIONS,
} from '@solar/shared';

/**
 * The benchmark's data set, generated inside PostgreSQL with generate_series (seconds for a million
 * rows, no round trips): quotes over `cities` synthetic German cities, companies with one admin
 * each and saved projects near them.
 */
export interface SeedSize {
  quotes: number;
  cities: number;
  companies: number;
  projectsPerCompany: number;
}

const arr = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Runs one statement (a `pg` client or PGlite, as the owner). */
export type RunSql = (text: string, params?: unknown[]) => Promise<unknown>;

export async function seedQuotes(client: { query: RunSql }, size: SeedSize): Promise<void> {
  await client.query(`CREATE TEMP TABLE bench_cities AS
    SELECT i, 'Benchstadt ' || i AS name,
      47.4 + ((i * 7919) % 1000) / 1000.0 * 7.4 AS lat,
      6.1 + ((i * 104729) % 1000) / 1000.0 * 8.7 AS lon
    FROM generate_series(0, ${size.cities - 1}) i`);
  await client.query(`INSERT INTO quotes (short_id, address, postal_code, city, latitude, longitude, status,
      task_status, verification, roof_type, building_type, price_per_kwh, feed_in_tariff, people, consumption,
      total_cost, rating, flags, customer_first_name, customer_last_name, customer_email, customer_phone, created_at)
    SELECT 'B' || g, 'Benchweg ' || (g % 300 + 1) || ', ' || c.name, lpad(((g * 13) % 99999)::text, 5, '0'), c.name,
      c.lat + ((g * 37) % 1000 - 500) / 5000.0, c.lon + ((g * 53) % 1000 - 500) / 3500.0,
      (${arr(QUOTE_STATUSES)})[1 + g % ${QUOTE_STATUSES.length}],
      (${arr(QUOTE_TASK_STATUSES)})[1 + (g / 7) % ${QUOTE_TASK_STATUSES.length}],
      (${arr(VERIFICATIONS)})[1 + (g / 3) % ${VERIFICATIONS.length}],
      (${arr(ROOF_TYPES)})[1 + (g / 11) % ${ROOF_TYPES.length}],
      (${arr(BUILDING_TYPES)})[1 + (g / 5) % ${BUILDING_TYPES.length}],
      0.28 + (g % 20) / 100.0, 0.08, 1 + g % 6, 2500 + (g % 50) * 100,
      8000 + (g * 7919) % 60000, ((g * 31) % 500) / 100.0,
      ARRAY[(${arr(QUOTE_FLAGS)})[1 + g % ${QUOTE_FLAGS.length}]],
      'Kundin', 'Nr' || g, 'kunde' || g || '@bench.test', '+49 30 ' || g,
      now() - ((g % 700) || ' days')::interval
    FROM generate_series(1::bigint, ${size.quotes}) g JOIN bench_cities c ON c.i = g % ${size.cities}`);
  await client.query('ANALYZE quotes');
}

/** Companies at city centres, one admin each (the given password hash), saved projects near them. */
export async function seedCompanies(
  client: { query: RunSql },
  size: SeedSize,
  passwordHash: string,
): Promise<void> {
  await client.query(`INSERT INTO companies (name, slug, city, latitude, longitude, service_radius_km)
    SELECT 'Bench Solar ' || k, 'bench-' || k, c.name, c.lat, c.lon, 40
    FROM generate_series(0, ${size.companies - 1}) k JOIN bench_cities c ON c.i = (k * 2) % ${size.cities}`);
  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, company_id)
     SELECT 'admin@' || slug || '.bench.test', $1, 'Bench', 'Admin', 'INSTALLER_ADMIN', id FROM companies
     WHERE slug LIKE 'bench-%'`,
    [passwordHash],
  );
  await client.query(`INSERT INTO projects (company_id, quote_id, stage, created_at)
    SELECT co.id, q.id, (${arr(STAGES)})[1 + (row_number() OVER ()) % ${STAGES.length}], q.created_at
    FROM companies co
    CROSS JOIN LATERAL (SELECT id, created_at FROM quotes WHERE city = co.city ORDER BY id
      LIMIT ${size.projectsPerCompany}) q
    WHERE co.slug LIKE 'bench-%'
    ON CONFLICT DO NOTHING`);
  await client.query('ANALYZE');
}

/**
 * The whole data set: quotes, companies with their areas and projects, and a platform administrator
 * (admin@bench.test), all with `password`.
 */
export async function seedAll(run: RunSql, size: SeedSize, password: string): Promise<void> {
  const { hashPassword } = await import('../apps/api/src/lib/passwords');
  const hash = await hashPassword(password);
  const client = { query: run };
  await seedQuotes(client, size);
  await seedCompanies(client, size, hash);
  await run(
    `INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ('admin@bench.test', $1, 'Bench', 'Admin', 'ADMIN')`,
    [hash],
  );
}
