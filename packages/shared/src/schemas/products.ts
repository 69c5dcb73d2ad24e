import { z } from 'zod';
import { PRICING_STRATEGIES, PRODUCT_TYPES } from '../enums';
import { Pagination } from './common';

export const PRODUCT_SUBTYPES = ['micro-inverter'] as const;

/** A bulk tier starts at this quantity: one piece is the unit price itself. */
export const BULK_TIER_MIN_QUANTITY = 2;

/**
 * A price in euros and cents: the catalogue, the calculator and offers show two decimals, so a third
 * (1234.567 shown as 1.234,57 € but calculated with) would be a price nobody sees.
 */
const EuroPrice = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'price_cents' });

export const BulkPrice = z.object({
  minQuantity: z.number().int().min(BULK_TIER_MIN_QUANTITY, { error: 'tier_min_quantity' }).max(1_000_000),
  price: EuroPrice,
});
export type BulkPrice = z.infer<typeof BulkPrice>;

/** Bulk tiers, stored sorted by minimum quantity; their rules across tiers are `bulkTierIssues`. */
export const BulkPrices = z.array(BulkPrice).max(20);

/** Why a tier is refused, as a message key of the API and of the products locale. */
export type BulkTierIssueCode = 'duplicate_tier' | 'tier_above_unit_price' | 'tier_above_smaller_tier';

export interface BulkTierIssue {
  /** The tier's position in the list as given (not sorted). */
  index: number;
  field: 'minQuantity' | 'price';
  code: BulkTierIssueCode;
}

/**
 * The rules across tiers (bulk means cheaper): each minimum quantity once, and a tier's price not
 * above the unit price nor above the price of a tier with a smaller quantity. At most one issue per
 * field, the unit price first; a tier whose quantity repeats another's is left out of the price order.
 */
export function bulkTierIssues(
  tiers: readonly { minQuantity: number; price: number }[],
  unitPrice?: number,
): BulkTierIssue[] {
  const issues: BulkTierIssue[] = [];
  const seen = new Set<number>();
  const distinct: { index: number; minQuantity: number; price: number }[] = [];
  tiers.forEach((tier, index) => {
    if (seen.has(tier.minQuantity)) issues.push({ index, field: 'minQuantity', code: 'duplicate_tier' });
    else {
      seen.add(tier.minQuantity);
      distinct.push({ index, ...tier });
    }
  });
  let lowestBefore = Number.POSITIVE_INFINITY;
  for (const { index, price } of distinct.sort((x, y) => x.minQuantity - y.minQuantity)) {
    if (unitPrice !== undefined && price > unitPrice)
      issues.push({ index, field: 'price', code: 'tier_above_unit_price' });
    else if (price > lowestBefore) issues.push({ index, field: 'price', code: 'tier_above_smaller_tier' });
    lowestBefore = Math.min(lowestBefore, price);
  }
  return issues.sort((a, b) => a.index - b.index);
}

/** Adds the tier rules to a body holding `bulkPrices` (and the unit `price` when it has one). */
function checkTiers(
  value: { price?: number; bulkPrices?: { minQuantity: number; price: number }[] },
  ctx: z.core.$RefinementCtx,
) {
  for (const issue of bulkTierIssues(value.bulkPrices ?? [], value.price)) {
    ctx.addIssue({ code: 'custom', message: issue.code, path: ['bulkPrices', issue.index, issue.field] });
  }
}

export const ProductDetails = z.object({
  powerW: z.number().min(0).max(10_000_000).optional(),
  capacityKwh: z.number().min(0).max(100_000).optional(),
  efficiencyPct: z.number().min(0).max(100).optional(),
  warrantyYears: z.number().int().min(0).max(50).optional(),
  description: z.string().trim().max(2000).optional(),
});

export const ProductInput = z
  .object({
    type: z.enum(PRODUCT_TYPES),
    subtype: z.enum(PRODUCT_SUBTYPES).nullable().optional(),
    name: z.string().trim().min(1, { error: 'required' }).max(200),
    manufacturer: z.string().trim().max(200).default(''),
    details: ProductDetails.default({}),
    datasheetFileId: z.uuid().nullable().optional(),
    /** The product this one duplicates (a company adapting a platform product). */
    sourceProductId: z.uuid().nullable().optional(),
    /** With isDuplicate: the company's price (and tiers) in the same step. */
    price: EuroPrice.optional(),
    bulkPrices: BulkPrices.optional(),
  })
  .superRefine((value, ctx) => {
    checkTiers(value, ctx);
    // The micro-inverter is a kind of inverter (SPEC §9); the form offers it for inverters only.
    if (value.subtype === 'micro-inverter' && value.type !== 'inverter') {
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['subtype'] });
    }
  });
export type ProductInput = z.infer<typeof ProductInput>;

export const Product = z.object({
  _id: z.uuid(),
  installerId: z.uuid().nullable(),
  isDuplicate: z.boolean(),
  sourceProductId: z.uuid().nullable(),
  type: z.enum(PRODUCT_TYPES),
  subtype: z.string().nullable(),
  name: z.string(),
  manufacturer: z.string(),
  details: ProductDetails,
  datasheetUrl: z.string().nullable(),
  /**
   * The caller's company price when the product is in its catalogue. Its tiers as stored: ones saved
   * before a rule of `BulkPrice` existed (a tier from 1 piece) are still answered, to be corrected.
   */
  installerProduct: z
    .object({
      price: z.number(),
      bulkPrices: z.array(z.object({ minQuantity: z.number(), price: z.number() })),
      addedAt: z.string(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

export const ProductListResponse = z.object({
  data: z.object({ docs: z.array(Product), pagination: Pagination }),
});

export const ProductListQuery = z.object({
  installerId: z.uuid().optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ProductSearchQuery = ProductListQuery.extend({
  query: z.string().trim().max(200).default(''),
  /** Only products in the caller's catalogue. */
  inCatalogue: z.enum(['true', 'false']).optional(),
});

export const DuplicateQuery = z.object({ isDuplicate: z.enum(['true', 'false']).optional() });
export const FromDuplicateQuery = z.object({ fromDuplicate: z.enum(['true', 'false']).optional() });

export const InstallerProductRequest = z
  .object({
    productId: z.uuid(),
    price: EuroPrice,
    /** Left out: a new entry has none, an entry in the catalogue keeps its stored tiers. */
    bulkPrices: BulkPrices.optional(),
  })
  .superRefine(checkTiers);
export const RemoveInstallerProductRequest = z.object({ productId: z.uuid() });
/** The unit price is the stored one: the service checks the tiers against it (`bulkTierIssues`). */
export const AddBulkPriceRequest = z
  .object({ productId: z.uuid(), bulkPrices: BulkPrices })
  .superRefine(checkTiers);
export const DeleteProductsRequest = z.object({ deletedProducts: z.array(z.uuid()).min(1).max(500) });

export const PricingSettings = z.object({
  strategy: z.enum(PRICING_STRATEGIES),
  value: z.number().min(0).max(10_000_000),
});
export type PricingSettings = z.infer<typeof PricingSettings>;

export const CalculatorRequest = z.object({
  components: z
    .array(z.object({ productId: z.uuid(), quantity: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(50),
  projectId: z.uuid().optional(),
  /** kWp of the planned system (dependingOnKwh); derived from panels' power when omitted. */
  kwp: z.number().min(0).max(100_000).optional(),
  /** Distance to the project in km (distanceToProject); derived from the project when omitted. */
  distanceKm: z.number().min(0).max(10_000).optional(),
});
