import { readFile } from 'node:fs/promises';
import { parseCsv } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * CSV export of the listing (issue 9): the file holds every row of the current filters (not only the
 * loaded page), in the table's column order, in the language's spreadsheet conventions.
 */
test.describe('listing export', () => {
  test.describe.configure({ timeout: 120_000 });

  test("exports every project of the current filter, in the user's language", async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/listing?stage=OFFER_PROVIDED', 'en');
    await expect(page.getByTestId('cell-stage').first()).toBeVisible({ timeout: 30_000 });
    const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
      headers: authHeaders(token),
      data: { stage: ['OFFER_PROVIDED'] },
    });
    const expected = (await res.json()).data.pagination.total as number;
    expect(expected).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('listing-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const [header, ...rows] = parseCsv(text) as [string[], ...string[][]];
    expect(header.slice(0, 4)).toEqual(['Address', 'City', 'Short ID', 'Stage']);
    expect(rows).toHaveLength(expected);
    for (const r of rows) expect(r[3]).toBe('Offer provided');
    await expect(page.getByText(`${expected} rows exported`)).toBeVisible();

    // German: semicolons and decimal commas.
    await page.evaluate(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.reload();
    await expect(page.getByTestId('cell-stage').first()).toBeVisible({ timeout: 30_000 });
    const [german] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('listing-export').click(),
    ]);
    const de = await readFile((await german.path()) as string, 'utf8');
    expect(de.split('\r\n')[0]).toContain('Adresse;');
    const [deHeader, ...deRows] = parseCsv(de) as [string[], ...string[][]];
    const price = deHeader.findIndex((h) => h.includes('kWh'));
    expect(deRows[0]?.[price]).toMatch(/^\d+,\d+$/);
  });

  test("a city administrator exports the city's quotes, read page by page", async ({ page }) => {
    const { token } = await loginAs(page, DEMO.city, '/listing', 'en');
    await expect(page.getByTestId('listing-totals')).toContainText(/\d/, { timeout: 30_000 });
    const res = await page.request.put('/api/quote/installer/search?page=1&limit=1', {
      headers: authHeaders(token),
      data: {},
    });
    const expected = (await res.json()).data.pagination.total as number;
    expect(expected).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('listing-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quotes-/);
    const rows = parseCsv(await readFile((await download.path()) as string, 'utf8')).slice(1);
    expect(rows).toHaveLength(Math.min(expected, 10_000));
    expect(new Set(rows.map((r) => r[2])).size).toBe(rows.length);
    for (const r of rows.slice(0, 50)) expect(r[1]).toBe('München');
  });
});
