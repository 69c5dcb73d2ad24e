import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { offerOnRealizedProject, tokenOf } from '../fixtures/offers';

/**
 * The screens in Spanish, English and German with their longest texts: Spanish labels are the longest,
 * German ones the longest words. What a reader of each language would notice: a cut label, values of one
 * row out of line because one label wrapped, a phone number broken in two.
 */

/** The texts in `cells` wider than their cell (cut off with '…'), with their width and what they need. */
function cutTexts(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent?.trim()} (${el.clientWidth} < ${el.scrollWidth})`),
  );
}

/**
 * The rows in which `values` (one per grid item, the item being the value's parent) do not end at the
 * same height: a row is the items with the same top.
 */
function misalignedValues(values: Locator): Promise<string[]> {
  return values.evaluateAll((els) => {
    const rows = new Map<number, { text: string; bottom: number }[]>();
    for (const el of els) {
      const top = Math.round(el.parentElement?.getBoundingClientRect().top ?? 0);
      const row = rows.get(top) ?? [];
      row.push({ text: el.textContent?.trim() ?? '', bottom: Math.round(el.getBoundingClientRect().bottom) });
      rows.set(top, row);
    }
    return [...rows.values()]
      .filter((row) => Math.max(...row.map((v) => v.bottom)) - Math.min(...row.map((v) => v.bottom)) > 1)
      .map((row) => row.map((v) => `${v.text} ends at ${v.bottom}`).join(' | '));
  });
}

async function openListing(page: Page, email: string, language: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, email, '/listing', language);
  await expect(page.getByTestId('listing-row').first()).toBeVisible();
}

test.describe('locale audit: texts fit in every language', () => {
  for (const language of ['es', 'en', 'de']) {
    for (const [who, email] of [
      ['company', DEMO.owner],
      ['city', DEMO.city],
    ] as const) {
      test(`listing (${who}, ${language}): no column header and no roof, building or quote status is cut`, async ({
        page,
      }) => {
        await openListing(page, email, language);
        const table = page.getByTestId('listing-table');
        expect(await cutTexts(table.locator('th'))).toEqual([]);
        const labels = table.locator(
          'td[data-column="roofType"], td[data-column="buildingType"], td[data-column="status"]',
        );
        expect(await labels.count()).toBeGreaterThan(10);
        expect(await cutTexts(labels)).toEqual([]);
      });
    }
  }

  test('dashboard (es): the stage counts of a row line up when a stage name wraps', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.owner, '/dashboard', 'es');
    const counts = page.locator('[data-testid^="stage-count-"]');
    await expect(counts).toHaveCount(5);
    // 'Instalador contratado' takes two lines, 'Captación' one.
    expect(await misalignedValues(counts)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await misalignedValues(counts)).toEqual([]);
  });

  test("offer card and customer view (es, phone): an offer's figures line up; the phone number stays whole", async ({
    page,
    browser,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId, version } = await offerOnRealizedProject(page.request, token, {
      pick: 6,
      finalPrice: 18450,
      monthly: (i) => 300 + i * 40,
    });

    // The offer card: 'Precio final' takes one line, 'Producción anual (kWh)' two.
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'es');
    const card = page.getByTestId(`offer-${version}`);
    await expect(card).toBeVisible();
    const figures = card
      .getByText('Precio final', { exact: true })
      .locator('xpath=../..')
      .locator(':scope > * > :last-child');
    await expect(figures).toHaveCount(4);
    expect(await misalignedValues(figures)).toEqual([]);

    // The customer's page: 'Precio' takes one line, 'Tamaño de la instalación' two.
    const link = await page.request.post('/api/offers/customer-link', {
      headers: authHeaders(token),
      data: { projectId },
    });
    expect(link.status()).toBe(200);
    const { token: customerToken } = (await link.json()).data as { token: string };
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const view = await phone.newPage();
    await view.addInitScript(() => localStorage.setItem('preferredLanguage', 'es'));
    await view.goto(`${test.info().project.use.baseURL}/customer-view?token=${customerToken}`);
    const price = view.getByTestId('offer-price');
    await expect(price).toBeVisible();
    const stats = price.locator('xpath=../..').locator(':scope > * > :last-child');
    await expect(stats).toHaveCount(4);
    expect(await misalignedValues(stats)).toEqual([]);

    // '¿Preguntas? Sonnenbau GmbH · +49 89 1234560 · …': the number is one piece on one line.
    const tel = view.getByTestId('customer-view-contact').locator('a[href^="tel:"]');
    await expect(tel).toBeVisible();
    expect(await tel.evaluate((el) => el.getClientRects().length)).toBe(1);
    await phone.close();
  });
});
