import type { Stage } from '@solar/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { offerAcceptances, offerDeclines, projects } from '../../db/schema';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notifications.service';
import { applyStageMove } from '../projects/projects.service';
import { type CustomerViewCaller, refusePreview } from './customer-preview';
import { acceptanceReaders, getCustomerView, latestOffer, projectOfToken } from './customer-view.service';

/**
 * The customer declines the newest offer (docs/offers.md "The customer's decline"): only an offer that
 * is provided (the project is at OFFER_PROVIDED) and neither accepted nor declined yet. In one
 * transaction: the decline (version, optional reason, IP), the project's move to OFFER_NOT_ACCEPTED
 * through the pipeline's move (stage history and audit log, no user), and the `offer_declined`
 * notification of the responsible person, the company's admins, the offer's maker and its sender
 * (`acceptanceReaders`). Refusals are 409s that change nothing: a replaced offer ('offer_outdated'),
 * declined before ('offer_already_declined'), accepted or signed ('offer_already_accepted'),
 * withdrawn to ACQUISITION ('offer_withdrawn'), or closed otherwise ('offer_closed').
 */
export async function declineOffer(
  ctx: AppContext,
  input: {
    token: string;
    offerId: string;
    reason: string | null;
    ip: string;
    caller: CustomerViewCaller | null;
  },
) {
  const { project, quote } = await projectOfToken(ctx, input.token);
  // Whoever sees a preview (the owning company's users, ADMIN, CITY_ADMIN) may not decide for the
  // customer (403, customer-preview.ts).
  refusePreview(input.caller, project.companyId);
  await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(projects).where(eq(projects.id, project.id)).for('update');
    if (!current || current.isDeleted) throw new AppError(403, 'customer_link_invalid');
    const offer = await latestOffer(ctx, project.id, tx);
    if (!offer || offer.id !== input.offerId) throw new AppError(409, 'offer_outdated');
    await refuseDecline(tx, offer.id, current.stage as Stage);
    await tx.insert(offerDeclines).values({
      offerId: offer.id,
      projectId: project.id,
      offerVersion: offer.version,
      reason: input.reason,
      ip: input.ip,
    });
    await applyStageMove(tx, {
      projectId: project.id,
      from: 'OFFER_PROVIDED',
      to: 'OFFER_NOT_ACCEPTED',
      userId: null,
      byCustomer: true,
      detail: { by: 'customer', offerVersion: offer.version, reason: input.reason },
    });
    const customerName = `${quote.customerFirstName} ${quote.customerLastName}`.trim();
    await notify(
      tx,
      ctx.config,
      (
        await acceptanceReaders(tx, project.companyId, {
          responsibleUserId: current.responsibleUserId,
          offer,
        })
      ).map((userId) => ({
        companyId: project.companyId,
        userId,
        actorId: null,
        kind: 'offer_declined' as const,
        projectId: project.id,
        title: quote.address,
        data: { customerName, ...(input.reason ? { excerpt: input.reason } : {}) },
      })),
    );
  });
  return getCustomerView(ctx, input.token, input.caller);
}

/** Why the newest offer cannot be declined now, as a 409; nothing when it can. */
async function refuseDecline(tx: Tx, offerId: string, stage: Stage) {
  const [declined] = await tx
    .select({ id: offerDeclines.id })
    .from(offerDeclines)
    .where(eq(offerDeclines.offerId, offerId));
  if (declined) throw new AppError(409, 'offer_already_declined');
  const [accepted] = await tx
    .select({ id: offerAcceptances.id })
    .from(offerAcceptances)
    .where(eq(offerAcceptances.offerId, offerId));
  if (accepted || stage === 'INSTALLER_SIGNED' || stage === 'PROJECT_REALIZED') {
    throw new AppError(409, 'offer_already_accepted');
  }
  if (stage === 'ACQUISITION') throw new AppError(409, 'offer_withdrawn');
  if (stage !== 'OFFER_PROVIDED') throw new AppError(409, 'offer_closed');
}
