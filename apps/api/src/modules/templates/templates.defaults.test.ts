import { LANGUAGES } from '@solar/shared';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildDefaultWordTemplate } from '../../lib/pdf';
import { DEFAULT_EMAIL_TEMPLATES } from './templates.defaults';

/**
 * A placeholder (`{{name}}` in an e-mail, `{name}` in Word) followed by an ordinary space and a unit:
 * a wrapped line could leave the unit alone on the next. The product joins a number and its unit by
 * a no-break space (U+00A0), as `withUnit` does and apps/web i18n.test.ts asks of the translations.
 */
const SPACE_BEFORE_UNIT = /\}\}? (kWh|kWp|kW|W|km|m²|%|€)(?![\p{L}\d])/u;

describe('built-in templates: a placeholder and its unit never part', () => {
  it.each(LANGUAGES)('%s: the e-mail template', (lang) => {
    const t = DEFAULT_EMAIL_TEMPLATES.find((x) => x.language === lang);
    expect(t).toBeDefined();
    const broken = [t?.subject ?? '', ...(t?.body ?? '').split('\n')].filter((line) =>
      SPACE_BEFORE_UNIT.test(line),
    );
    expect(broken).toEqual([]);
    // The unit is still there, behind a no-break space.
    expect(t?.body).toContain('{{yearlyProduction}}\u00a0kWh');
  });

  it.each(LANGUAGES)('%s: the Word offer template', (lang) => {
    const xml = new PizZip(buildDefaultWordTemplate(lang)).file('word/document.xml')?.asText() ?? '';
    const text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1] ?? '');
    expect(text.length).toBeGreaterThan(10);
    expect(text.filter((line) => SPACE_BEFORE_UNIT.test(line))).toEqual([]);
  });
});
