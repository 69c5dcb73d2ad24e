import { z } from 'zod';
import { PLAN_NAMES } from '../plans';

const count = z.coerce.number().int().min(0).max(100);

export const CreatePriceRequest = z.object({
  unit_amount: z.number().int().min(1),
  currency: z.literal('eur'),
  recurring: z.object({ interval: z.literal('month') }),
  product_data: z.object({ name: z.literal('premium') }),
  metadata: z.object({ obj: count, pvsol: count }),
});
export type CreatePriceRequest = z.infer<typeof CreatePriceRequest>;

export const CreateCheckoutRequest = z.object({
  priceId: z.string().min(1).max(200),
  successUrl: z.url({ protocol: /^https?$/ }).max(2000),
  cancelUrl: z.url({ protocol: /^https?$/ }).max(2000),
  metadata: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
});

/** The local test provider's checkout session; `expired` once it stayed open past its lifetime. */
export const LocalCheckoutSession = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  amountCents: z.number().int(),
  obj: z.number().int(),
  pvsol: z.number().int(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;

export const Usage = z.object({
  month: z.string(),
  objUsed: z.number().int(),
  pvsolUsed: z.number().int(),
  /** Units used this month (OBJ 1, PVSol 2); null budget = unlimited. */
  unitsUsed: z.number().int(),
  unitsBudget: z.number().int().nullable(),
  objLeft: z.number().int().nullable(),
  pvsolLeft: z.number().int().nullable(),
  freeObjUsed: z.number().int(),
  freeObjLeft: z.number().int(),
});

export const Subscription = z.object({
  plan: z.enum(PLAN_NAMES),
  objExtra: z.number().int(),
  pvsolExtra: z.number().int(),
  status: z.enum(['active', 'canceled', 'past_due']),
  provider: z.enum(['none', 'local', 'stripe']),
  renewsAt: z.string().nullable(),
  /** Premium cancelled by the company: it ends at `renewsAt` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  monthlyPriceCents: z.number().int(),
  usage: Usage,
});
export type Subscription = z.infer<typeof Subscription>;

export const DownloadRequest = z.object({ quoteId: z.uuid(), kind: z.enum(['obj', 'pvsol']) });
export const PlanningFile = z.object({
  _id: z.uuid(),
  quoteId: z.uuid(),
  kind: z.enum(['obj', 'pvsol']),
  name: z.string(),
  size: z.number().int(),
  downloaded: z.boolean(),
  url: z.string().nullable(),
});
