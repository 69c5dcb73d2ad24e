import { z } from 'zod';
import { COMPACT_ID, expandUuid } from '../compact-id';
import {
  BUILDING_TYPES,
  CHANGE_REQUEST_REASONS,
  CHANGE_REQUEST_STATUSES,
  QUOTE_FLAGS,
  QUOTE_STATUSES,
  QUOTE_TASK_STATUSES,
  ROOF_TYPES,
  SOLAR_COVERAGES,
  STAGES,
  VERIFICATIONS,
} from '../enums';
import { Email, Phone, PostalCode } from './auth';
import { Pagination } from './common';

/** Sortable quote columns; `profiles.green.rating` is the SPEC name of the rating (default). */
export const QUOTE_SORT_COLUMNS = [
  'profiles.green.rating',
  'totalCost',
  'consumption',
  'people',
  'pricePerKwh',
  'city',
  'createdAt',
] as const;

const list = <T extends z.ZodType>(item: T) => z.array(item).max(50).optional();

/** Filters of the quote list, map and totals (body of the PUT/POST readings, or query of GET). */
export const QuoteFilters = z.object({
  search: z.string().trim().max(200).optional(),
  city: list(z.string().trim().min(1).max(100)),
  buildingType: list(z.enum(BUILDING_TYPES)),
  roofType: list(z.string().trim().min(1).max(50)),
  status: list(z.enum(QUOTE_STATUSES)),
  taskStatus: list(z.enum(QUOTE_TASK_STATUSES)),
  verification: list(z.enum(VERIFICATIONS)),
  flags: list(z.enum(QUOTE_FLAGS)),
  costMin: z.coerce.number().min(0).max(1e9).optional(),
  costMax: z.coerce.number().min(0).max(1e9).optional(),
  ratingMin: z.coerce.number().min(0).max(5).optional(),
});
export type QuoteFilters = z.infer<typeof QuoteFilters>;

export const QuoteListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  sortColumn: z.enum(QUOTE_SORT_COLUMNS).default('profiles.green.rating'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /**
   * The keyset cursor of the next page (`pagination.nextCursor` of the previous answer): a page
   * after it costs the same at any depth, where `page` reads and skips the rows before it.
   */
  cursor: z.string().trim().max(200).optional(),
});
export type QuoteListQuery = z.infer<typeof QuoteListQuery>;

export const Customer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const Quote = z.object({
  _id: z.uuid(),
  quoteId: z.uuid(),
  shortId: z.string(),
  version: z.number().int(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  status: z.enum(QUOTE_STATUSES),
  taskStatus: z.enum(QUOTE_TASK_STATUSES),
  verification: z.enum(VERIFICATIONS),
  solarCoverage: z.enum(SOLAR_COVERAGES),
  roofType: z.string(),
  roofMaterial: z.string(),
  roofOrientation: z.string(),
  buildingType: z.string(),
  pricePerKwh: z.number(),
  feedInTariff: z.number(),
  people: z.number().int(),
  consumption: z.number(),
  totalCost: z.number(),
  rating: z.number(),
  flagOfQuote: z.array(z.string()),
  isVerified: z.boolean(),
  isDuplicate: z.boolean(),
  isBlacklisted: z.boolean(),
  hasObj: z.boolean(),
  hasPvsol: z.boolean(),
  /** Present only for a company that saved the quote or is matched to it, and for ADMIN. */
  customer: Customer.nullable(),
  /** The caller's company project of this quote, if any. */
  projectId: z.uuid().nullable(),
  projectStatus: z.enum(STAGES).nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof Quote>;

/** Totals of the whole filtered set, computed in SQL (SPEC §3: first element of maxMin). */
export const MaxMin = z.object({
  /** The number of quotes, at most QUOTE_COUNT_CAP: beyond it `isCapped` is true (shown as "10,000+"). */
  count: z.number().int(),
  /** More quotes match than were counted; the sums then cover no set and are 0. */
  isCapped: z.boolean().default(false),
  totalCost: z.number(),
  minCost: z.number(),
  maxCost: z.number(),
  totalConsumption: z.number(),
});
export type MaxMin = z.infer<typeof MaxMin>;

/** POST/GET /api/quote/installer/total. */
export const QuoteTotalResponse = z.object({
  data: z.object({ total: z.number().int(), isCapped: z.boolean() }),
});
export type QuoteTotalResponse = z.infer<typeof QuoteTotalResponse>;

/** The most quotes a search counts and sums; a larger set answers `isCapped` (issue 7: no exact count of a large set per request). */
export const QUOTE_COUNT_CAP = 10_000;

export const QuoteListResponse = z.object({
  data: z.object({
    docs: z.array(Quote),
    pagination: Pagination.extend({
      /** Pass as `cursor` for the page after this one; null on the last page. */
      nextCursor: z.string().nullable(),
    }),
    maxMin: z.array(MaxMin),
  }),
});
export type QuoteListResponse = z.infer<typeof QuoteListResponse>;

export const BBox = z
  .object({
    minLat: z.coerce.number().min(-90).max(90),
    maxLat: z.coerce.number().min(-90).max(90),
    minLng: z.coerce.number().min(-180).max(180),
    maxLng: z.coerce.number().min(-180).max(180),
  })
  .refine((b) => b.minLat <= b.maxLat && b.minLng <= b.maxLng, { error: 'invalid_bbox', path: ['minLat'] });

/** The map's zoom (Leaflet's, 256 px tiles): the server's clusters are made for it. */
export const MapZoom = z.coerce.number().int().min(0).max(22);
export const MAP_DEFAULT_ZOOM = 6;
export interface MapBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A box widened to whole map tiles of the zoom (256 px), so that a map moved by a little asks for the
 * same area again and its answer is the one kept.
 */
export function snapToTiles(box: MapBox, zoom: number): MapBox {
  const step = 360 / 2 ** zoom;
  const down = (n: number, min: number) => Math.max(min, Math.floor(n / step) * step);
  const up = (n: number, max: number) => Math.min(max, Math.ceil(n / step) * step);
  return {
    minLat: down(box.minLat, -90),
    maxLat: up(box.maxLat, 90),
    minLng: down(box.minLng, -180),
    maxLng: up(box.maxLng, 180),
  };
}

export const MapViewRequest = z.object({
  bbox: BBox.optional(),
  filters: QuoteFilters.optional(),
  zoom: MapZoom.optional(),
});
/** A point as the map draws it; its details come from GET /quote/{id} when it is opened. */
export const MapPoint = z.object({
  _id: z.uuid(),
  lat: z.number(),
  long: z.number(),
  projectStatus: z.enum(STAGES).nullable(),
});
export type MapPoint = z.infer<typeof MapPoint>;

/**
 * The map's points as parallel arrays (issue 7: about 48 bytes a point, so 20,000 points stay under
 * 1 MB; objects with their details were 250): `ids[i]` (the quote's id in its 22-character compact
 * form, compact-id.ts), `lat[i]`, `long[i]` and the project stage `stage[i]` (null for a quote
 * without the caller's project), best rated first. `mapPointsOf` gives them back as points.
 */
export const MapPoints = z.object({
  ids: z.array(z.string().regex(COMPACT_ID)),
  lat: z.array(z.number()),
  long: z.array(z.number()),
  stage: z.array(z.enum(STAGES).nullable()),
  /** More than could be sent: only in the server's clusters, at most MAP_CLUSTER_LIMIT cells. */
  truncated: z.boolean(),
  /**
   * Null when every point of the area is in the arrays (the browser clusters them). When the area
   * holds more than the server sends as points, the server groups them on a grid of 64 screen pixels
   * at `zoom` (issue 7): `lat[i]`, `long[i]` the centre of a cell's quotes, `count[i]` how many,
   * `projects[i]` how many of them are the caller's projects. A cell of one quote comes as a point
   * in the arrays above. The answer holds for that zoom and area only.
   */
  clusters: z
    .object({
      zoom: z.number().int(),
      lat: z.array(z.number()),
      long: z.array(z.number()),
      count: z.array(z.number().int()),
      projects: z.array(z.number().int()),
    })
    .nullable(),
});
export type MapPoints = z.infer<typeof MapPoints>;
export const MapViewResponse = z.object({ data: MapPoints });

/** The points of a compact answer as objects. */
export function mapPointsOf(data: MapPoints): MapPoint[] {
  return data.ids.map((id, i) => ({
    _id: expandUuid(id),
    lat: data.lat[i] ?? 0,
    long: data.long[i] ?? 0,
    projectStatus: data.stage[i] ?? null,
  }));
}

export const FilterDataResponse = z.object({
  data: z.object({
    cities: z.array(
      z.object({ city: z.string(), count: z.number().int(), lat: z.number(), long: z.number() }),
    ),
    buildingTypes: z.array(z.string()),
    roofTypes: z.array(z.string()),
    minCost: z.number(),
    maxCost: z.number(),
  }),
});

export const QuoteUpdateRequest = z.object({
  id: z.uuid(),
  taskStatus: z.enum(QUOTE_TASK_STATUSES).optional(),
  verification: z.enum(VERIFICATIONS).optional(),
  solarCoverage: z.enum(SOLAR_COVERAGES).optional(),
  flagOfQuote: z.array(z.enum(QUOTE_FLAGS)).max(3).optional(),
  isDuplicate: z.boolean().optional(),
  isBlacklisted: z.boolean().optional(),
});
export type QuoteUpdateRequest = z.infer<typeof QuoteUpdateRequest>;

export const ChangeRequestCreate = z.object({
  reason: z.enum(CHANGE_REQUEST_REASONS),
  comment: z.string().trim().max(2000).default(''),
});
export const ChangeRequest = z.object({
  _id: z.uuid(),
  quoteId: z.uuid(),
  shortId: z.string(),
  address: z.string(),
  companyName: z.string(),
  reason: z.enum(CHANGE_REQUEST_REASONS),
  comment: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  createdAt: z.string(),
  /** When it was marked resolved; null while open. */
  resolvedAt: z.string().nullable(),
  /** The name (or e-mail) of the ADMIN who resolved it; null while open or once that account is gone. */
  resolvedByName: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;
export const ChangeRequestListQuery = z.object({ status: z.enum(CHANGE_REQUEST_STATUSES).default('open') });
export type ChangeRequestListQuery = z.infer<typeof ChangeRequestListQuery>;

/** A household's quote request from the public customer page. */
export const CustomerRequest = z.object({
  firstName: z.string().trim().min(1, { error: 'required' }).max(100),
  lastName: z.string().trim().min(1, { error: 'required' }).max(100),
  email: Email,
  // The installers call or write back: a phone or postal code that is no such thing is a typo.
  phone: Phone.default(''),
  // Empty is "required"; a street typed too short says how long it must be.
  address: z.string().trim().min(1, { error: 'required' }).min(3).max(300),
  postalCode: PostalCode.default(''),
  city: z.string().trim().min(1, { error: 'required' }).max(100),
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  people: z.number().int().min(1).max(50),
  consumption: z.number().min(100).max(1_000_000),
  // One of the roof shapes the page offers; empty is "required", anything else the enum's own message.
  roofType: z.enum(ROOF_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : undefined),
  }),
  buildingType: z.enum(BUILDING_TYPES),
  partner: z.string().trim().max(100).optional(),
});
export type CustomerRequest = z.infer<typeof CustomerRequest>;

const csv = <T extends z.ZodType>(item: T) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(50))
    .optional();

/** The GET reading of the quote list: page and sort plus the filters as query parameters (lists comma-separated). */
export const QuoteSearchGetQuery = QuoteListQuery.extend({
  search: z.string().trim().max(200).optional(),
  city: csv(z.string().trim().min(1).max(100)),
  buildingType: csv(z.enum(BUILDING_TYPES)),
  roofType: csv(z.string().trim().min(1).max(50)),
  status: csv(z.enum(QUOTE_STATUSES)),
  taskStatus: csv(z.enum(QUOTE_TASK_STATUSES)),
  verification: csv(z.enum(VERIFICATIONS)),
  flags: csv(z.enum(QUOTE_FLAGS)),
  costMin: z.coerce.number().min(0).max(1e9).optional(),
  costMax: z.coerce.number().min(0).max(1e9).optional(),
  ratingMin: z.coerce.number().min(0).max(5).optional(),
});
