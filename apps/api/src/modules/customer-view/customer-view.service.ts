import { formatEuro, formatKwh, type Language, localeOf } from '@solar/shared';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  files,
  offerAcceptances,
  offerDeclines,
  offers,
  projects,
  quotes,
  stageHistory,
  users,
} from '../../db/schema';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { enqueueJob } from '../../lib/jobs';
import { escapeHtml } from '../../lib/mail-templates';
import { htmlToPdf } from '../../lib/pdf';
import type { JobDeps } from '../../server';
import { notify } from '../notifications/notifications.service';
import { toOffer } from '../offers/offers.service';
import { customerViewLink, verifyCustomerToken } from './customer-link';
import { type CustomerViewCaller, isPreview, refusePreview } from './customer-preview';

/** An installer creates the customer-view link of its project. */
export async function createCustomerLink(ctx: AppContext, me: Principal, projectId: string) {
  if (!me.companyId) throw forbidden();
  const [project] = await ctx.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.id, projectId), eq(projects.companyId, me.companyId), eq(projects.isDeleted, false)),
    );
  if (!project) throw notFound('project_not_found');
  const { url, token, expiresAt } = customerViewLink(ctx.config, projectId);
  return { url, token, expiresAt: expiresAt.toISOString() };
}

export async function projectOfToken(ctx: AppContext, token: string) {
  const projectId = verifyCustomerToken(ctx.config.JWT_SECRET, token);
  if (!projectId) throw new AppError(403, 'customer_link_invalid');
  const [row] = await ctx.database.db
    .select({ project: projects, quote: quotes, company: companies })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.quoteId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.id, projectId), eq(projects.isDeleted, false)));
  if (!row) throw new AppError(403, 'customer_link_invalid');
  return row;
}

export async function latestOffer(ctx: AppContext, projectId: string, db: DbOrTx = ctx.database.db) {
  const [offer] = await db
    .select()
    .from(offers)
    .where(eq(offers.projectId, projectId))
    .orderBy(desc(offers.version), desc(offers.createdAt))
    .limit(1);
  return offer;
}

/**
 * The offer as the customer may see it: without the installer's own send record (to whom and when it
 * was mailed, and a failed send's reason, which can be the mail server's own error text).
 */
function customerOffer(offer: typeof offers.$inferSelect, token: string) {
  const { sendState: _state, sendError: _error, sentTo: _to, sentAt: _at, ...shown } = toOffer(offer);
  return {
    ...shown,
    pdfUrl: offer.pdfFileId ? `/api/customer-view/pdf?token=${encodeURIComponent(token)}` : null,
    modelUrl: null,
  };
}

/**
 * What the customer sees: the newest offer of the project, its components, and any acceptance or
 * decline; `preview` when the caller is never the customer (a user of the owning company, ADMIN or
 * CITY_ADMIN: customer-preview.ts), whose page shows the offer but not the customer's decision.
 */
export async function getCustomerView(
  ctx: AppContext,
  token: string,
  caller: CustomerViewCaller | null = null,
) {
  const { project, quote, company } = await projectOfToken(ctx, token);
  const offer = await latestOffer(ctx, project.id);
  const [acceptance] = offer
    ? await ctx.database.db.select().from(offerAcceptances).where(eq(offerAcceptances.offerId, offer.id))
    : [];
  const [decline] = offer
    ? await ctx.database.db.select().from(offerDeclines).where(eq(offerDeclines.offerId, offer.id))
    : [];
  return {
    preview: isPreview(caller, project.companyId),
    companyName: company.name,
    companyEmail: company.email,
    companyPhone: company.phone,
    customerName: `${quote.customerFirstName} ${quote.customerLastName}`.trim(),
    address: quote.address,
    stage: project.stage,
    components: project.components as { type: string; name: string; quantity: number }[],
    offer: offer ? customerOffer(offer, token) : null,
    acceptance: acceptance
      ? {
          fullName: acceptance.fullName,
          acceptedAt: acceptance.acceptedAt.toISOString(),
          offerVersion: acceptance.offerVersion,
        }
      : null,
    decline: decline
      ? {
          reason: decline.reason,
          declinedAt: decline.declinedAt.toISOString(),
          offerVersion: decline.offerVersion,
        }
      : null,
  };
}

export async function openOfferPdf(ctx: AppContext, token: string) {
  const { project } = await projectOfToken(ctx, token);
  const offer = await latestOffer(ctx, project.id);
  if (!offer?.pdfFileId) throw notFound('offer_not_found');
  const [file] = await ctx.database.db.select().from(files).where(eq(files.id, offer.pdfFileId));
  if (!file) throw notFound('offer_not_found');
  return { name: file.name, stream: ctx.storage.read(file.storageKey) };
}

/**
 * The customer accepts the newest offer: records who, when and which version; moves the project to
 * INSTALLER_SIGNED; closes every other company's entry for the same quote as OFFER_NOT_ACCEPTED — in
 * one transaction — and queues the signed confirmation for both sides. Accepting again is a no-op;
 * an offer the customer declined is not accepted any more (409 'offer_declined': the pipeline rule has
 * no move from OFFER_NOT_ACCEPTED to INSTALLER_SIGNED; the installer sends a new version instead).
 * A caller who sees a preview (customer-preview.ts) is refused (403 'customer_view_preview'): it is the
 * customer's decision.
 */
export async function acceptOffer(
  ctx: AppContext,
  input: {
    token: string;
    offerId: string;
    fullName: string;
    ip: string;
    lang: Language;
    caller: CustomerViewCaller | null;
  },
) {
  const { project, quote } = await projectOfToken(ctx, input.token);
  refusePreview(input.caller, project.companyId);
  const offer = await latestOffer(ctx, project.id);
  if (!offer || offer.id !== input.offerId) throw new AppError(409, 'offer_outdated');
  await ctx.database.db.transaction(async (tx) => {
    // The project's row lock orders this acceptance and a concurrent decline of the same offer.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    const [declined] = await tx
      .select({ id: offerDeclines.id })
      .from(offerDeclines)
      .where(eq(offerDeclines.offerId, offer.id));
    if (declined) throw new AppError(409, 'offer_declined');
    const inserted = await tx
      .insert(offerAcceptances)
      .values({
        offerId: offer.id,
        projectId: project.id,
        offerVersion: offer.version,
        fullName: input.fullName,
        ip: input.ip,
      })
      .onConflictDoNothing()
      .returning({ id: offerAcceptances.id });
    if (inserted.length === 0) return;
    const [current] = await tx.select().from(projects).where(eq(projects.id, project.id)).for('update');
    if (!current) throw notFound('project_not_found');
    if (current.stage !== 'INSTALLER_SIGNED' && current.stage !== 'PROJECT_REALIZED') {
      await tx
        .update(projects)
        .set({ stage: 'INSTALLER_SIGNED', isMatched: true, updatedAt: new Date() })
        .where(eq(projects.id, project.id));
      await tx.insert(stageHistory).values({
        projectId: project.id,
        fromStage: current.stage,
        toStage: 'INSTALLER_SIGNED',
        byCustomer: true,
      });
    }
    // Every other company's open entry for the quote closes; its history says from which stage.
    const others = await tx
      .select({
        id: projects.id,
        companyId: projects.companyId,
        responsibleUserId: projects.responsibleUserId,
        stage: projects.stage,
      })
      .from(projects)
      .where(
        and(
          eq(projects.quoteId, quote.id),
          sql`${projects.companyId} <> ${project.companyId}`,
          sql`${projects.stage} NOT IN ('OFFER_NOT_ACCEPTED', 'PROJECT_REALIZED')`,
        ),
      )
      .for('update');
    if (others.length > 0) {
      await tx
        .update(projects)
        .set({ stage: 'OFFER_NOT_ACCEPTED', updatedAt: new Date() })
        .where(
          inArray(
            projects.id,
            others.map((o) => o.id),
          ),
        );
      await tx.insert(stageHistory).values(
        others.map((o) => ({
          projectId: o.id,
          fromStage: o.stage,
          toStage: 'OFFER_NOT_ACCEPTED' as const,
          byCustomer: true,
        })),
      );
    }
    await tx
      .update(quotes)
      .set({ status: 'INSTALLER_SIGNED', updatedAt: new Date() })
      .where(eq(quotes.id, quote.id));
    await enqueueJob(tx, ctx.config.JOB_QUEUE, 'send-acceptance', { offerId: offer.id, lang: input.lang });
    await notify(tx, ctx.config, [
      ...(
        await acceptanceReaders(tx, project.companyId, {
          responsibleUserId: current.responsibleUserId,
          offer,
        })
      ).map((userId) => ({
        companyId: project.companyId,
        userId,
        actorId: null,
        kind: 'offer_accepted' as const,
        projectId: project.id,
        title: quote.address,
        data: { customerName: input.fullName },
      })),
      ...others
        .filter((o) => o.responsibleUserId)
        .map((o) => ({
          companyId: o.companyId,
          userId: o.responsibleUserId as string,
          actorId: null,
          kind: 'offer_lost' as const,
          projectId: o.id,
          title: quote.address,
        })),
    ]);
  });
  return getCustomerView(ctx, input.token, input.caller);
}

/**
 * Who hears of an accepted (or declined) offer (docs/notifications.md): the project's responsible
 * person, the company's admins, the user who made the offer (`offers.created_by`) and the one who
 * sent it (`offers.sent_by`): a partner request's project has no responsible person, and the offer's
 * maker or sender is often no admin. Each once,
 * and only users of the company who can log in: one who left the company or was disabled is not told.
 */
export async function acceptanceReaders(
  tx: DbOrTx,
  companyId: string,
  people: { responsibleUserId: string | null; offer: { createdBy: string | null; sentBy: string | null } },
) {
  const named = [people.responsibleUserId, people.offer.createdBy, people.offer.sentBy].filter(
    (id): id is string => !!id,
  );
  const readers = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isDisabled, false),
        named.length > 0
          ? or(eq(users.role, 'INSTALLER_ADMIN'), inArray(users.id, named))
          : eq(users.role, 'INSTALLER_ADMIN'),
      ),
    );
  return [...new Set(readers.map((r) => r.id))];
}

const CONFIRMATION = {
  de: {
    title: 'Auftragsbestätigung',
    accepted: 'hat das folgende Angebot online angenommen',
    subject: 'Ihre Auftragsbestätigung',
    version: 'Version',
    acceptedAt: 'Angenommen am',
  },
  en: {
    title: 'Order confirmation',
    accepted: 'accepted the following offer online',
    subject: 'Your order confirmation',
    version: 'Version',
    acceptedAt: 'Accepted on',
  },
  es: {
    title: 'Confirmación del pedido',
    accepted: 'aceptó la siguiente oferta en línea',
    subject: 'Su confirmación de pedido',
    version: 'Versión',
    acceptedAt: 'Aceptada el',
  },
} as const;

/**
 * The confirmation document and e-mail of an acceptance in `lang`: the price, the yearly production
 * and the time of acceptance in the language's format (SPEC §9), the time in UTC so it is unambiguous.
 */
export function acceptanceConfirmation(
  lang: Language,
  data: {
    fullName: string;
    companyName: string;
    address: string;
    offerVersion: number;
    finalPrice: number;
    yearlyProduction: number;
    acceptedAt: Date;
    ip: string;
    acceptanceId: string;
  },
) {
  const t = CONFIRMATION[lang];
  const price = formatEuro(data.finalPrice, lang, Number.isInteger(data.finalPrice) ? 0 : 2);
  const production = formatKwh(data.yearlyProduction, lang);
  const acceptedAt = `${new Intl.DateTimeFormat(localeOf(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(data.acceptedAt)} UTC`;
  const html = `<html lang="${lang}"><head><meta charset="utf-8"></head><body>
<h1>${t.title}</h1>
<p><b>${escapeHtml(data.fullName)}</b> ${t.accepted}:</p>
<p>${escapeHtml(data.companyName)} · ${escapeHtml(data.address)}</p>
<p>${t.version} ${data.offerVersion} · ${price} · ${production}</p>
<p>${t.acceptedAt} ${acceptedAt} · ${escapeHtml(data.ip)}</p>
<p>ID ${data.acceptanceId}</p>
</body></html>`;
  return {
    subject: `${t.subject} – ${data.companyName}`,
    text: `${t.title}: ${data.fullName} ${t.accepted} (${price}).`,
    html,
    filename: `${t.title}.pdf`,
  };
}

/** Job: renders the signed confirmation PDF and mails it to the customer and the company. */
export async function sendAcceptanceJob(deps: JobDeps, payload: unknown) {
  const { offerId, lang: rawLang } = payload as { offerId: string; lang: Language };
  const lang: Language = rawLang in CONFIRMATION ? rawLang : 'de';
  const { db } = deps.database;
  const [row] = await db
    .select({ offer: offers, acceptance: offerAcceptances, quote: quotes, company: companies })
    .from(offers)
    .innerJoin(offerAcceptances, eq(offerAcceptances.offerId, offers.id))
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .innerJoin(quotes, eq(quotes.id, projects.quoteId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(offers.id, offerId));
  if (!row) return;
  const mail = acceptanceConfirmation(lang, {
    fullName: row.acceptance.fullName,
    companyName: row.company.name,
    address: row.quote.address,
    offerVersion: row.acceptance.offerVersion,
    finalPrice: row.offer.finalPrice,
    yearlyProduction: row.offer.yearlyProduction,
    acceptedAt: row.acceptance.acceptedAt,
    ip: row.acceptance.ip,
    acceptanceId: row.acceptance.id,
  });
  const pdf = await htmlToPdf(mail.html);
  const recipients = [row.quote.customerEmail, row.company.email].filter((e) => e?.includes('@'));
  for (const to of recipients) {
    await deps.mailer.send({
      to,
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: mail.filename, content: pdf, contentType: 'application/pdf' }],
    });
  }
}
