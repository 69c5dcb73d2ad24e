import {
  addressWithCity,
  formatDate,
  formatEuro,
  formatKwpNumber,
  formatNumber,
  type Language,
  localeOf,
  MONTHS,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
} from '@solar/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, offers, projects, quotes, users } from '../../db/schema';
import { escapeHtml } from '../../lib/mail-templates';
import { customerViewLink } from '../customer-view/customer-link';

export type OfferRow = typeof offers.$inferSelect;

/** The project (with its quote's customer data) of a company, or undefined. */
export async function findCompanyProject(db: DbOrTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      stage: projects.stage,
      shortId: quotes.shortId,
      address: quotes.address,
      city: quotes.city,
      customerFirstName: quotes.customerFirstName,
      customerLastName: quotes.customerLastName,
      customerEmail: quotes.customerEmail,
      customerPhone: quotes.customerPhone,
    })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.quoteId))
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId), eq(projects.isDeleted, false)));
  return row;
}

/**
 * Everything a template may print about one offer: the documented flat placeholders (docs/offers.md)
 * plus nested objects and the month rows for Word templates. `offer` may be missing (e-mail preview of
 * a project without an offer yet): the offer values are then empty.
 */
export async function templateValues(
  db: DbOrTx,
  opts: {
    companyId: string;
    projectId: string;
    offer?: OfferRow | null;
    senderId: string | null;
    lang: Language;
    /** What signs the customer's link (`offerLink`) and where it points. */
    links: { JWT_SECRET: string; PUBLIC_URL: string };
  },
) {
  const project = await findCompanyProject(db, opts.companyId, opts.projectId);
  if (!project) return undefined;
  const [company] = await db.select().from(companies).where(eq(companies.id, opts.companyId));
  const [sender] = opts.senderId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, opts.senderId))
    : [];
  let offer = opts.offer;
  if (offer === undefined) {
    [offer] = await db
      .select()
      .from(offers)
      .where(and(eq(offers.projectId, opts.projectId), eq(offers.companyId, opts.companyId)))
      .orderBy(desc(offers.version))
      .limit(1);
  }
  const lang = opts.lang;
  const num = (n: number) => formatNumber(n, lang, 0);
  const customerName = [project.customerFirstName, project.customerLastName].filter(Boolean).join(' ');
  const flat: Record<TemplatePlaceholder, string> = {
    customerFirstName: project.customerFirstName,
    customerLastName: project.customerLastName,
    customerName,
    address: project.address,
    city: project.city,
    fullAddress: addressWithCity(project.address, project.city),
    offerPrice: offer ? formatEuro(offer.finalPrice, lang, Number.isInteger(offer.finalPrice) ? 0 : 2) : '',
    yearlyProduction: offer ? num(offer.yearlyProduction) : '',
    installerName: company?.name ?? '',
    installerPhone: company?.phone ?? '',
    installerEmail: company?.email ?? '',
    senderName: sender ? [sender.firstName, sender.lastName].filter(Boolean).join(' ') : '',
    shortId: project.shortId,
    offerLink: customerViewLink(opts.links, project.id).url,
  };
  const monthly = (offer?.monthlySolarData ?? {}) as Record<string, number>;
  const monthName = new Intl.DateTimeFormat(localeOf(lang), { month: 'long' });
  const word = {
    ...flat,
    date: formatDate(new Date(), lang),
    customer: {
      firstName: project.customerFirstName,
      lastName: project.customerLastName,
      name: customerName,
      email: project.customerEmail,
      phone: project.customerPhone,
    },
    project: { shortId: project.shortId, address: project.address, city: project.city },
    installer: {
      name: company?.name ?? '',
      phone: company?.phone ?? '',
      email: company?.email ?? '',
      address: company?.address ?? '',
      city: company?.city ?? '',
      website: company?.website ?? '',
    },
    sender: { name: flat.senderName, email: sender?.email ?? '' },
    offer: offer
      ? {
          version: offer.version,
          moduleQuantity: num(offer.moduleQuantity),
          productionCapacity: formatKwpNumber(offer.productionCapacity, lang),
          finalPrice: flat.offerPrice,
          yearlyProduction: flat.yearlyProduction,
        }
      : {},
    months: MONTHS.map((m, i) => ({
      month: monthName.format(new Date(Date.UTC(2026, i, 15))),
      key: m,
      kwh: num(monthly[m] ?? 0),
    })),
    monthly: Object.fromEntries(MONTHS.map((m) => [m, num(monthly[m] ?? 0)])),
  };
  return { project, flat, word };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const isPlaceholder = (name: string): name is TemplatePlaceholder =>
  (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/**
 * Fills an e-mail template: `{{name}}` of the documented placeholders is replaced (unknown ones are
 * left as typed, so a typo shows in the preview). The HTML part escapes the template text and every
 * value; the subject has no line breaks.
 */
export function renderEmail(
  template: { subject: string; body: string },
  values: Record<TemplatePlaceholder, string>,
) {
  const fill = (s: string, esc: (v: string) => string) =>
    s.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? esc(values[name]) : esc(whole)));
  const subject = fill(template.subject, (v) => v)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = fill(template.body, (v) => v);
  const html = template.body
    .split(/\r?\n\r?\n/)
    .map(
      (para) =>
        `<p>${para.split(PLACEHOLDER_SPLIT).map(htmlPiece(values)).join('').replace(/\r?\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return { subject, text, html };
}

/** Splits text around placeholders, keeping them (capturing group). */
const PLACEHOLDER_SPLIT = /(\{\{\s*[A-Za-z]+\s*\}\})/;
const htmlPiece = (values: Record<TemplatePlaceholder, string>) => (piece: string) => {
  const m = /^\{\{\s*([A-Za-z]+)\s*\}\}$/.exec(piece);
  if (m?.[1] === 'offerLink') {
    const url = escapeHtml(values.offerLink);
    return `<a href="${url}">${url}</a>`;
  }
  if (m?.[1] && isPlaceholder(m[1])) return escapeHtml(values[m[1]]);
  return escapeHtml(piece);
};
