import type { BulkPrice, Product } from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ProductRow {
  id: string;
  company_id: string | null;
  source_product_id: string | null;
  type: string;
  subtype: string | null;
  name: string;
  manufacturer: string;
  details: Product['details'];
  datasheet_file_id: string | null;
  updated_at: Date | string;
  ip_price: number | null;
  ip_bulk_prices: BulkPrice[] | null;
  ip_created_at: Date | string | null;
}

/**
 * Products visible to a company (the platform's and its own), with its catalogue price joined.
 * `companyId` null (ADMIN) sees the platform's products only.
 */
export async function findProducts(
  db: DbOrTx,
  opts: {
    companyId: string | null;
    where?: SQL;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ProductRow[]; total: number }> {
  const visible = opts.companyId
    ? sql`(p.company_id IS NULL OR p.company_id = ${opts.companyId})`
    : sql`p.company_id IS NULL`;
  const join = opts.companyId
    ? sql`LEFT JOIN installer_products ip ON ip.product_id = p.id AND ip.company_id = ${opts.companyId}`
    : sql`LEFT JOIN LATERAL (SELECT NULL::float8 AS price, NULL::jsonb AS bulk_prices, NULL::timestamptz AS created_at) ip ON true`;
  const where = sql`${visible} AND NOT p.is_deleted AND ${opts.where ?? sql`true`}`;
  const rows = rowsOf<ProductRow>(
    await db.execute(sql`SELECT p.*, ip.price AS ip_price, ip.bulk_prices AS ip_bulk_prices, ip.created_at AS ip_created_at
      FROM products p ${join} WHERE ${where}
      ORDER BY p.type, lower(p.name), p.id LIMIT ${opts.limit} OFFSET ${opts.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM products p ${join} WHERE ${where}`),
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findProduct(
  db: DbOrTx,
  companyId: string | null,
  id: string,
): Promise<ProductRow | undefined> {
  const { rows } = await findProducts(db, { companyId, where: sql`p.id = ${id}`, limit: 1, offset: 0 });
  return rows[0];
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toProduct(r: ProductRow): Product {
  return {
    _id: r.id,
    installerId: r.company_id,
    isDuplicate: r.company_id !== null,
    sourceProductId: r.source_product_id,
    type: r.type as Product['type'],
    subtype: r.subtype,
    name: r.name,
    manufacturer: r.manufacturer,
    details: r.details ?? {},
    datasheetUrl: r.datasheet_file_id ? `/api/media/${r.datasheet_file_id}` : null,
    installerProduct:
      r.ip_price === null || r.ip_price === undefined
        ? null
        : {
            price: Number(r.ip_price),
            bulkPrices: r.ip_bulk_prices ?? [],
            addedAt: iso(r.ip_created_at ?? r.updated_at),
          },
    updatedAt: iso(r.updated_at),
  };
}
