import { z } from 'zod';
import { STAGES } from '../enums';
import { Pagination } from './common';
import { Customer, QuoteFilters } from './quotes';

export const ProjectFile = z.object({
  _id: z.uuid(),
  name: z.string(),
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Who uploaded it (null once that account is gone): an INSTALLER may delete only their own uploads. */
  createdBy: z.uuid().nullable().optional(),
});
export type ProjectFile = z.infer<typeof ProjectFile>;

export const Component = z.object({
  type: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(0).max(100_000),
});

/** A company's project of a quote: the listing row of SPEC §3. */
export const SavedProject = z.object({
  _id: z.uuid(),
  quoteId: z.uuid(),
  shortId: z.string(),
  version: z.number().int(),
  address: z.string(),
  city: z.string(),
  projectStatus: z.enum(STAGES),
  isMatched: z.boolean(),
  roofType: z.string(),
  buildingType: z.string(),
  status: z.string(),
  people: z.number().int(),
  pricePerKwh: z.number(),
  feedInTariff: z.number(),
  consumption: z.number(),
  totalCost: z.number(),
  rating: z.number(),
  customer: Customer,
  responsiblePerson: z.string().nullable(),
  responsibleUserId: z.uuid().nullable(),
  customerTarget: z.array(z.string()),
  notes: z.string(),
  components: z.array(Component),
  uploadedInstallerImages: z.array(ProjectFile),
  date: z.string(),
  updatedAt: z.string(),
  quote: z.object({
    mapboxAddress: z.object({ complete: z.string() }),
    lat: z.number().nullable(),
    long: z.number().nullable(),
  }),
});
export type SavedProject = z.infer<typeof SavedProject>;

export const SAVED_SORT_COLUMNS = [
  'date',
  'totalCost',
  'rating',
  'consumption',
  'city',
  'updatedAt',
] as const;

export const SavedSearchQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  sortColumn: z.enum(SAVED_SORT_COLUMNS).default('date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export const SavedSearchBody = QuoteFilters.extend({
  stage: z.array(z.enum(STAGES)).max(5).optional(),
  responsibleUserId: z.uuid().optional(),
});
export type SavedSearchBody = z.infer<typeof SavedSearchBody>;

export const SavedListResponse = z.object({
  data: z.object({
    docs: z.array(SavedProject),
    pagination: Pagination,
    maxMin: z.array(z.object({ count: z.number().int(), totalCost: z.number() })),
  }),
});

export const SavedProjectUpdate = z.object({
  responsibleUserId: z.uuid().nullable().optional(),
  customerTarget: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  notes: z.string().max(20_000).optional(),
  projectStatus: z.enum(STAGES).optional(),
});
export type SavedProjectUpdate = z.infer<typeof SavedProjectUpdate>;

export const ComponentsUpdate = z.object({ components: z.array(Component).max(100) });
export const DeleteProjectsRequest = z.object({ deletedProjects: z.array(z.uuid()).min(1).max(500) });
export const SaveQuoteRequest = z.object({ quoteId: z.uuid() });

export const StageChange = z.object({
  from: z.enum(STAGES).nullable(),
  to: z.enum(STAGES),
  /** Who moved it: a user's name, '' when no user did (the customer, or a user since deleted). */
  by: z.string(),
  /** The customer moved it through the customer view (an acceptance or a decline). */
  byCustomer: z.boolean(),
  at: z.string(),
});
/** The customer's latest online decline of one of the project's offers (docs/offers.md). */
export const CustomerDecline = z.object({
  offerVersion: z.number().int(),
  /** The customer's short reason, or null when none was given. */
  reason: z.string().nullable(),
  declinedAt: z.string(),
});
export type CustomerDecline = z.infer<typeof CustomerDecline>;
export const ProjectDetailResponse = z.object({
  data: SavedProject.extend({ history: z.array(StageChange), customerDecline: CustomerDecline.nullable() }),
});

export const MatchedBucketsResponse = z.object({
  data: z.object({
    buckets: z.record(z.enum(STAGES), z.array(SavedProject)),
    counts: z.record(z.enum(STAGES), z.number().int()),
    pagination: Pagination,
  }),
});

export const MatchedUpdate = z.object({ projectStatus: z.enum(STAGES) });

export const DashboardResponse = z.object({
  data: z.object({
    counts: z.record(z.enum(STAGES), z.number().int()),
    pipelineValue: z.number(),
    conversionRate: z.number(),
    monthly: z.array(z.object({ month: z.string(), created: z.number().int(), signed: z.number().int() })),
  }),
});
