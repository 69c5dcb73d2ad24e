import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyTenant } from '../../db/tenant';
import { recomputeRecords } from './board.repository';

/**
 * The job that works out again every stored formula and rollup cell of one company's boards. A
 * migration queues it when the formula language changes what a stored result should be (0034: a
 * formula's comparisons round both numbers to 12 significant digits, docs/board.md), so results
 * stored under the old rule do not wait until their record is touched.
 */
export const RECOMPUTE_BOARDS_JOB = 'board-recompute';

export interface RecomputeBoardsJob {
  companyId: string;
}

/**
 * Two passes over all the company's records: the first stores the formulas' new results, the second
 * the rollups that read them on a related record (`recomputeRecords` reads related records before it
 * writes, one level, as an edit does). Each pass is one transaction in the company's scope; a record
 * whose cells come out the same is not written.
 */
export async function recomputeBoardsJob(database: Database, payload: unknown): Promise<void> {
  const companyId = (payload as Partial<RecomputeBoardsJob>).companyId;
  if (typeof companyId !== 'string') return;
  const scoped = database.as(companyTenant(companyId));
  for (let pass = 0; pass < 2; pass++) {
    await scoped.db.transaction((tx) => recomputeRecords(tx, companyId, sql`NOT r.is_deleted`));
  }
}
