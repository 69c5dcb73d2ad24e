import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { holdPartnerLookup } from '../fixtures/network';
import { requestQuote } from '../fixtures/quotes';

/**
 * Small layout findings of a screen audit: the blank line under a short partner name on the request
 * page (1280 px), a hand-typed sort the phone's sort menu does not offer, the planning data's controls
 * off to the right on a phone, one's own role in the team (web unit test team-members.test.tsx; the
 * phone in team-phone.spec.ts) and the board's column menu on a phone (375 × 667).
 */
test.describe.configure({ timeout: 120_000 });

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no bounding box');
  return box.y + box.height;
}

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no bounding box');
  return box.y;
}

async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no bounding box or viewport`);
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height);
}

test.describe('the request page with a partner link at 1280 px', () => {
  for (const { lang, contact, note, longNote } of [
    {
      lang: 'de',
      contact: 'Ihre Kontaktdaten',
      note: 'Ihre Anfrage geht direkt an Sonnenbau GmbH.',
      longNote: (name: string) => `Ihre Anfrage geht direkt an ${name}.`,
    },
    {
      lang: 'en',
      contact: 'Your contact details',
      note: 'Your request goes straight to Sonnenbau GmbH.',
      longNote: (name: string) => `Your request goes straight to ${name}.`,
    },
  ] as const) {
    test(`${lang}: a short name leaves no blank line under it, and nothing moves when it comes`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.addInitScript((l) => window.localStorage.setItem('preferredLanguage', l), lang);
      const heading = page.getByRole('heading', { level: 2, name: contact });

      // Without a partner link: the space between the subtitle and the form.
      await page.goto('/request');
      await expect(heading).toBeVisible();
      const plainGap = (await topOf(heading)) - (await bottomOf(page.getByTestId('request-subtitle')));

      const release = await holdPartnerLookup(page, (route) => route.continue());
      await page.goto('/request?partner=sonnenbau');
      await expect(heading).toBeVisible();
      const before = await topOf(heading);
      release();
      const shown = page.getByTestId('request-partner-note');
      await expect(shown).toHaveText(note);
      expect(await topOf(heading)).toBe(before);
      // The same space under the one-line note as under the subtitle alone: no reserved blank line.
      const gap = (await topOf(heading)) - (await bottomOf(shown));
      expect(Math.abs(gap - plainGap), `gap ${gap} vs ${plainGap}`).toBeLessThanOrEqual(1);
    });

    test(`${lang}: a name of two lines takes its second line from the space below, and nothing moves`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.addInitScript((l) => window.localStorage.setItem('preferredLanguage', l), lang);
      const name = 'Sonnenbau Photovoltaik und Energietechnik '.repeat(5).trim();
      const release = await holdPartnerLookup(page, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', json: { data: { name } } }),
      );
      await page.goto('/request?partner=sonnenbau');
      const heading = page.getByRole('heading', { level: 2, name: contact });
      await expect(heading).toBeVisible();
      const before = await topOf(heading);
      release();
      const shown = page.getByTestId('request-partner-note');
      await expect(shown).toHaveText(longNote(name));
      const lines = await shown.evaluate(
        (el) => el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight),
      );
      expect(lines).toBeCloseTo(2, 1);
      expect(await topOf(heading)).toBe(before);
      // Still clear of the heading below.
      expect((await topOf(heading)) - (await bottomOf(shown))).toBeGreaterThanOrEqual(8);
    });
  }
});

test.describe('a sort typed into the address that the phone menu does not offer', () => {
  for (const { lang, query, label } of [
    // A column the server sorts by, but no header and no menu choice.
    { lang: 'de', query: 'sort=updatedAt&order=asc', label: 'Neueste zuerst' },
    // A column the server refuses (400).
    { lang: 'en', query: 'sort=xyz&order=asc', label: 'Newest first' },
  ] as const) {
    test(`${lang} (${query}): the menu and the list fall back to the default sort`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const searches: URL[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/saved-project/installer/search')) searches.push(new URL(r.url()));
      });
      const { token } = await loginAs(page, DEMO.owner, `/listing?${query}`, lang);
      const menu = page.getByTestId('listing-sort');
      await expect(menu).toHaveValue('date.desc', { timeout: 60_000 });
      await expect(menu.locator('option:checked')).toHaveText(label);
      await expect(page.getByTestId('listing-row').first()).toBeVisible();
      // The list is in the order the menu names, and the address drops the sort it does not offer.
      expect(searches.length).toBeGreaterThan(0);
      for (const url of searches) {
        expect(url.searchParams.get('sortColumn')).toBe('date');
        expect(url.searchParams.get('sortOrder')).toBe('desc');
      }
      await expect(page).not.toHaveURL(/[?&](sort|order)=/);
      // What the server does with such a sort: it sorts by a column it knows, and refuses one it does not.
      const asked = await page.request.post(
        `/api/saved-project/installer/search?page=1&limit=1&${query.replace('sort=', 'sortColumn=').replace('order=', 'sortOrder=')}`,
        { headers: authHeaders(token), data: {} },
      );
      expect(asked.status()).toBe(query.includes('xyz') ? 400 : 200);
    });
  }
});

test.describe('planning data (/data) on a phone', () => {
  for (const lang of ['de', 'en'] as const) {
    test(`${lang}: each quote's controls are stacked in view, across the card; a table from 787 px`, async ({
      page,
    }) => {
      // The newest quote, first in the list, with a street name without spaces as a household may type it.
      const unique = `${lang}${Date.now().toString(36)}`;
      const shortId = await requestQuote(page.request, {
        address: `Sonnen${unique}${'x'.repeat(120)}strasse 12`,
        email: `data-phone-${unique}@example.test`,
      });
      await page.setViewportSize({ width: 375, height: 812 });
      await loginAs(page, DEMO.admin, '/data', lang);
      const row = page.locator(`[data-testid="quote-row"][data-short-id="${shortId}"]`);
      await expect(row).toBeVisible({ timeout: 60_000 });
      const selects = [
        row.getByTestId('task-status-select'),
        row.getByTestId('verification-select'),
        row.getByTestId('coverage-select'),
      ];
      const card = await row.boundingBox();
      if (!card) throw new Error('no card');
      let above = -1;
      for (const select of selects) {
        await select.scrollIntoViewIfNeeded();
        await expectInViewport(page, select, `${lang} select`);
        const box = await select.boundingBox();
        if (!box) throw new Error('no select');
        // Across the card (its padding aside), one under the other.
        expect(box.width).toBeGreaterThan(card.width - 40);
        expect(box.y).toBeGreaterThan(above);
        above = box.y + box.height;
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.locator('table[data-testid="planning-table"]')).toBeVisible();
      await expect(page.getByTestId('quote-row').first()).toHaveJSProperty('tagName', 'TR');
    });
  }
});

test.describe("the board's column menu on a phone (375 × 667)", () => {
  for (const { lang, header, last, changeType } of [
    { lang: 'de', header: 'Spalte Status', last: 'Löschen', changeType: 'Typ ändern' },
    { lang: 'en', header: 'Column Status', last: 'Delete', changeType: 'Change type' },
  ] as const) {
    test(`${lang}: the whole menu is on the screen, its last item too; the type page scrolls within it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      await loginAs(page, DEMO.owner, '/tasks', lang);
      const button = page.getByRole('button', { name: header });
      await expect(button).toBeVisible({ timeout: 60_000 });
      await button.click();
      const menu = page.getByTestId('column-menu');
      const lastItem = menu.getByRole('menuitem', { name: last, exact: true });
      await expect(lastItem).toBeVisible();
      await expectInViewport(page, menu, 'menu');
      // Every item shown without scrolling the menu: not squeezed into the few pixels under the header.
      await expectInViewport(page, lastItem, 'last item');
      expect(await menu.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);

      await menu.getByRole('menuitem', { name: changeType }).click();
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      await expectInViewport(page, menu, 'type page');
      const lastType = menu.getByRole('menuitem').last();
      await lastType.scrollIntoViewIfNeeded();
      await expectInViewport(page, lastType, 'last type');
    });
  }
});

test('a nearby request with a street name without spaces wraps inside its card on a phone', async ({
  page,
}) => {
  const unique = Date.now().toString(36);
  await requestQuote(page.request, {
    address: `Sonnen${unique}${'x'.repeat(120)}strasse 12`,
    email: `nearby-long-${unique}@example.test`,
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, DEMO.sales, '/listing?tab=nearby', 'de');
  await page.getByPlaceholder('Straße, Postleitzahl oder Stadt').fill(`Sonnen${unique}`);
  const card = page.getByTestId('listing-row').filter({ hasText: `Sonnen${unique}` });
  await expect(card).toHaveCount(1, { timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
