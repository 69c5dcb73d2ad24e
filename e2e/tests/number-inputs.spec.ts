import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

/**
 * Number inputs read and show the UI language's pattern (SPEC §9): German `1.299,50`, English
 * `1,299.50`, and the API receives the plain number (1299.5) — not 1.29 or 12345.
 */

interface ProductDoc {
  _id: string;
  name: string;
  installerProduct: { price: number; bulkPrices: { minQuantity: number; price: number }[] } | null;
}

const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

async function findProduct(request: APIRequestContext, token: string, name: string): Promise<ProductDoc> {
  const res = await request.put('/api/product/v2', {
    headers: authHeaders(token),
    params: { query: name, limit: 50 },
  });
  expect(res.status()).toBe(200);
  const docs = (await res.json()).data.docs as ProductDoc[];
  expect(docs).toHaveLength(1);
  return docs[0] as ProductDoc;
}

/** An own product of the owner's company, so no other test's data is touched. */
async function createOwnProduct(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/api/product/', {
    headers: authHeaders(token),
    params: { isDuplicate: 'true' },
    data: {
      type: 'battery',
      name,
      manufacturer: 'E2E Numbers',
      details: { capacityKwh: 10, warrantyYears: 10 },
      price: 4990,
      // Below every unit price the tests type (a tier may not cost more than the unit price).
      bulkPrices: [{ minQuantity: 5, price: 999 }],
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data._id as string;
}

async function deleteOwnProduct(request: APIRequestContext, token: string, id: string) {
  const res = await request.put('/api/product/delete', {
    headers: authHeaders(token),
    params: { isDuplicate: 'true' },
    data: { deletedProducts: [id] },
  });
  expect(res.status()).toBe(200);
}

/** Opens "Preis & Staffelpreise bearbeiten" of the product and returns its form. */
async function openPriceDialog(page: Page, name: string): Promise<Locator> {
  await page.getByTestId('product-search').fill(name);
  const row = page.getByTestId('product-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-actions').click();
  await page.getByTestId('action-editPrice').click();
  const form = page.getByTestId('price-form');
  await expect(form).toBeVisible();
  return form;
}

/** Replaces the text of a number input key by key, the way a user types. */
async function typeInto(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await expect(input).toHaveValue('');
  await input.pressSequentially(text);
}

test.describe('number inputs in the UI language', () => {
  test.beforeEach(() => test.slow());

  test('German: a typed 1.299,50 is saved as 1299.5 and listed as 1.299,50 €', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const name = uniqueName('E2E Zahlen');
    const id = await createOwnProduct(page.request, token, name);
    try {
      await loginAs(page, DEMO.owner, '/product', 'de');
      const form = await openPriceDialog(page, name);
      const price = form.getByTestId('price-input');
      // The stored 4990 is shown grouped the German way.
      await expect(price).toHaveValue('4.990');

      await typeInto(price, '1.299,50');
      await expect(price).toHaveValue('1.299,50');
      const tierPrice = form.getByTestId('tier-price').first();
      await typeInto(tierPrice, '499,99');
      await expect(tierPrice).toHaveValue('499,99');
      // Enter submits before the field's blur turns "1299.50" into a number: still read as 1299.5.
      await price.press('Enter');
      await expect(form).toBeHidden();

      const row = page.getByTestId('product-row').filter({ hasText: name });
      await expect(row.getByTestId('cell-price')).toHaveText('1.299,50 €');
      const saved = await findProduct(page.request, token, name);
      expect(saved.installerProduct?.price).toBe(1299.5);
      expect(saved.installerProduct?.bulkPrices).toEqual([{ minQuantity: 5, price: 499.99 }]);

      // A pasted German number keeps its decimal comma (it became 12345 before).
      const again = await openPriceDialog(page, name);
      const input = again.getByTestId('price-input');
      await expect(input).toHaveValue('1.299,5');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.evaluate(() => navigator.clipboard.writeText('1234,5'));
      await input.click();
      await input.press('ControlOrMeta+a');
      await input.press('ControlOrMeta+v');
      await expect(input).toHaveValue('1.234,5');
      await again.getByTestId('price-save').click();
      await expect(again).toBeHidden();
      await expect(row.getByTestId('cell-price')).toHaveText('1.234,50 €');
      expect((await findProduct(page.request, token, name)).installerProduct?.price).toBe(1234.5);
    } finally {
      await deleteOwnProduct(page.request, token, id);
    }
  });

  test('German: the pricing strategy value 12,5 is saved as 12.5', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const before = await page.request.get('/api/product/pricing', { headers: authHeaders(token) });
    expect(before.status()).toBe(200);
    const original = (await before.json()).data as { strategy: string; value: number };
    try {
      await loginAs(page, DEMO.owner, '/product', 'de');
      const card = page.getByTestId('pricing-card');
      const value = card.getByTestId('pricing-value');
      await expect(value).toBeVisible();
      await typeInto(value, '12,5');
      await expect(value).toHaveValue('12,5');
      await card.getByTestId('pricing-save').click();
      await expect(page.getByText('Preisstrategie gespeichert')).toBeVisible();

      const after = await page.request.get('/api/product/pricing', { headers: authHeaders(token) });
      expect((await after.json()).data).toEqual({ strategy: original.strategy, value: 12.5 });
      await page.reload();
      await expect(page.getByTestId('pricing-value')).toHaveValue('12,5');
    } finally {
      const restore = await page.request.put('/api/product/pricing', {
        headers: authHeaders(token),
        data: original,
      });
      expect(restore.status()).toBe(200);
    }
  });

  test('English: a typed 1,299.50 is saved as 1299.5 and listed as €1,299.50', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const name = uniqueName('E2E Numbers');
    const id = await createOwnProduct(page.request, token, name);
    try {
      await loginAs(page, DEMO.owner, '/product', 'en');
      const form = await openPriceDialog(page, name);
      const price = form.getByTestId('price-input');
      await expect(price).toHaveValue('4,990');
      await typeInto(price, '1,299.50');
      await expect(price).toHaveValue('1,299.50');
      await form.getByTestId('price-save').click();
      await expect(form).toBeHidden();

      const row = page.getByTestId('product-row').filter({ hasText: name });
      await expect(row.getByTestId('cell-price')).toHaveText('€1,299.50');
      expect((await findProduct(page.request, token, name)).installerProduct?.price).toBe(1299.5);
    } finally {
      await deleteOwnProduct(page.request, token, id);
    }
  });
});
