import { z } from 'zod';

/** The error envelope of every failed call (ARCHITECTURE.md "API conventions"). */
export const ErrorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The reason as a stable key (an AppError's message key), e.g. `premium_required`. */
  code: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof Pagination>;

/** Wraps a payload schema in `{ data }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const Uuid = z.uuid();
export const IdParams = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof IdParams>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const MessageResponse = z.object({ data: z.object({ message: z.string() }) });
