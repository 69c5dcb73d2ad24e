import { MeetingRequest } from '@solar/shared';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, CLIENT_MESSAGES } from '../api/errors';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { errorMessage, fieldErrorsOf } from './errors';

/** A `t` that answers with the key, so the tests see which text was chosen. */
const keyOf = ((key: string) => key) as unknown as TFunction;

describe('errorMessage', () => {
  it('reads a failed connection (no answer at all) as a connection problem, not a server error', () => {
    const offline = new ApiError({ status: 0, message: CLIENT_MESSAGES.network, errors: {}, network: true });
    expect(errorMessage(offline, keyOf)).toBe('errors.network');
  });

  it('says what to do about it in every language', () => {
    expect(en.errors.network).toMatch(/no connection to the server/i);
    expect(en.errors.network).toMatch(/internet connection/i);
    expect(de.errors.network).toMatch(/Keine Verbindung zum Server/);
    expect(de.errors.network).toMatch(/Sie/);
    expect(es.errors.network).toMatch(/conexión/);
    for (const texts of [de, en, es]) expect(texts.errors.network).not.toBe(texts.errors.server);
  });

  it('still shows the server message of an answered failure and nothing for a cancelled one', () => {
    const answered = new ApiError({ status: 500, message: 'Datenbank nicht erreichbar', errors: {} });
    expect(errorMessage(answered, keyOf)).toBe('Datenbank nicht erreichbar');
    const cancelled = new ApiError({
      status: 0,
      message: CLIENT_MESSAGES.cancelled,
      errors: {},
      cancelled: true,
    });
    expect(errorMessage(cancelled, keyOf)).toBeNull();
  });
});

describe('fieldErrorsOf', () => {
  const i18n = i18next.createInstance();
  const ready = i18n.init({
    resources: { de: { translation: de }, en: { translation: en }, es: { translation: es } },
    lng: 'de',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  const errorsOf = async (input: unknown, lang: 'de' | 'en' | 'es') => {
    await ready;
    const result = MeetingRequest.safeParse(input);
    expect(result.success).toBe(false);
    return fieldErrorsOf(result.error?.issues ?? [], i18n.getFixedT(lang) as unknown as TFunction);
  };

  it('says per field what is wrong: how many characters a text needs or may have', async () => {
    const tooLong = { message: 'ab', phone: '1'.repeat(50), preferredTime: 'x'.repeat(250) };
    expect(await errorsOf(tooLong, 'de')).toEqual({
      message: 'Bitte geben Sie mindestens 3 Zeichen ein',
      phone: 'Bitte geben Sie höchstens 40 Zeichen ein',
      preferredTime: 'Bitte geben Sie höchstens 200 Zeichen ein',
    });
    expect(await errorsOf(tooLong, 'en')).toMatchObject({ message: 'Please enter at least 3 characters' });
    expect(await errorsOf(tooLong, 'es')).toMatchObject({ phone: 'Introduzca como máximo 40 caracteres' });
  });

  it('keeps "required" for an empty text only', async () => {
    expect(await errorsOf({ message: '   ' }, 'de')).toEqual({ message: 'Dieses Feld ist erforderlich' });
  });

  it("names the limit of a number in the reader's digits", async () => {
    await ready;
    const schema = z.object({
      radius: z.number().int().min(1).max(1000),
      share: z.number().gt(0).lt(12.5),
    });
    const issues = (input: unknown) => schema.safeParse(input).error?.issues ?? [];
    const de = i18n.getFixedT('de') as unknown as TFunction;
    const en = i18n.getFixedT('en') as unknown as TFunction;
    const es = i18n.getFixedT('es') as unknown as TFunction;
    expect(fieldErrorsOf(issues({ radius: 5000, share: 20 }), de)).toEqual({
      radius: 'Bitte geben Sie eine Zahl bis 1.000 ein',
      share: 'Bitte geben Sie eine Zahl unter 12,5 ein',
    });
    expect(fieldErrorsOf(issues({ radius: 0, share: 0 }), en)).toEqual({
      radius: 'Please enter a number of at least 1',
      share: 'Please enter a number above 0',
    });
    expect(fieldErrorsOf(issues({ radius: 5000, share: 1 }), es)).toEqual({
      radius: 'Introduzca un número de hasta 1,000',
    });
  });
});
