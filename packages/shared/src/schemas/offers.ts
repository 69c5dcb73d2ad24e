import { z } from 'zod';
import { LANGUAGES } from '../enums';

/** The twelve months of an offer's production table, in order (SPEC §3 "keyed by month names"). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type Month = (typeof MONTHS)[number];

/** Placeholders an e-mail template (`{{name}}`) and a Word template (`{name}`) may use (docs/offers.md). */
export const TEMPLATE_PLACEHOLDERS = [
  'customerFirstName',
  'customerLastName',
  'customerName',
  'address',
  'city',
  'fullAddress',
  'offerPrice',
  'yearlyProduction',
  'installerName',
  'installerPhone',
  'installerEmail',
  'senderName',
  'shortId',
  // The customer's link to the offer online (the customer view: view, accept, decline), made when filled.
  'offerLink',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/**
 * The `fullAddress` placeholder: the project's address with its city, naming the city once. A
 * customer's address often holds the postcode and city already ("Mozartstraße 66, 80438 München").
 */
export function addressWithCity(address: string, city: string): string {
  const place = city.trim();
  if (!place || address.toLocaleLowerCase().includes(place.toLocaleLowerCase())) return address;
  return address.trim() ? `${address}, ${place}` : place;
}

// ---------------------------------------------------------------------------------------------
// E-mail templates

export const EmailTemplateInput = z.object({
  name: z.string().trim().min(1, { error: 'required' }).max(200),
  language: z.enum(LANGUAGES).default('de'),
  subject: z.string().trim().min(1, { error: 'required' }).max(300),
  /** Plain text with `{{placeholder}}`s; line breaks are kept. */
  body: z.string().trim().min(1, { error: 'required' }).max(20_000),
});
export type EmailTemplateInput = z.infer<typeof EmailTemplateInput>;

export const EmailTemplateUpdate = EmailTemplateInput.partial();
export type EmailTemplateUpdate = z.infer<typeof EmailTemplateUpdate>;

export const EmailTemplate = z.object({
  _id: z.uuid(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  body: z.string(),
  /** A built-in template of the portal: read-only. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const EmailTemplateResponse = z.object({ data: EmailTemplate });
export const EmailTemplateListResponse = z.object({ data: z.array(EmailTemplate) });

export const EmailPreviewRequest = z
  .object({
    templateId: z.uuid().optional(),
    subject: z.string().max(300).optional(),
    body: z.string().max(20_000).optional(),
    projectId: z.uuid(),
  })
  .refine((v) => v.templateId !== undefined || (v.subject !== undefined && v.body !== undefined), {
    error: 'required',
    path: ['templateId'],
  });
export type EmailPreviewRequest = z.infer<typeof EmailPreviewRequest>;

export const EmailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof EmailPreview>;
export const EmailPreviewResponse = z.object({ data: EmailPreview });

// ---------------------------------------------------------------------------------------------
// Word (.docx) templates

export const WordTemplate = z.object({
  _id: z.uuid(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  size: z.number().int(),
  isDefault: z.boolean(),
  downloadUrl: z.string(),
  updatedAt: z.string(),
});
export type WordTemplate = z.infer<typeof WordTemplate>;
export const WordTemplateResponse = z.object({ data: WordTemplate });
export const WordTemplateListResponse = z.object({ data: z.array(WordTemplate) });

/** The text fields of a template upload (multipart `name`, optional `language`). */
export const WordTemplateFields = z.object({
  name: z.string().trim().min(1, { error: 'required' }).max(200),
  language: z.enum(LANGUAGES).default('de'),
});
export const WordTemplateUpdateFields = WordTemplateFields.partial();

// ---------------------------------------------------------------------------------------------
// Offers

/** 'required' when the value is missing, 'invalid_type' otherwise. */
const numberError = {
  error: (iss: { input: unknown }) => (iss.input === undefined ? 'required' : 'invalid_type'),
};

/** A number given as a number or as a string; thousands commas are removed (SPEC §5). */
const looseNumber = (check: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const s = v.replaceAll(',', '').trim();
        return s === '' ? undefined : Number(s);
      }
      return v;
    },
    check(z.number(numberError)),
  );

const kwh = z.number(numberError).min(0, { error: 'too_small' }).max(10_000_000);

/** Exactly the twelve English month names → kWh. */
export const MonthlySolarData = z.strictObject(
  Object.fromEntries(MONTHS.map((m) => [m, kwh])) as Record<Month, typeof kwh>,
);
export type MonthlySolarData = z.infer<typeof MonthlySolarData>;

export const OfferUpload = z.object({
  projectId: z.uuid(),
  moduleQuantity: looseNumber((n) => n.int().min(1, { error: 'too_small' }).max(100_000)),
  /** kWp; "12,500" → 12500 (SPEC §5). */
  productionCapacity: looseNumber((n) => n.min(0, { error: 'too_small' }).max(10_000_000)),
  // Euros and cents: the PDF, the e-mail and the customer's view show two decimals, so a third would
  // be a price nobody sees.
  finalPrice: looseNumber((n) =>
    n
      .min(0, { error: 'too_small' })
      .max(100_000_000)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'price_cents' }),
  ),
  yearlyProduction: looseNumber((n) => n.min(0, { error: 'too_small' }).max(100_000_000)),
  /** An object, or its JSON text (multipart field). */
  monthlySolarData: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, MonthlySolarData),
});
export type OfferUpload = z.infer<typeof OfferUpload>;

export const SEND_STATES = ['none', 'queued', 'sent', 'failed'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const Offer = z.object({
  _id: z.uuid(),
  projectId: z.uuid(),
  version: z.number().int(),
  moduleQuantity: z.number().int(),
  productionCapacity: z.number(),
  finalPrice: z.number(),
  yearlyProduction: z.number(),
  monthlySolarData: z.record(z.string(), z.number()),
  pdfUrl: z.string().nullable(),
  modelUrl: z.string().nullable(),
  sendState: z.enum(SEND_STATES),
  sendError: z.string().nullable(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof Offer>;

export const OfferResponse = z.object({ data: Offer, message: z.string().optional() });
export const OfferListResponse = z.object({ data: z.array(Offer) });
export const OfferListQuery = z.object({ projectId: z.uuid() });

export const OfferPdfRequest = z.object({ offerId: z.uuid(), wordTemplateId: z.uuid() });
export type OfferPdfRequest = z.infer<typeof OfferPdfRequest>;

export const SendOfferRequest = z.object({
  offerId: z.uuid(),
  wordTemplateId: z.uuid(),
  emailTemplateId: z.uuid(),
  /** Defaults to the customer's e-mail address. */
  to: z.email({ error: 'invalid_email' }).optional(),
});
export type SendOfferRequest = z.infer<typeof SendOfferRequest>;

export const SendOfferResponse = z.object({
  data: z.object({ message: z.string(), offer: Offer }),
});

/** The longest reason a customer may give for declining an offer (docs/offers.md). */
export const DECLINE_REASON_MAX = 500;

/** Control characters other than line breaks and tabs: invisible, and a NUL cannot be stored at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * POST /customer-view/decline: the customer declines the newest offer through the signed link, with
 * an optional short reason (control characters removed, trimmed, at most DECLINE_REASON_MAX
 * characters; an empty one is no reason: null).
 */
export const CustomerDeclineRequest = z.object({
  token: z.string().min(20).max(600),
  offerId: z.uuid(),
  reason: z
    .string()
    .transform((v) => v.replace(CONTROL_CHARACTERS, ''))
    .pipe(z.string().trim().max(DECLINE_REASON_MAX))
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CustomerDeclineRequest = z.input<typeof CustomerDeclineRequest>;
