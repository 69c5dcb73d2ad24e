import type { APIRequestContext } from '@playwright/test';
import { formatNumber } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { offerOnRealizedProject, realizedProject, tokenOf } from '../fixtures/offers';

/**
 * An offer with cents on the oldest realized project: a new offer keeps that project's stage, so the
 * other specs' picks (ACQUISITION and OFFER_PROVIDED projects) stay untouched.
 */
const offerWithCents = (request: APIRequestContext, token: string) =>
  offerOnRealizedProject(request, token, { pick: 0, finalPrice: 23456.78, monthly: () => 650 });

test.describe('offers: QA fixes', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the offer card shows the price with its cents, as the PDF and the customer's view do", async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId, version } = await offerWithCents(page.request, token);

    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'de');
    const card = page.getByTestId(`offer-${version}`);
    await expect(card).toContainText('23.456,78 €');
    await expect(card).not.toContainText('23.457 €');
  });

  test('the offer calculator says at the field when a quantity is left out of the proposal', async ({
    page,
  }) => {
    await loginAs(page, DEMO.installer, '/product', 'en');
    const calc = page.getByTestId('offer-calculator');
    await calc.getByTestId('calculator-product').first().click();
    await page.getByRole('option').first().click();
    await calc.getByRole('button', { name: 'Add product' }).click();
    await calc.getByTestId('calculator-product').nth(1).click();
    await page.getByRole('option').nth(1).click();
    const second = calc.getByTestId('calculator-quantity').nth(1);
    await second.fill('2');
    await expect(calc.getByTestId('calculator-result').getByRole('row')).toHaveCount(3);
    await expect(calc).not.toContainText('Please enter a whole number');

    for (const wrong of ['', '0', '250000']) {
      await second.fill(wrong);
      await second.blur();
      await expect(calc.getByText('Please enter a whole number from 1 to 100,000')).toBeVisible();
      // Only the first line is priced, and the field says why.
      await expect(calc.getByTestId('calculator-result').getByRole('row')).toHaveCount(2);
    }
    await second.fill('3');
    await expect(calc).not.toContainText('Please enter a whole number');
  });

  test("the customer's chart labels do not run into each other on a phone, in Spanish", async ({
    page,
    browser,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId } = await offerWithCents(page.request, token);
    const link = await page.request.post('/api/offers/customer-link', {
      headers: authHeaders(token),
      data: { projectId },
    });
    const { token: customerToken } = (await link.json()).data as { token: string };
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const view = await phone.newPage();
    await view.addInitScript(() => localStorage.setItem('preferredLanguage', 'es'));
    await view.goto(`${test.info().project.use.baseURL}/customer-view?token=${customerToken}`);
    const labels = view.getByTestId('customer-chart-label');
    await expect(labels).toHaveCount(12);
    await expect(labels.nth(8)).toHaveText('sep');
    // Each label's text stays inside its own column.
    const overflowing = await labels.evaluateAll((nodes) =>
      nodes.filter((n) => n.scrollWidth > (n.parentElement?.clientWidth ?? 0) + 1).map((n) => n.textContent),
    );
    expect(overflowing).toEqual([]);
    await phone.close();
  });

  test('a refused acceptance says why instead of doing nothing', async ({ page, browser }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId } = await offerWithCents(page.request, token);
    const link = await page.request.post('/api/offers/customer-link', {
      headers: authHeaders(token),
      data: { projectId },
    });
    expect(link.status()).toBe(200);
    const { token: customerToken } = (await link.json()).data as { token: string };

    const customer = await browser.newContext();
    const view = await customer.newPage();
    await view.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
    // The link expires between opening the page and accepting.
    await view.route('**/api/customer-view/accept', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 403,
          code: 'customer_link_invalid',
          message: 'This link is invalid or has expired.',
        }),
      }),
    );
    await view.goto(`${test.info().project.use.baseURL}/customer-view?token=${customerToken}`);
    await expect(view.getByTestId('customer-view')).toBeVisible();
    await view.getByLabel('Full name').fill('Leon Bauer');
    await view.getByRole('checkbox').check();
    await view.getByTestId('accept-offer').click();
    await expect(view.getByTestId('accept-error')).toHaveText('This link is invalid or has expired.');
    // What was typed stays for another try.
    await expect(view.getByLabel('Full name')).toHaveValue('Leon Bauer');

    // No answer at all: a connection problem.
    await view.unroute('**/api/customer-view/accept');
    await view.route('**/api/customer-view/accept', (route) => route.abort('internetdisconnected'));
    await view.getByTestId('accept-offer').click();
    await expect(view.getByTestId('accept-error')).toBeVisible();
    await expect(view.getByTestId('accept-error')).not.toBeEmpty();
    await customer.close();
  });

  test('the installer calculates the offer from the catalogue, applies it and uploads it with that price', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    // The second oldest realized project: a new offer keeps its stage, and the tests above use the oldest.
    const project = await realizedProject(page.request, token, 1);
    const catalogue = await page.request.put('/api/product/v2?inCatalogue=true&page=1&limit=200', {
      headers: authHeaders(token),
    });
    const products = (await catalogue.json()).data.docs as { _id: string; name: string }[];
    const idOf = (name: string) => {
      const product = products.find((p) => p.name === name);
      if (!product) throw new Error(`${name} is not in the catalogue`);
      return product._id;
    };
    // What the server proposes for these lines on this project: the price the offer must carry.
    const expected = await page.request.post('/api/product/calculate', {
      headers: authHeaders(token),
      data: {
        projectId: project._id,
        components: [
          { productId: idOf('Meyer Burger Glass 400 Wp'), quantity: 20 },
          { productId: idOf('SMA Sunny Tripower 10.0'), quantity: 1 },
        ],
      },
    });
    expect(expected.status()).toBe(200);
    const total = (await expected.json()).data.total as number;
    const before = await page.request.get(`/api/offers?projectId=${project._id}`, {
      headers: authHeaders(token),
    });
    const versions = ((await before.json()).data as unknown[]).length;

    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'en');
    await page.getByTestId('offers-section').getByTestId('offer-upload-open').click();
    const form = page.getByTestId('offer-upload-form');
    await form.getByTestId('offer-calc-toggle').click();
    const calc = form.getByTestId('offer-calc');
    // Apply before anything is chosen fills nothing and says why.
    await calc.getByTestId('offer-calc-apply').click();
    await expect(calc.getByTestId('offer-calc-note')).toHaveText(
      'Nothing applied: choose at least one product from your catalogue first.',
    );
    await expect(form.getByTestId('offer-finalPrice')).toHaveValue('');

    await calc.getByRole('combobox', { name: 'Product 1' }).click();
    await page.getByRole('option', { name: /Meyer Burger Glass 400 Wp/ }).click();
    await calc.getByRole('textbox', { name: 'Quantity 1' }).fill('20');
    await calc.getByRole('button', { name: 'Add product' }).click();
    await calc.getByRole('combobox', { name: 'Product 2' }).click();
    await page.getByRole('option', { name: /SMA Sunny Tripower 10\.0/ }).click();
    await expect(calc.getByTestId('calc-total')).toHaveText(`€${formatNumber(total, 'en', 2)}`);
    await calc.getByTestId('offer-calc-apply').click();

    const price = formatNumber(total, 'en', Number.isInteger(total) ? 0 : 2);
    await expect(form.getByTestId('offer-finalPrice')).toHaveValue(price);
    // The panel line only: 20 × 400 W.
    await expect(form.getByTestId('offer-moduleQuantity')).toHaveValue('20');
    await expect(form.getByTestId('offer-productionCapacity')).toHaveValue('8');
    await form.getByTestId('offer-yearlyProduction').fill('7,600');
    await form.getByTestId('offer-distribute').click();
    await form.getByTestId('offer-upload-submit').click();
    await expect(form).toBeHidden();

    const after = await page.request.get(`/api/offers?projectId=${project._id}`, {
      headers: authHeaders(token),
    });
    const [offer] = (await after.json()).data;
    expect(offer).toMatchObject({
      version: versions + 1,
      finalPrice: total,
      moduleQuantity: 20,
      productionCapacity: 8,
      yearlyProduction: 7600,
    });
    await expect(page.getByTestId(`offer-${versions + 1}`)).toContainText(price);
  });
});
