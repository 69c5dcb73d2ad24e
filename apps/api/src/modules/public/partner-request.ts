import type { RawQuery } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type NotifyConfig, queueMailsRaw } from '../notifications/notifications.service';

/**
 * A household's request through a company's partner link becomes that company's project, in the
 * request's transaction (docs/notifications.md, `partner_request`): the project (matched, at
 * ACQUISITION), its first stage-history row, made by the customer (the project view says "by the
 * customer", not "by unknown"), and a notification to each admin and sales person of the company who
 * is not disabled, with its e-mail queued like every notification's. The crew (INSTALLER) is not told:
 * its work begins once a contract is signed.
 */
export async function createPartnerProject(
  query: RawQuery,
  config: NotifyConfig,
  request: { companyId: string; quoteId: string; title: string; customerName: string },
): Promise<string> {
  const [project] = await query<{ id: string }>(
    'INSERT INTO projects (company_id, quote_id, is_matched) VALUES ($1, $2, true) RETURNING id',
    [request.companyId, request.quoteId],
  );
  if (!project) throw new AppError(418, 'something_wrong');
  await query(
    `INSERT INTO stage_history (project_id, from_stage, to_stage, by_customer)
     VALUES ($1, NULL, 'ACQUISITION', true)`,
    [project.id],
  );
  const told = await query<{ id: number | string; user_id: string }>(
    `INSERT INTO notifications (company_id, user_id, kind, project_id, title, data)
     SELECT $1::uuid, u.id, 'partner_request', $2::uuid, $3::text, jsonb_build_object('customerName', $4::text)
       FROM users u
      WHERE u.company_id = $1 AND u.role IN ('INSTALLER_ADMIN', 'INSTALLER_SALES') AND NOT u.is_disabled
     RETURNING id, user_id`,
    [request.companyId, project.id, request.title.slice(0, 500), request.customerName],
  );
  await queueMailsRaw(query, config, told);
  return project.id;
}
