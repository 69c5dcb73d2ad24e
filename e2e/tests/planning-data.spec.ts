import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', {
    data: { email, password: 'Demo-Solar-2026' },
  });
  return (await res.json()).data.token;
}

test.describe('planning data (/data)', () => {
  // The first screens load lazily on a busy shared machine; give each test room.
  test.describe.configure({ timeout: 150_000 });

  test('CITY_ADMIN sees only München quotes, read-only, and no kanban in the sidebar', async ({ page }) => {
    await loginAs(page, DEMO.city, '/data', 'en');
    await expect(page.getByRole('heading', { name: 'Planning data' })).toBeVisible();
    const rows = page.getByTestId('quote-row');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    const cities = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-city')));
    expect(cities.length).toBeGreaterThan(0);
    expect(new Set(cities)).toEqual(new Set(['München']));

    // No edit controls, no change-request tab.
    await expect(page.getByTestId('task-status-select')).toHaveCount(0);
    await expect(page.getByTestId('verification-select')).toHaveCount(0);
    await expect(page.getByTestId('coverage-select')).toHaveCount(0);
    await expect(page.getByTestId('task-status').first()).toBeVisible();
    await expect(page.getByTestId('tab-requests')).toHaveCount(0);

    // The sidebar has no status view (kanban).
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Planning data' })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Status view' })).toHaveCount(0);

    // The server agrees: every quote the city admin can list is in München, and updates are refused.
    const token = await tokenOf(page.request, DEMO.city);
    const res = await page.request.put('/api/quote/installer/search?page=1&limit=500', {
      headers: authHeaders(token),
      data: {},
    });
    const { docs } = (await res.json()).data as { docs: { _id: string; city: string }[] };
    expect(docs.every((q) => q.city === 'München')).toBe(true);
    const refused = await page.request.put('/api/quote/update', {
      headers: authHeaders(token),
      data: { id: docs[0]?._id, taskStatus: 'VERIFIED' },
    });
    expect(refused.status()).toBe(403);
  });

  test('counts per task status add up to the total', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/data', 'en');
    await expect(page.getByTestId('quote-row').first()).toBeVisible({ timeout: 60_000 });
    const total = await page.getByTestId('quotes-total').textContent();
    const expected = Number((total ?? '').replace(/[^0-9]/g, ''));
    expect(expected).toBeGreaterThan(0);
    await expect(page.getByTestId('status-count-TO_BE_PLANNED')).not.toHaveAttribute('data-count', '');
    await expect
      .poll(async () => {
        const counts = await page
          .getByTestId('status-counts')
          .locator('[data-count]')
          .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-count') || Number.NaN)));
        return counts.reduce((a, b) => a + b, 0);
      })
      .toBe(expected);
  });

  test('ADMIN changes a task status inline and it persists', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/data', 'en');
    await expect(page.getByTestId('quote-row').first()).toBeVisible({ timeout: 60_000 });
    // A quote of a city no other test touches, on the first page.
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: /^Leipzig/ }).click();
    await page.keyboard.press('Escape');
    const row = page.getByTestId('quote-row').first();
    await expect(row).toHaveAttribute('data-city', 'Leipzig');
    const shortId = await row.getAttribute('data-short-id');
    const select = row.getByTestId('task-status-select');
    const current = await select.inputValue();
    const next = current === 'URGENT_PLANNING' ? 'PRIORITY_PLANNING' : 'URGENT_PLANNING';

    const saved = page.waitForResponse((r) => r.url().includes('/api/quote/update'));
    await select.selectOption(next);
    const response = await saved;
    expect(response.status()).toBe(200);
    const quote = (await response.json()).data as { _id: string; taskStatus: string };
    expect(quote.taskStatus).toBe(next);

    // Stored: the quote itself, and after a reload the row shows it.
    const token = await tokenOf(page.request, DEMO.admin);
    const stored = await page.request.get(`/api/quote/${quote._id}`, { headers: authHeaders(token) });
    expect((await stored.json()).data.taskStatus).toBe(next);
    await page.reload();
    await expect(page.getByTestId('quote-row').first()).toBeVisible({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: /^Leipzig/ }).click();
    await page.keyboard.press('Escape');
    await expect(
      page.locator(`[data-testid="quote-row"][data-short-id="${shortId}"]`).getByTestId('task-status-select'),
    ).toHaveValue(next);
  });

  test('ADMIN uploads a planning OBJ for a quote, which installers can then download', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/data', 'en');
    await expect(page.getByTestId('quote-row').first()).toBeVisible({ timeout: 60_000 });
    // Dresden: a city no other test touches.
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: /^Dresden/ }).click();
    await page.keyboard.press('Escape');
    const row = page.getByTestId('quote-row').first();
    await expect(row).toHaveAttribute('data-city', 'Dresden');
    const shortId = (await row.getAttribute('data-short-id')) as string;
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/planning-files'));
    const chooser = page.waitForEvent('filechooser');
    await row.getByTestId(`upload-obj-${shortId}`).click();
    await (await chooser).setFiles({
      name: 'roof.obj',
      mimeType: 'model/obj',
      buffer: Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'),
    });
    const response = await uploaded;
    expect(response.status()).toBe(200);
    const { quoteId } = (await response.json()).data as { quoteId: string };
    await expect(page.getByText('Planning file uploaded')).toBeVisible();
    const token = await tokenOf(page.request, DEMO.admin);
    const files = await page.request.get(`/api/product/product-obj-files?quoteId=${quoteId}`, {
      headers: authHeaders(token),
    });
    expect((await files.json()).data.map((f: { kind: string }) => f.kind)).toEqual(['obj']);
  });

  test('ADMIN resolves an open change request', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/data?tab=requests', 'en');
    // A seeded request ('Wrong address'); other tests add requests of other reasons meanwhile.
    const rows = page.getByTestId('change-request-row').filter({ hasText: 'Wrong address' });
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    const shortId = await rows.first().getAttribute('data-short-id');
    await rows
      .first()
      .getByRole('button', { name: /^Mark as resolved/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Mark the change request as resolved?' })
      .getByRole('button', { name: 'Mark as resolved' })
      .click();
    await expect(page.locator(`[data-testid="change-request-row"][data-short-id="${shortId}"]`)).toHaveCount(
      0,
    );

    const token = await tokenOf(page.request, DEMO.admin);
    const res = await page.request.get('/api/change-requests?status=open', { headers: authHeaders(token) });
    const open = (await res.json()).data.docs as { shortId: string }[];
    expect(open.map((r) => r.shortId)).not.toContain(shortId);
  });
});
