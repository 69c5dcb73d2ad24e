import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

/** English texts of apps/web/src/features/products/locales/en.json. */
const EN = {
  noResult: 'No result Found',
  ownProduct: 'Own product',
  twoTiers: '2 tiers',
  duplicateTier: 'Each quantity may have only one tier',
  deleted: '2 products deleted',
  discardTitle: 'Discard changes?',
};

/** German texts of apps/web/src/features/products/locales/de.json. */
const DE = {
  tierMinQuantity: 'Ein Staffelpreis beginnt ab 2 Stück: 1 Stück kostet den Stückpreis',
  tierAboveUnitPrice: 'Ein Staffelpreis darf nicht über dem Stückpreis liegen',
  tierAboveSmallerTier: 'Ein Staffelpreis darf nicht über dem Preis einer kleineren Menge liegen',
};

interface ProductDoc {
  _id: string;
  name: string;
  isDuplicate: boolean;
  installerProduct: { price: number; bulkPrices: { minQuantity: number; price: number }[] } | null;
}

/** A name no other test (or earlier run) uses. */
const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

async function findProducts(request: APIRequestContext, token: string, query: string): Promise<ProductDoc[]> {
  const res = await request.put('/api/product/v2', {
    headers: authHeaders(token),
    params: { query, limit: 50 },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.docs as ProductDoc[];
}

async function createOwnProduct(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/api/product/', {
    headers: authHeaders(token),
    params: { isDuplicate: 'true' },
    data: {
      type: 'battery',
      name,
      manufacturer: 'E2E Energy',
      details: { capacityKwh: 10, warrantyYears: 10 },
      price: 4990,
      bulkPrices: [{ minQuantity: 5, price: 4790 }],
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data._id as string;
}

async function search(page: Page, text: string) {
  await page.getByTestId('product-search').fill(text);
}

const rowOf = (page: Page, name: string) => page.getByTestId('product-row').filter({ hasText: name });

test.describe('product catalogue', () => {
  // Form filling against a freshly seeded server on a shared machine: give each test room.
  test.beforeEach(() => test.slow());

  test('an installer admin creates an own product with two bulk tiers', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/product', 'en');
    const name = uniqueName('E2E Panel');

    await page.getByTestId('new-product').click();
    const form = page.getByTestId('product-form');
    await expect(form).toBeVisible();
    await page.getByTestId('form-name').fill(name);
    await page.getByTestId('form-manufacturer').fill('E2E Solar');
    await page.getByTestId('form-power').fill('440');
    await form.getByTestId('price-input').fill('210');
    await form.getByTestId('add-tier').click();
    await form.getByTestId('add-tier').click();
    // Entered out of order: the API stores them sorted by minimum quantity.
    await form.getByTestId('tier-min').nth(0).fill('50');
    await form.getByTestId('tier-price').nth(0).fill('190');
    await form.getByTestId('tier-min').nth(1).fill('50');
    await form.getByTestId('tier-price').nth(1).fill('200');
    await page.getByTestId('form-save').click();
    // Same minimum quantity twice: a field error, nothing is sent.
    await expect(form.getByText(EN.duplicateTier)).toBeVisible();
    await form.getByTestId('tier-min').nth(1).fill('10');
    await page.getByTestId('form-save').click();
    await expect(form).toBeHidden();

    await search(page, name);
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('own-badge')).toHaveText(EN.ownProduct);
    await expect(row.getByTestId('cell-price')).toHaveText('€210');
    await expect(row.getByTestId('cell-tiers')).toHaveText(EN.twoTiers);
    await expect(row.getByTestId('cell-details')).toContainText('440 W');

    const [saved] = await findProducts(page.request, token, name);
    expect(saved?.isDuplicate).toBe(true);
    expect(saved?.installerProduct?.price).toBe(210);
    expect(saved?.installerProduct?.bulkPrices).toEqual([
      { minQuantity: 10, price: 200 },
      { minQuantity: 50, price: 190 },
    ]);
  });

  test('own products are selected and deleted after confirmation', async ({ page }) => {
    const prefix = uniqueName('E2E Delete');
    const token = await tokenOf(page.request, DEMO.owner);
    await createOwnProduct(page.request, token, `${prefix} A`);
    await createOwnProduct(page.request, token, `${prefix} B`);

    await loginAs(page, DEMO.owner, '/product', 'en');
    await search(page, prefix);
    await expect(page.getByTestId('product-row')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all own products' }).check();
    await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
    await page.getByTestId('delete-selected').click();
    await page.getByTestId('confirm-delete').click();

    await expect(page.getByTestId('products-empty')).toContainText(EN.noResult);
    await expect(page.getByText(EN.deleted)).toBeVisible();
    expect(await findProducts(page.request, token, prefix)).toEqual([]);
  });

  test('an installer reads the catalogue without edit controls', async ({ page }) => {
    const name = uniqueName('E2E Readonly');
    const ownerToken = await tokenOf(page.request, DEMO.owner);
    await createOwnProduct(page.request, ownerToken, name);

    await loginAs(page, DEMO.installer, '/product', 'en');
    await search(page, name);
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('cell-tiers')).toHaveText('1 tier');

    await expect(page.getByTestId('new-product')).toHaveCount(0);
    await expect(page.getByTestId('row-actions')).toHaveCount(0);
    await expect(page.getByTestId('row-select')).toHaveCount(0);
    await expect(page.getByTestId('pricing-card')).toBeVisible();
    await expect(page.getByTestId('pricing-save')).toHaveCount(0);
  });

  test('a bulk tier from 1 piece or dearer than the unit price is refused under its row (QA audit)', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const name = uniqueName('E2E Staffel');
    const created = await page.request.post('/api/product/', {
      headers: authHeaders(token),
      params: { isDuplicate: 'true' },
      data: { type: 'wallbox', name, price: 10 },
    });
    expect(created.status()).toBe(200);

    await loginAs(page, DEMO.owner, '/product', 'de');
    await search(page, name);
    await rowOf(page, name).getByTestId('row-actions').click();
    await page.getByTestId('action-editPrice').click();
    const form = page.getByTestId('price-form');
    await form.getByTestId('add-tier').click();
    await form.getByTestId('add-tier').click();
    await form.getByTestId('tier-min').nth(0).fill('10');
    await form.getByTestId('tier-price').nth(0).fill('8');
    await form.getByTestId('tier-min').nth(1).fill('1');
    await form.getByTestId('tier-price').nth(1).fill('50');
    await page.getByTestId('price-save').click();

    // Each fault under its own field of the second row; the first row is fine.
    const second = form.getByTestId('tier-row').nth(1);
    await expect(second.getByText(DE.tierMinQuantity)).toBeVisible();
    await expect(second.getByText(DE.tierAboveUnitPrice)).toBeVisible();
    await expect(form.getByTestId('tier-row').nth(0).locator('.mantine-InputWrapper-error')).toHaveCount(0);
    const [unsaved] = await findProducts(page.request, token, name);
    expect(unsaved?.installerProduct?.bulkPrices).toEqual([]);

    // A larger quantity dearer than a smaller one.
    await form.getByTestId('tier-min').nth(1).fill('20');
    await form.getByTestId('tier-price').nth(1).fill('9');
    await page.getByTestId('price-save').click();
    await expect(second.getByText(DE.tierAboveSmallerTier)).toBeVisible();

    await form.getByTestId('tier-min').nth(1).fill('5');
    await page.getByTestId('price-save').click();
    await expect(form).toBeHidden();
    const [saved] = await findProducts(page.request, token, name);
    expect(saved?.installerProduct?.bulkPrices).toEqual([
      { minQuantity: 5, price: 9 },
      { minQuantity: 10, price: 8 },
    ]);
  });

  test('on a phone (375 px) each product is a card with its price and a working ⋮ menu in view', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const name = uniqueName('E2E Handy');
    await createOwnProduct(page.request, token, name);
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, '/product', 'en');
    await search(page, name);
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1);

    // Nothing wider than the window, and the menu, price and tiers inside it without scrolling sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    for (const part of [
      row.getByTestId('row-actions'),
      row.getByTestId('cell-price'),
      row.getByTestId('cell-tiers'),
    ]) {
      await expect(part).toBeInViewport({ ratio: 1 });
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await expect(row.getByTestId('cell-price')).toContainText('€4,990');
    await expect(row.getByTestId('cell-tiers')).toHaveText('1 tier');
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    // Cards, not the table that hid its last columns off-screen.
    await expect(page.getByTestId('products-table')).toHaveCount(0);

    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Edit price & bulk prices' }).click();
    const form = page.getByTestId('price-form');
    await expect(form).toBeVisible();
    await expect(form.getByTestId('price-input')).toHaveValue('4,990');
  });

  test('Escape in a product dialog asks before throwing away what was typed', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/product', 'en');
    const form = page.getByTestId('product-form');
    const question = page.getByRole('dialog', { name: EN.discardTitle });

    // Nothing typed: Escape just closes.
    await page.getByTestId('new-product').click();
    await expect(form).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(question).toBeHidden();

    await page.getByTestId('new-product').click();
    await page.getByTestId('form-name').fill('Half typed');
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    // Escape again is "keep editing": the text is still there.
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(page.getByTestId('form-name')).toHaveValue('Half typed');
    // Cancel asks too; "Discard" closes.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeVisible();
    await question.getByTestId('discard-changes').click();
    await expect(form).toBeHidden();
    await expect(question).toBeHidden();
    // A fresh dialog starts empty.
    await page.getByTestId('new-product').click();
    await expect(page.getByTestId('form-name')).toHaveValue('');
  });

  test('deleting the only product of the last page shows the page before, not an empty catalogue (QA audit)', async ({
    page,
  }) => {
    const prefix = uniqueName('E2E Pages');
    const token = await tokenOf(page.request, DEMO.owner);
    // 26 products: a full first page of 25 and one on the second.
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) {
      ids.push(await createOwnProduct(page.request, token, `${prefix} ${String(i).padStart(2, '0')}`));
    }
    try {
      await loginAs(page, DEMO.owner, '/product', 'en');
      await search(page, prefix);
      await expect(page.getByTestId('products-total')).toHaveText('26 products', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Page 2' }).click();
      const last = rowOf(page, `${prefix} 25`);
      await expect(page.getByTestId('product-row')).toHaveCount(1);
      await last.getByTestId('row-actions').click();
      await page.getByTestId('action-delete').click();
      await page.getByTestId('confirm-delete').click();

      await expect(page.getByTestId('products-total')).toHaveText('25 products');
      await expect(page.getByTestId('product-row')).toHaveCount(25);
      await expect(page.getByTestId('products-empty')).toHaveCount(0);
    } finally {
      await page.request.put('/api/product/delete', {
        headers: authHeaders(token),
        params: { isDuplicate: 'true' },
        data: { deletedProducts: ids },
      });
    }
  });

  test('on a desktop every product type tab is shown whole', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.owner, '/product', 'de');
    const tabs = page.getByRole('tablist');
    await expect(tabs).toBeVisible({ timeout: 30_000 });
    const hidden = await tabs.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role="tab"]')].filter((tab) => {
        const r = tab.getBoundingClientRect();
        return r.right > box.right + 1 || r.left < box.left - 1;
      }).length;
    });
    expect(hidden).toBe(0);
  });

  test('on a phone a fade and a chevron show that more type tabs are hidden, and a tab chosen by key comes clear of them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, '/product', 'en');
    const list = page.getByTestId('type-tabs');
    await expect(page.getByTestId('type-tab-all')).toBeVisible({ timeout: 30_000 });
    const mask = () => list.evaluate((el) => getComputedStyle(el).maskImage);
    const moreStart = page.getByTestId('type-tabs-more-start');
    const moreEnd = page.getByTestId('type-tabs-more-end');
    /** Whether a tab is whole inside the list and, on a side that fades, clear of the fade. */
    const clearOfFade = (type: string) =>
      list.evaluate((el, id) => {
        const box = el.getBoundingClientRect();
        const tab = el.querySelector(`[data-testid="type-tab-${id}"]`)?.getBoundingClientRect();
        if (!tab) return false;
        const fade = Number.parseFloat(getComputedStyle(el).scrollPaddingLeft);
        const left = box.left + (el.hasAttribute('data-hidden-start') ? fade : 0);
        const right = box.right - (el.hasAttribute('data-hidden-end') ? fade : 0);
        return tab.left >= left - 1 && tab.right <= right + 1;
      }, type);

    // At the start: tabs hidden to the right, so that side fades and shows a chevron; not the left.
    await expect(list).toHaveAttribute('data-hidden-end', 'true');
    await expect(list).not.toHaveAttribute('data-hidden-start');
    expect(await mask()).toContain('linear-gradient');
    await expect(moreEnd).toBeVisible();
    await expect(moreStart).toHaveCount(0);

    // By keyboard: Left from the first tab goes to the last, which is scrolled into view.
    await page.getByTestId('type-tab-all').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('type-tab-EMS')).toHaveAttribute('aria-selected', 'true');
    await expect(list).not.toHaveAttribute('data-hidden-end');
    await expect(list).toHaveAttribute('data-hidden-start', 'true');
    await expect(moreEnd).toHaveCount(0);
    await expect(moreStart).toBeVisible();
    expect(await clearOfFade('EMS')).toBe(true);
    // Back one tab at a time: each chosen tab is whole and clear of the fades.
    for (const type of ['heatpump', 'wallbox', 'car', 'solarPanel', 'inverter', 'battery', 'all']) {
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByTestId(`type-tab-${type}`)).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => clearOfFade(type), type).toBe(true);
    }
    await expect(list).not.toHaveAttribute('data-hidden-start');
    await expect(list).toHaveAttribute('data-hidden-end', 'true');

    // Scrolled by hand to the end, the fade moves to the other side.
    await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(list).not.toHaveAttribute('data-hidden-end');
    await expect(list).toHaveAttribute('data-hidden-start', 'true');

    // On a desktop every tab shows: no fade at all.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(list).not.toHaveAttribute('data-hidden-start');
    await expect(list).not.toHaveAttribute('data-hidden-end');
    expect(await mask()).toBe('none');
    await expect(moreStart).toHaveCount(0);
    await expect(moreEnd).toHaveCount(0);
  });
});
