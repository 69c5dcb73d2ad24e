// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { CompanyUpdateRequest, LANGUAGES } from '@solar/shared';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/testing';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import type { PartnerLink } from './partner-link';
import { RequestIntro } from './request-intro';

const TEXTS = { de, en, es };
/** A display name as long as the shared schema allows a company's name to be. */
const MAX = CompanyUpdateRequest.shape.companyName.maxLength ?? 0;
const LONGEST_NAME = 'Sonnenbau Photovoltaik und Energietechnik '.repeat(10).slice(0, MAX).trim();

beforeAll(async () => {
  await initTestI18n('de', { de: { customer: de }, en: { customer: en }, es: { customer: es } });
});
afterEach(() => cleanup());

function renderIntro(link: PartnerLink) {
  return render(
    <MantineProvider>
      <RequestIntro link={link} />
    </MantineProvider>,
  );
}

describe("the request page's subtitle and partner note", () => {
  it.each(LANGUAGES)('%s: installers nearby are promised only when the request goes to them', async (lng) => {
    await i18next.changeLanguage(lng);
    const texts = TEXTS[lng];
    const cases: [PartnerLink, string][] = [
      [{ status: 'none' }, texts.subtitle],
      [{ status: 'unknown' }, texts.subtitle],
      [{ status: 'loading', slug: 'sonnenbau' }, texts.subtitlePartner],
      [{ status: 'found', slug: 'sonnenbau', name: 'Sonnenbau GmbH' }, texts.subtitlePartner],
      [{ status: 'unresolved', slug: 'sonnenbau' }, texts.subtitlePartner],
    ];
    expect(texts.subtitlePartner).not.toBe(texts.subtitle);
    for (const [link, subtitle] of cases) {
      renderIntro(link);
      // One subtitle for the reader: the reserving copies are hidden from assistive technology.
      expect(screen.getByTestId('request-subtitle').textContent, link.status).toBe(subtitle);
      cleanup();
    }
  });

  it('a name as long as allowed is cut after two lines, with the whole sentence kept for reading', async () => {
    expect(LONGEST_NAME.length).toBeGreaterThan(190);
    await i18next.changeLanguage('de');
    renderIntro({ status: 'found', slug: 'sonnenbau', name: LONGEST_NAME });
    const note = screen.getByTestId('request-partner-note');
    const sentence = `Ihre Anfrage geht direkt an ${LONGEST_NAME}.`;
    expect(note.textContent).toBe(sentence);
    expect(note.getAttribute('title')).toBe(sentence);
    expect(note.hasAttribute('data-line-clamp')).toBe(true);
    expect(note.getAttribute('style')).toContain('--text-line-clamp: 2');
  });

  it('with a partner link every ending of the look-up is held in hidden copies; without one, none', () => {
    const { container } = renderIntro({ status: 'loading', slug: 'sonnenbau' });
    const spacers = [...container.querySelectorAll('[aria-hidden="true"]')].map((el) => el.textContent);
    // The named note is held at one line: a short name leaves no blank line under it, and a long
    // name's second line hangs into the space below the block (the shown texts' negative margin).
    expect(spacers).toEqual([
      `${de.subtitlePartner}\u00a0`,
      `${de.subtitlePartner}${de.partnerNote}`,
      `${de.subtitle}${de.partnerNotFound}`,
    ]);
    // The other endings are held whole, but their last line may hang there too: on a phone they are
    // taller than the named note, and would keep a blank line under a short name.
    const hanging = [...container.querySelectorAll('[aria-hidden="true"]')].map((el) =>
      el.className.includes('introHanging'),
    );
    expect(hanging).toEqual([false, true, true]);
    expect(screen.queryByTestId('request-partner-note')).toBeNull();
    expect(screen.getByTestId('request-subtitle').parentElement?.className).toContain('introLive');
    cleanup();
    const plain = renderIntro({ status: 'none' });
    expect(plain.container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(0);
  });
});
