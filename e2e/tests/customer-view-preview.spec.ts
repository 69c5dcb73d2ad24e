import type { APIRequestContext } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  return (await res.json()).data.token as string;
}

test.describe("customer view: the installer's preview", () => {
  test.describe.configure({ timeout: 150_000 });

  test('the installer sees a preview without accept and decline; the customer, logged out or in elsewhere, decides', async ({
    page,
    browser,
  }) => {
    const s = authHeaders(await tokenOf(page.request, DEMO.owner));
    // The oldest Sonnenbau project with an offer provided (the other customer-view tests take
    // projects in acquisition); a new offer version leaves its stage as it is.
    const search = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
      headers: s,
      data: { stage: ['OFFER_PROVIDED'] },
    });
    const project = (await search.json()).data.docs.at(-1) as { _id: string } | undefined;
    expect(project).toBeTruthy();
    if (!project) return;
    const offer = await page.request.post('/api/installer/storePDFdata', {
      headers: s,
      multipart: {
        projectId: project._id,
        moduleQuantity: '20',
        productionCapacity: '8.4',
        finalPrice: '17300',
        yearlyProduction: '7,900',
        monthlySolarData: JSON.stringify(Object.fromEntries(MONTHS.map((m, i) => [m, 280 + i * 35]))),
      },
    });
    expect(offer.status()).toBe(200);
    const offerId = (await offer.json()).data._id as string;

    // The installer opens the customer view from the project header: a preview.
    await loginAs(page, DEMO.installer, `/projectview?projectId=${project._id}`, 'de');
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('customer-view-link').click();
    const preview = await popupPromise;
    await preview.waitForURL(/\/customer-view\?token=/);
    const customerUrl = preview.url();
    const banner = preview.getByTestId('customer-view-preview');
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await expect(banner).toContainText('Vorschau');
    await expect(banner).toContainText(
      'So sieht Ihr Kunde das Angebot. Annehmen und Ablehnen sind dem Kunden vorbehalten.',
    );
    await expect(preview.getByTestId('offer-price')).toBeVisible();
    await expect(preview.getByTestId('accept-offer')).toBeDisabled();
    await expect(preview.getByTestId('decline-offer')).toBeDisabled();
    await expect(preview.getByLabel(/Vollständiger Name/)).toBeDisabled();
    await expect(preview.getByRole('checkbox')).toBeDisabled();
    // The disabled buttons say why: a hint below them, named as their description, and a tooltip.
    const hint = 'Nur Ihr Kunde kann das Angebot über seinen Link annehmen oder ablehnen.';
    await expect(preview.getByTestId('customer-view-preview-hint')).toContainText(hint);
    await expect(preview.getByTestId('accept-offer')).toHaveAccessibleDescription(new RegExp(hint));
    await preview.getByTestId('decline-offer').locator('..').hover();
    await expect(preview.getByRole('tooltip')).toContainText(hint);

    // A crafted request with the installer's login is refused too.
    const token = new URL(customerUrl).searchParams.get('token') ?? '';
    const crafted = await page.request.post('/api/customer-view/accept', {
      headers: { ...authHeaders(await tokenOf(page.request, DEMO.installer)), 'accept-language': 'en' },
      data: { token, offerId, fullName: 'Max Installateur', consent: true },
    });
    expect(crafted.status()).toBe(403);
    expect((await crafted.json()).code).toBe('customer_view_preview');
    await preview.close();

    // The customer in a browser without a login: the page as always, accept and decline open.
    const anonymous = await (await browser.newContext()).newPage();
    await anonymous.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
    await anonymous.goto(customerUrl);
    await expect(anonymous.getByTestId('customer-view')).toBeVisible({ timeout: 60_000 });
    await expect(anonymous.getByTestId('accept-offer')).toBeEnabled();
    await expect(anonymous.getByTestId('decline-offer')).toBeEnabled();
    await expect(anonymous.getByLabel('Full name')).toBeEnabled();
    await expect(anonymous.getByTestId('customer-view-preview')).toHaveCount(0);
    await expect(anonymous.getByTestId('customer-view-preview-hint')).toHaveCount(0);
    await anonymous.close();

    // The customer in a browser where another company's installer is logged in: the customer's page.
    const elsewhere = await (await browser.newContext()).newPage();
    await loginAs(elsewhere, DEMO.helios, customerUrl, 'en');
    await expect(elsewhere.getByTestId('customer-view')).toBeVisible({ timeout: 60_000 });
    await expect(elsewhere.getByTestId('accept-offer')).toBeEnabled();
    await expect(elsewhere.getByTestId('decline-offer')).toBeEnabled();
    await expect(elsewhere.getByTestId('customer-view-preview')).toHaveCount(0);
    await elsewhere.close();

    // A platform ADMIN and a CITY_ADMIN are never the customer: a preview that speaks of the customer.
    for (const platform of [DEMO.admin, DEMO.city]) {
      const staff = await (await browser.newContext()).newPage();
      await loginAs(staff, platform, customerUrl, 'en');
      const staffBanner = staff.getByTestId('customer-view-preview');
      await expect(staffBanner).toBeVisible({ timeout: 60_000 });
      await expect(staffBanner).toContainText(
        'This is how the customer sees the offer. Only the customer can accept or decline it.',
      );
      await expect(staff.getByTestId('accept-offer')).toBeDisabled();
      await expect(staff.getByTestId('decline-offer')).toBeDisabled();
      await expect(staff.getByTestId('customer-view-preview-hint')).toHaveText(
        'You are logged in with an administration account of the portal: only the customer can accept or decline the offer through their link.',
      );
      await staff.close();
    }
  });
});
