import {
  type BulkPrice,
  bulkTierIssues,
  calculateOffer,
  type OfferCalculation,
  type PricingSettings,
  type ProductInput,
} from '@solar/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, files, installerProducts, pricingSettings, products } from '../../db/schema';
import { distanceKm } from '../../db/seed/geo';
import { recordAudit } from '../../lib/audit';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { canEditCatalogue, canEditPlatformProducts } from './products.policy';
import { findProduct, findProducts, toProduct } from './products.repository';

const sortTiers = (tiers: BulkPrice[]) => [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);

/**
 * A product's datasheet must be a file of the product's owner: the company's own for its products,
 * a platform file (no company) for the platform's. Another company's file id is refused as unknown.
 */
async function assertDatasheet(db: DbOrTx, companyId: string | null, fileId: string | null | undefined) {
  if (!fileId) return;
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), companyId ? eq(files.companyId, companyId) : isNull(files.companyId)));
  if (!file) throw badRequest('not_found', { datasheetFileId: 'not_found' });
}

/** The company whose catalogue a call reads: the caller's own; ADMIN may name one. */
export function catalogueCompany(me: Principal, installerId?: string): string | null {
  if (me.role === 'ADMIN') return installerId ?? null;
  if (!me.companyId) throw forbidden();
  if (installerId && installerId !== me.companyId) throw forbidden();
  return me.companyId;
}

export async function listProducts(
  ctx: AppContext,
  me: Principal,
  q: {
    installerId?: string;
    type?: string;
    page: number;
    limit: number;
    query?: string;
    inCatalogue?: string;
  },
) {
  const companyId = catalogueCompany(me, q.installerId);
  const parts: SQL[] = [];
  if (q.type) parts.push(sql`p.type = ${q.type}`);
  if (q.query) {
    const pattern = `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(p.name ILIKE ${pattern} OR p.manufacturer ILIKE ${pattern})`);
  }
  if (q.inCatalogue === 'true') parts.push(sql`ip.price IS NOT NULL`);
  const { rows, total } = await findProducts(ctx.database.db, {
    companyId,
    where: parts.length ? sql.join(parts, sql` AND `) : undefined,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const totalPages = Math.ceil(total / q.limit);
  return {
    docs: rows.map(toProduct),
    pagination: { page: q.page, limit: q.limit, total, totalPages, hasNextPage: q.page < totalPages },
  };
}

export async function getProduct(ctx: AppContext, me: Principal, installerId: string, productId: string) {
  const row = await findProduct(ctx.database.db, catalogueCompany(me, installerId), productId);
  if (!row) throw notFound('product_not_found');
  return toProduct(row);
}

/**
 * Creates a platform product (ADMIN) or, with isDuplicate, a company's own product — typically a
 * copy of a platform product that the company adapts — added to its catalogue at its price.
 */
export async function createProduct(
  ctx: AppContext,
  me: Principal,
  input: ProductInput,
  isDuplicate: boolean,
) {
  const companyId = isDuplicate ? me.companyId : null;
  if (isDuplicate ? !canEditCatalogue(me) : !canEditPlatformProducts(me)) throw forbidden();
  const id = await ctx.database.db.transaction(async (tx) => {
    await assertDatasheet(tx, companyId, input.datasheetFileId);
    if (input.sourceProductId) {
      const source = await findProduct(tx, companyId, input.sourceProductId);
      if (!source) throw badRequest('product_not_found', { sourceProductId: 'product_not_found' });
    }
    const [row] = await tx
      .insert(products)
      .values({
        companyId,
        sourceProductId: input.sourceProductId ?? null,
        type: input.type,
        subtype: input.subtype ?? null,
        name: input.name,
        manufacturer: input.manufacturer,
        details: input.details,
        datasheetFileId: input.datasheetFileId ?? null,
      })
      .returning({ id: products.id });
    if (!row) throw new AppError(418, 'something_wrong');
    if (companyId && input.price !== undefined) {
      await tx.insert(installerProducts).values({
        companyId,
        productId: row.id,
        price: input.price,
        bulkPrices: sortTiers(input.bulkPrices ?? []),
      });
    }
    return row.id;
  });
  return toProduct(
    (await findProduct(ctx.database.db, companyId, id)) as NonNullable<
      Awaited<ReturnType<typeof findProduct>>
    >,
  );
}

/** The products a caller may change: its company's own (isDuplicate) or the platform's (ADMIN). */
function editableScope(me: Principal, isDuplicate: boolean) {
  if (isDuplicate) {
    if (!canEditCatalogue(me) || !me.companyId) throw forbidden();
    return eq(products.companyId, me.companyId);
  }
  if (!canEditPlatformProducts(me)) throw forbidden();
  return isNull(products.companyId);
}

export async function updateProduct(
  ctx: AppContext,
  me: Principal,
  id: string,
  input: ProductInput,
  isDuplicate: boolean,
) {
  const scope = editableScope(me, isDuplicate);
  await ctx.database.db.transaction(async (tx) => {
    await assertDatasheet(tx, isDuplicate ? me.companyId : null, input.datasheetFileId);
    const updated = await tx
      .update(products)
      .set({
        type: input.type,
        subtype: input.subtype ?? null,
        name: input.name,
        manufacturer: input.manufacturer,
        details: input.details,
        datasheetFileId: input.datasheetFileId ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), scope, eq(products.isDeleted, false)))
      .returning({ id: products.id });
    if (updated.length === 0) throw notFound('product_not_found');
    if (isDuplicate && me.companyId && input.price !== undefined) {
      if (!input.bulkPrices) {
        const [stored] = await tx
          .select({ bulkPrices: installerProducts.bulkPrices })
          .from(installerProducts)
          .where(and(eq(installerProducts.companyId, me.companyId), eq(installerProducts.productId, id)));
        if (stored) checkStoredTiers(stored.bulkPrices as BulkPrice[], input.price, 'price');
      }
      await upsertCatalogueEntry(tx, me.companyId, id, input.price, input.bulkPrices);
    }
  });
  const row = await findProduct(ctx.database.db, isDuplicate ? me.companyId : null, id);
  if (!row) throw notFound('product_not_found');
  return toProduct(row);
}

/**
 * PUT /product/delete: all of the listed products or none, like the board's bulk deletes: an id
 * that is not the caller's to delete (another company's, unknown) refuses the whole call with 404
 * rather than answering "deleted" for what was left alone. One already deleted counts as deleted.
 * Returns how many were asked for (distinct ids).
 */
export async function deleteProducts(ctx: AppContext, me: Principal, ids: string[], isDuplicate: boolean) {
  const scope = editableScope(me, isDuplicate);
  const unique = [...new Set(ids)];
  await ctx.database.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, unique), scope))
      .for('update');
    if (found.length !== unique.length) throw notFound('product_not_found');
    await tx
      .update(products)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(and(inArray(products.id, unique), scope, eq(products.isDeleted, false)));
  });
  return unique.length;
}

/**
 * The tier rules of `bulkTierIssues` where one side comes from the database (a price change that
 * keeps the stored tiers, new tiers for the stored price): refused field by field like the schema.
 */
function checkStoredTiers(tiers: BulkPrice[], unitPrice: number, changed: 'price' | 'bulkPrices') {
  const issues = bulkTierIssues(tiers, unitPrice);
  if (issues.length === 0) return;
  if (changed === 'price') throw badRequest('invalid_input', { price: 'price_below_tier' });
  throw badRequest(
    'invalid_input',
    Object.fromEntries(issues.map((i) => [`bulkPrices.${i.index}.${i.field}`, i.code])),
  );
}

async function upsertCatalogueEntry(
  tx: DbOrTx,
  companyId: string,
  productId: string,
  price: number,
  tiers?: BulkPrice[],
) {
  await tx
    .insert(installerProducts)
    .values({ companyId, productId, price, bulkPrices: sortTiers(tiers ?? []) })
    .onConflictDoUpdate({
      target: [installerProducts.companyId, installerProducts.productId],
      set: {
        price,
        ...(tiers ? { bulkPrices: sortTiers(tiers) } : {}),
        updatedAt: new Date(),
      },
    });
}

/** Adds a visible product to the company's catalogue, or changes its price (and tiers). */
export async function setCatalogueEntry(
  ctx: AppContext,
  me: Principal,
  input: { productId: string; price: number; bulkPrices?: BulkPrice[] },
  mustExist: boolean,
) {
  if (!canEditCatalogue(me) || !me.companyId) throw forbidden();
  const companyId = me.companyId;
  const { db } = ctx.database;
  const product = await findProduct(db, companyId, input.productId);
  if (!product) throw notFound('product_not_found');
  if (mustExist && product.ip_price === null) throw notFound('product_not_in_catalogue');
  await db.transaction(async (tx) => {
    if (!input.bulkPrices) {
      // A price change without tiers keeps the stored ones: refused when one would be above it.
      const [stored] = await tx
        .select({ bulkPrices: installerProducts.bulkPrices })
        .from(installerProducts)
        .where(
          and(eq(installerProducts.companyId, companyId), eq(installerProducts.productId, input.productId)),
        )
        .for('update');
      if (stored) checkStoredTiers(stored.bulkPrices as BulkPrice[], input.price, 'price');
    }
    await upsertCatalogueEntry(tx, companyId, input.productId, input.price, input.bulkPrices);
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'product.price',
      entityId: input.productId,
      before: { price: product.ip_price === null ? null : Number(product.ip_price) },
      after: { price: input.price, ...(input.bulkPrices ? { bulkPrices: input.bulkPrices } : {}) },
    });
  });
  return toProduct((await findProduct(db, companyId, input.productId)) as NonNullable<typeof product>);
}

export async function setBulkPrices(ctx: AppContext, me: Principal, productId: string, tiers: BulkPrice[]) {
  if (!canEditCatalogue(me) || !me.companyId) throw forbidden();
  const companyId = me.companyId;
  await ctx.database.db.transaction(async (tx) => {
    // A product deleted meanwhile (another tab, a colleague) keeps its catalogue row: refused like
    // the other catalogue calls rather than given tiers nobody can see.
    if (!(await findProduct(tx, companyId, productId))) throw notFound('product_not_found');
    const [before] = await tx
      .select({ bulkPrices: installerProducts.bulkPrices, price: installerProducts.price })
      .from(installerProducts)
      .where(and(eq(installerProducts.companyId, companyId), eq(installerProducts.productId, productId)));
    if (!before) throw notFound('product_not_in_catalogue');
    checkStoredTiers(tiers, Number(before.price), 'bulkPrices');
    await tx
      .update(installerProducts)
      .set({ bulkPrices: sortTiers(tiers), updatedAt: new Date() })
      .where(and(eq(installerProducts.companyId, companyId), eq(installerProducts.productId, productId)));
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'product.bulk_prices',
      entityId: productId,
      before: { bulkPrices: before.bulkPrices },
      after: { bulkPrices: sortTiers(tiers) },
    });
  });
  return toProduct(
    (await findProduct(ctx.database.db, me.companyId, productId)) as NonNullable<
      Awaited<ReturnType<typeof findProduct>>
    >,
  );
}

export async function removeCatalogueEntry(ctx: AppContext, me: Principal, productId: string) {
  if (!canEditCatalogue(me) || !me.companyId) throw forbidden();
  const companyId = me.companyId;
  await ctx.database.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(installerProducts)
      .where(and(eq(installerProducts.companyId, companyId), eq(installerProducts.productId, productId)))
      .returning({ price: installerProducts.price, bulkPrices: installerProducts.bulkPrices });
    if (!removed) throw notFound('product_not_in_catalogue');
    // What the catalogue held, so a removal by mistake can be put back as it was.
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'product.removed_from_catalogue',
      entityId: productId,
      before: { price: Number(removed.price), bulkPrices: removed.bulkPrices },
      after: null,
    });
  });
}

export async function getPricing(ctx: AppContext, me: Principal): Promise<PricingSettings> {
  if (!me.companyId) throw forbidden();
  const [row] = await ctx.database.db
    .select()
    .from(pricingSettings)
    .where(eq(pricingSettings.companyId, me.companyId));
  return row
    ? { strategy: row.strategy as PricingSettings['strategy'], value: row.value }
    : { strategy: 'fixForProject', value: 0 };
}

export async function setPricing(
  ctx: AppContext,
  me: Principal,
  input: PricingSettings,
): Promise<PricingSettings> {
  if (me.role !== 'INSTALLER_ADMIN' || !me.companyId) throw forbidden();
  const companyId = me.companyId;
  const before = await getPricing(ctx, me);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(pricingSettings)
      .values({ companyId, ...input })
      .onConflictDoUpdate({ target: pricingSettings.companyId, set: { ...input, updatedAt: new Date() } });
    await recordAudit(tx, {
      companyId,
      userId: me.id,
      action: 'pricing.strategy',
      entityId: null,
      before,
      after: input,
    });
  });
  return input;
}

/** Proposes a price from catalogue components with the company's strategy (shared `calculateOffer`). */
export async function calculate(
  ctx: AppContext,
  me: Principal,
  input: {
    components: { productId: string; quantity: number }[];
    projectId?: string;
    kwp?: number;
    distanceKm?: number;
  },
): Promise<OfferCalculation> {
  if (!me.companyId) throw forbidden();
  const { db } = ctx.database;
  const components = [];
  let panelWatts = 0;
  for (const c of input.components) {
    const row = await findProduct(db, me.companyId, c.productId);
    if (!row || row.ip_price === null) throw notFound('product_not_in_catalogue');
    components.push({
      name: row.name,
      type: row.type,
      quantity: c.quantity,
      price: Number(row.ip_price),
      bulkPrices: row.ip_bulk_prices ?? [],
    });
    if (row.type === 'solarPanel') panelWatts += (row.details.powerW ?? 0) * c.quantity;
  }
  let distance = input.distanceKm ?? 0;
  if (input.distanceKm === undefined && input.projectId) {
    const result =
      await db.execute(sql`SELECT q.latitude, q.longitude FROM projects p JOIN quotes q ON q.id = p.quote_id
      WHERE p.id = ${input.projectId} AND p.company_id = ${me.companyId}`);
    const quote = (result as unknown as { rows: { latitude: number | null; longitude: number | null }[] })
      .rows[0];
    if (!quote) throw notFound('project_not_found');
    const [company] = await db.select().from(companies).where(eq(companies.id, me.companyId));
    if (
      quote.latitude !== null &&
      quote.longitude !== null &&
      company?.latitude != null &&
      company.longitude != null
    ) {
      distance =
        Math.round(distanceKm(company.latitude, company.longitude, quote.latitude, quote.longitude) * 10) /
        10;
    }
  }
  const pricing = await getPricing(ctx, me);
  return calculateOffer({
    components,
    strategy: pricing.strategy,
    value: pricing.value,
    kwp: input.kwp ?? panelWatts / 1000,
    distanceKm: distance,
  });
}
