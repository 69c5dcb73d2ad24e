import { z } from 'zod';

/** GET /audit: newest first, keyset pages (`cursor` from the previous page's `nextCursor`). */
export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/, { error: 'invalid_value' })
    .optional(),
  /** ADMIN only: one company's entries. */
  companyId: z.uuid().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  _id: z.uuid(),
  companyId: z.uuid(),
  action: z.string(),
  entityId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResponse = z.object({
  data: z.object({ docs: z.array(AuditEntry), nextCursor: z.string().nullable() }),
});
