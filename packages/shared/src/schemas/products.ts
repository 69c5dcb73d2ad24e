import { z } from 'zod';
import { PRICING_STRATEGIES, PRODUCT_TYPES } from '../enums';
import { Pagination } from './common';

export const PRODUCT_SUBTYPES = ['micro-inverter'] as const;

export const BulkPrice = z.object({
  minQuantity: z.number().int().min(1, { error: 'too_small' }).max(1_000_000),
  price: z.number().min(0).max(10_000_000),
});
export type BulkPrice = z.infer<typeof BulkPrice>;

/** Bulk tiers: distinct minimum quantities, stored sorted. */
export const BulkPrices = z
  .array(BulkPrice)
  .max(20)
  .refine((tiers) => new Set(tiers.map((t) => t.minQuantity)).size === tiers.length, {
    error: 'duplicate_tier',
  });

export const ProductDetails = z.object({
  powerW: z.number().min(0).max(10_000_000).optional(),
  capacityKwh: z.number().min(0).max(100_000).optional(),
  efficiencyPct: z.number().min(0).max(100).optional(),
  warrantyYears: z.number().int().min(0).max(50).optional(),
  description: z.string().trim().max(2000).optional(),
});

export const ProductInput = z.object({
  type: z.enum(PRODUCT_TYPES),
  subtype: z.enum(PRODUCT_SUBTYPES).nullable().optional(),
  name: z.string().trim().min(1, { error: 'required' }).max(200),
  manufacturer: z.string().trim().max(200).default(''),
  details: ProductDetails.default({}),
  datasheetFileId: z.uuid().nullable().optional(),
  /** The product this one duplicates (a company adapting a platform product). */
  sourceProductId: z.uuid().nullable().optional(),
  /** With isDuplicate: the company's price (and tiers) in the same step. */
  price: z.number().min(0).max(10_000_000).optional(),
  bulkPrices: BulkPrices.optional(),
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
  /** The caller's company price when the product is in its catalogue. */
  installerProduct: z
    .object({ price: z.number(), bulkPrices: z.array(BulkPrice), addedAt: z.string() })
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

export const InstallerProductRequest = z.object({
  productId: z.uuid(),
  price: z.number().min(0).max(10_000_000),
  bulkPrices: BulkPrices.default([]),
});
export const RemoveInstallerProductRequest = z.object({ productId: z.uuid() });
export const AddBulkPriceRequest = z.object({ productId: z.uuid(), bulkPrices: BulkPrices });
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
