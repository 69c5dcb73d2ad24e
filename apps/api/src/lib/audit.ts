import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction =
  | 'project.stage'
  | 'product.price'
  | 'product.bulk_prices'
  | 'product.removed_from_catalogue'
  | 'pricing.strategy'
  | 'plan.cancelled'
  | 'plan.resumed'
  | 'user.role'
  | 'user.access_removed'
  | 'change_request.resolved'
  | 'change_request.reopened';

/** Records a change in the audit log; call it in the transaction of the change itself. */
export async function recordAudit(
  tx: DbOrTx,
  entry: {
    companyId: string;
    userId: string | null;
    action: AuditAction;
    entityId: string | null;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: entry.companyId,
    userId: entry.userId,
    action: entry.action,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
