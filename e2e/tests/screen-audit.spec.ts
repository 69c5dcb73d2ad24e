import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { tokenOf } from '../fixtures/offers';

/**
 * Layout details found in a screenshot audit of the signed-in screens at 1280 and 375 px: fields that
 * sit side by side line up, titles of one row of cards are one size, wrapped titles and button labels
 * keep a text's line spacing, and nothing on a card stands without its label.
 */

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** The element's line height divided by its font size (Mantine sets 1 for one-line labels). */
async function lineSpacing(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
  });
}

/** The first saved project of the company, for the project view. */
async function firstProject(page: Page): Promise<string> {
  const token = await tokenOf(page.request, DEMO.owner);
  const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
    headers: authHeaders(token),
    data: {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.docs[0]._id as string;
}

test.describe('screen audit', () => {
  test.beforeEach(() => test.slow());

  for (const [lang, kwp, distance] of [
    ['de', 'Anlagengröße', 'Entfernung zum Projekt'],
    ['en', 'System size', 'Distance to project'],
    ['es', 'Tamaño de la instalación', 'Distancia al proyecto'],
  ] as const) {
    test(`${lang}: the offer calculator's system size and distance fields are level`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await loginAs(page, DEMO.owner, '/product', lang);
      const size = page.getByRole('textbox', { name: kwp, exact: true });
      const km = page.getByRole('textbox', { name: distance, exact: true });
      await expect(size).toBeVisible({ timeout: 60_000 });
      const [a, b] = [await size.boundingBox(), await km.boundingBox()];
      expect(a && b).toBeTruthy();
      // Side by side, at the same height, although one has a two-line hint and the other a word.
      expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThanOrEqual(1);
      expect((b?.x ?? 0) > (a?.x ?? 0)).toBe(true);
    });
  }

  test("the planning files card's title is the size of the project view's other card titles", async ({
    page,
  }) => {
    const projectId = await firstProject(page);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'de');
    const files = page.locator('#planning-files-title');
    const household = page.locator('#pv-household-title');
    await expect(files).toBeVisible({ timeout: 60_000 });
    await expect(household).toBeVisible();
    const size = (el: Locator) => el.evaluate((node) => getComputedStyle(node).fontSize);
    expect(await size(files)).toBe(await size(household));
  });

  test('on a phone, dialog and drawer titles and a wrapped button label keep a line spacing', async ({
    page,
  }) => {
    const projectId = await firstProject(page);
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'es');
    await page.getByTestId('offer-upload-open').click();
    const dialog = page.getByRole('dialog', { name: 'Subir oferta' });
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    expect(await lineSpacing(dialog.locator('.mantine-Modal-title'))).toBeGreaterThanOrEqual(1.2);

    // 'Repartir la producción anual según un perfil típico alemán' takes two lines on a phone.
    const distribute = dialog.getByTestId('offer-distribute');
    const label = distribute.locator('.mantine-Button-label');
    const [labelBox, fontSize] = [
      await label.boundingBox(),
      await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    ];
    expect(labelBox?.height ?? 0).toBeGreaterThan(fontSize * 2);
    expect(await lineSpacing(label)).toBeGreaterThanOrEqual(1.2);
    const buttonBox = await distribute.boundingBox();
    expect((labelBox?.y ?? 0) >= (buttonBox?.y ?? 1)).toBe(true);
    expect((labelBox?.y ?? 0) + (labelBox?.height ?? 0)).toBeLessThanOrEqual(
      (buttonBox?.y ?? 0) + (buttonBox?.height ?? 0),
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByTestId('file-manager-button').click();
    const drawer = page.getByRole('dialog', { name: 'Gestor de archivos' });
    await expect(drawer).toBeVisible();
    expect(await lineSpacing(drawer.locator('.mantine-Drawer-title'))).toBeGreaterThanOrEqual(1.2);
  });

  test("the customer's offer page shows its language menu's icon beside the language, not on it", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/customer-view?token=forged.token-value-that-is-long-enough');
    const button = page.getByTestId('language-switch');
    await expect(button).toBeVisible({ timeout: 60_000 });
    const [icon, name] = [
      await button.locator('svg').boundingBox(),
      await button.locator('span').boundingBox(),
    ];
    expect(icon && name).toBeTruthy();
    // Room between them, and both centred on one line.
    expect((name?.x ?? 0) - ((icon?.x ?? 0) + (icon?.width ?? 0))).toBeGreaterThanOrEqual(4);
    const middle = (box: typeof icon) => (box?.y ?? 0) + (box?.height ?? 0) / 2;
    expect(Math.abs(middle(icon) - middle(name))).toBeLessThanOrEqual(2);
  });

  test("on a phone, the new e-mail template's name field is as wide as its subject", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/templates', 'en');
    await page.getByTestId('email-template-new').click();
    const name = page.getByTestId('email-template-name');
    const subject = page.getByTestId('email-template-subject');
    await expect(name).toBeVisible({ timeout: 60_000 });
    const [a, b] = [await name.boundingBox(), await subject.boundingBox()];
    expect(Math.abs((a?.width ?? 0) - (b?.width ?? 1))).toBeLessThanOrEqual(1);
  });

  test('on a phone, a product card without bulk tiers shows no dash without a label', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const name = `E2E Audit ${Date.now().toString(36)}`;
    const res = await page.request.post('/api/product/', {
      headers: authHeaders(token),
      params: { isDuplicate: 'true' },
      data: {
        type: 'battery',
        name,
        manufacturer: 'E2E Energy',
        details: { capacityKwh: 5, warrantyYears: 10 },
        price: 2990,
        bulkPrices: [],
      },
    });
    expect(res.status()).toBe(200);
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/product', 'de');
    await page.getByTestId('product-search').fill(name);
    const card = page.getByTestId('product-row').filter({ hasText: name });
    await expect(card).toHaveCount(1, { timeout: 60_000 });
    await expect(card.getByTestId('cell-price')).toContainText('2.990 €');
    await expect(card.getByText('–', { exact: true })).toHaveCount(0);
  });

  test('on a phone, the dashboard chart opens at the latest months', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    const scroller = page.getByTestId('monthly-chart-scroll');
    await expect(scroller.locator('li').first()).toBeVisible();
    const { left, width, total } = await scroller.evaluate((el) => ({
      left: el.scrollLeft,
      width: el.clientWidth,
      total: el.scrollWidth,
    }));
    // The months overflow a phone's width, and the view starts at their right end.
    expect(total).toBeGreaterThan(width);
    expect(left + width).toBeGreaterThanOrEqual(total - 1);
  });

  test("on a phone, the pricing modal's amounts never leave '€' alone on a line", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/profile', 'de');
    await page.getByTestId('section-plan').getByTestId('open-pricing').click();
    const premium = page
      .getByRole('dialog', { name: 'Wählen Sie Ihren Tarif' })
      .getByTestId('plan-card-premium');
    await expect(premium).toContainText('Zusätzliche OBJ-Planungsdaten');
    // Playwright's text matchers fold every space into one; the DOM's text keeps the no-break space.
    const text = (await premium.textContent()) ?? '';
    expect(text).toContain('(je +100\u00a0€)');
    expect(text).not.toMatch(/\d €/);
  });
});
