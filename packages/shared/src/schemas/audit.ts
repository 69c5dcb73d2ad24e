import { z } from 'zod';

/** GET /audit: newest first, keyset pages (`cursor` from the previous page's `nextCursor`). */
export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f-]{36}$/, { error: 'invalid_value' })
    // Of that shape yet no real time (month 13) or no uuid (36 dashes): refused, not a failed query.
    .refine(
      (cursor) => {
        const [time = '', id = ''] = cursor.split('|');
        return !Number.isNaN(Date.parse(time)) && z.uuid().safeParse(id).success;
      },
      { error: 'invalid_value' },
    )
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
