import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { cutSelects } from '../fixtures/layout';

/**
 * Numbers, currency and dates follow the UI language on the screens (SPEC §9, issue 9): German groups
 * thousands with a dot and writes 24.11.2026, English and Spanish group with a comma and write
 * 24/11/2026; the euro sign follows the amount except in English.
 */
const CASES = [
  {
    lang: 'de',
    euro: /^\d{1,3}(\.\d{3})*\u00a0€$/,
    date: /^\d{2}\.\d{2}\.\d{4}$/,
    kwh: /^\d{1,3}(\.\d{3})*\u00a0kWh$/,
  },
  {
    lang: 'en',
    euro: /^€\d{1,3}(,\d{3})*$/,
    date: /^\d{2}\/\d{2}\/\d{4}$/,
    kwh: /^\d{1,3}(,\d{3})*\u00a0kWh$/,
  },
  {
    lang: 'es',
    euro: /^\d{1,3}(,\d{3})*\u00a0€$/,
    date: /^\d{2}\/\d{2}\/\d{4}$/,
    kwh: /^\d{1,3}(,\d{3})*\u00a0kWh$/,
  },
] as const;

test.describe('formats per language', () => {
  for (const c of CASES) {
    test(`the listing in ${c.lang}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await loginAs(page, DEMO.owner, '/listing', c.lang);
      const cost = page.getByTestId('cell-totalCost').first();
      await expect(cost).toBeVisible({ timeout: 30_000 });
      // Every loaded row, not only the first.
      const costs = await page.getByTestId('cell-totalCost').allTextContents();
      expect(costs.length).toBeGreaterThan(3);
      for (const text of costs) expect(text.trim()).toMatch(c.euro);
      const dates = await page.locator('main time').allTextContents();
      expect(dates.length).toBeGreaterThan(3);
      for (const text of dates) expect(text.trim()).toMatch(c.date);
      // The thousands of a cost above 999 are grouped.
      const values = await page
        .getByTestId('cell-totalCost')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(values.some((v) => v >= 1000)).toBe(true);
      const kwh = await page.getByText(/^[\d.,]+\skWh$/).allTextContents();
      expect(kwh.length).toBeGreaterThan(3);
      for (const text of kwh.slice(0, 10)) expect(text.trim()).toMatch(c.kwh);
    });
  }
});

test('on a phone the totals line keeps a cost together with its €', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginAs(page, DEMO.owner, '/listing', 'de');
  const totals = page.getByTestId('listing-totals');
  await expect(totals).toContainText('€', { timeout: 30_000 });
  // A no-break space before the unit: the line may wrap, but never leaves '€' alone.
  expect(await totals.textContent()).toMatch(/\d\u00a0€/);
});

test("the sidebar shows a long role name whole (the platform admin's in Spanish)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, DEMO.admin, '/listing', 'es');
  const role = page.getByTestId('sidebar-role');
  await expect(role).toHaveText('Administrador de la plataforma', { timeout: 30_000 });
  expect(await role.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
});

test.describe('stored values in the user language', () => {
  test('the profile in Spanish: the partner tier in Spanish, no role cut off', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/profile', 'es');
    // The demo company's stored tier is 'Climate protector Partnercity' (SPEC §9).
    await expect(page.getByTestId('partner-tier')).toHaveText('Ciudad socia protectora del clima', {
      timeout: 30_000,
    });
    await expect(page.getByLabel('Nivel de socio')).toHaveValue('Ciudad socia protectora del clima');
    // The longest role name ('Administrador de la empresa', the owner's own row) fits its select.
    const selects = page.getByTestId('team-table').locator('select');
    await expect(selects.first()).toBeVisible();
    expect(await cutSelects(selects)).toEqual([]);
    // At 375 px the title row's badges (the tier, the member count) move down rather than being cut.
    await page.setViewportSize({ width: 375, height: 900 });
    for (const badge of [page.getByTestId('partner-tier'), page.getByTestId('team-count')]) {
      await expect(badge).toBeVisible();
      const label = badge.locator('.mantine-Badge-label');
      expect(await label.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
});
