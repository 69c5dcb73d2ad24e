import { LANGUAGES, type Language, NBSP } from '@solar/shared';
import type { Db } from '../../db/client';
import { wordTemplates } from '../../db/schema';
import { buildDefaultWordTemplate, defaultWordTemplateName } from '../../lib/pdf';

/** Fixed ids of the built-in templates, one per language (stable across installations). */
export const DEFAULT_EMAIL_TEMPLATE_IDS: Record<Language, string> = {
  de: 'e1a10000-0000-4000-8000-000000000001',
  en: 'e1a10000-0000-4000-8000-000000000002',
  es: 'e1a10000-0000-4000-8000-000000000003',
};
export const DEFAULT_WORD_TEMPLATE_IDS: Record<Language, string> = {
  de: 'd0c10000-0000-4000-8000-000000000001',
  en: 'd0c10000-0000-4000-8000-000000000002',
  es: 'd0c10000-0000-4000-8000-000000000003',
};

// A number and its unit are joined by a no-break space (NBSP), as everywhere else in the product,
// so a wrapped line never leaves 'kWh' alone on the next.
const EMAIL_TEXTS: Record<Language, { name: string; subject: string; body: string }> = {
  de: {
    name: 'Standard-Angebotsmail',
    subject: 'Ihr Angebot für Ihre Photovoltaikanlage ({{shortId}})',
    body: [
      'Hallo {{customerName}},',
      '',
      `anbei erhalten Sie unser Angebot für Ihre Photovoltaikanlage in {{fullAddress}}. Der Endpreis beträgt {{offerPrice}}, der erwartete Jahresertrag {{yearlyProduction}}${NBSP}kWh.`,
      '',
      'Unter diesem Link können Sie das Angebot online ansehen, annehmen oder ablehnen: {{offerLink}}',
      '',
      'Bei Fragen erreichen Sie uns unter {{installerPhone}} oder {{installerEmail}}.',
      '',
      'Mit freundlichen Grüßen',
      '{{senderName}}',
      '{{installerName}}',
    ].join('\n'),
  },
  en: {
    name: 'Default offer e-mail',
    subject: 'Your offer for your solar power system ({{shortId}})',
    body: [
      'Hello {{customerName}},',
      '',
      `please find attached our offer for your solar power system at {{fullAddress}}. The final price is {{offerPrice}}, the expected yearly production {{yearlyProduction}}${NBSP}kWh.`,
      '',
      'You can view, accept or decline the offer online at this link: {{offerLink}}',
      '',
      'If you have any questions, reach us at {{installerPhone}} or {{installerEmail}}.',
      '',
      'Kind regards',
      '{{senderName}}',
      '{{installerName}}',
    ].join('\n'),
  },
  es: {
    name: 'Correo de oferta estándar',
    subject: 'Su oferta para su instalación fotovoltaica ({{shortId}})',
    body: [
      'Hola {{customerName}}:',
      '',
      `le adjuntamos nuestra oferta para su instalación fotovoltaica en {{fullAddress}}. El precio final es {{offerPrice}} y la producción anual prevista {{yearlyProduction}}${NBSP}kWh.`,
      '',
      'En este enlace puede ver, aceptar o rechazar la oferta en línea: {{offerLink}}',
      '',
      'Si tiene preguntas, contáctenos en {{installerPhone}} o {{installerEmail}}.',
      '',
      'Atentamente',
      '{{senderName}}',
      '{{installerName}}',
    ].join('\n'),
  },
};

export interface EmailTemplateData {
  id: string;
  companyId: string | null;
  name: string;
  language: Language;
  subject: string;
  body: string;
  isDefault: boolean;
  updatedAt: Date | null;
}

export const DEFAULT_EMAIL_TEMPLATES: EmailTemplateData[] = LANGUAGES.map((lang) => ({
  id: DEFAULT_EMAIL_TEMPLATE_IDS[lang],
  companyId: null,
  name: EMAIL_TEXTS[lang].name,
  language: lang,
  subject: EMAIL_TEXTS[lang].subject,
  body: EMAIL_TEXTS[lang].body,
  isDefault: true,
  updatedAt: null,
}));

export function defaultEmailTemplate(id: string): EmailTemplateData | undefined {
  return DEFAULT_EMAIL_TEMPLATES.find((t) => t.id === id);
}

/** The language of a built-in Word template id, if it is one. */
export function defaultWordLanguage(id: string): Language | undefined {
  return LANGUAGES.find((l) => DEFAULT_WORD_TEMPLATE_IDS[l] === id);
}

const cache = new Map<Language, Buffer>();
/** The built-in Word template of a language, generated in code on first use (never stored as a file). */
export function defaultWordTemplateFile(lang: Language): Buffer {
  let buf = cache.get(lang);
  if (!buf) {
    buf = buildDefaultWordTemplate(lang);
    cache.set(lang, buf);
  }
  return buf;
}

const ensured = new WeakMap<Db, Promise<void>>();
/**
 * Makes sure the `word_templates` rows of the built-in templates exist (company null, fixed ids; an
 * insert that races another process is a no-op). Their file is generated, not read from storage.
 */
export function ensureDefaultWordTemplates(db: Db): Promise<void> {
  let done = ensured.get(db);
  if (done) return done;
  done = (async () => {
    await db
      .insert(wordTemplates)
      .values(
        LANGUAGES.map((lang) => ({
          id: DEFAULT_WORD_TEMPLATE_IDS[lang],
          companyId: null,
          name: defaultWordTemplateName(lang),
          language: lang,
          storageKey: `builtin:offer-${lang}.docx`,
          size: defaultWordTemplateFile(lang).length,
        })),
      )
      .onConflictDoNothing({ target: wordTemplates.id });
  })().catch((err) => {
    ensured.delete(db);
    throw err;
  });
  ensured.set(db, done);
  return done;
}

/** Whether a row is one of the built-in Word templates. */
export const isBuiltinWord = (row: { companyId: string | null }) => row.companyId === null;
