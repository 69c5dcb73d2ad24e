import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_MESSAGES } from '../api/errors';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { errorMessage } from './errors';

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
