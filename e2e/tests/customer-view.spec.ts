import type { APIRequestContext } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  return (await res.json()).data as {
    token: string;
    installerDetails: Record<string, unknown> & { _id: string };
  };
}

test.describe('customer view: online acceptance and decline', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the customer accepts the offer; the installer sees the project signed and the competitor is closed', async ({
    page,
    browser,
  }) => {
    const sonnenbau = await tokenOf(page.request, DEMO.owner);
    const helios = await tokenOf(page.request, DEMO.helios);
    const s = authHeaders(sonnenbau.token);
    const h = authHeaders(helios.token);

    // A Sonnenbau project still in acquisition (newest first, so other tests' picks stay untouched).
    const search = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
      headers: s,
      data: { stage: ['ACQUISITION'] },
    });
    // The fourth with coordinates: the kanban test moves the most recently changed cards.
    const project = (await search.json()).data.docs.filter(
      (p: { quote: { lat: number | null } }) => p.quote.lat !== null,
    )[3];
    expect(project).toBeTruthy();

    // Helios competes for the same quote: widen its service area for a moment and save the quote.
    const company = helios.installerDetails;
    const widen = (radius: number) =>
      page.request.put(`/api/installer/${company._id}`, {
        headers: h,
        data: {
          companyName: company.companyName,
          address: company.address,
          city: company.city,
          postalCode: company.postalCode,
          phone: company.phone,
          email: company.email,
          website: company.website,
          vatId: company.vatId,
          description: company.description,
          serviceRadiusKm: radius,
        },
      });
    expect((await widen(1000)).status()).toBe(200);
    const competitor = await page.request.post('/api/saved-project/create', {
      headers: h,
      data: { quoteId: project.quoteId },
    });
    expect((await widen(company.serviceRadiusKm as number)).status()).toBe(200);
    expect(competitor.status()).toBe(200);
    const competitorId = (await competitor.json()).data._id as string;

    // Sonnenbau uploads an offer.
    const offer = await page.request.post('/api/installer/storePDFdata', {
      headers: s,
      multipart: {
        projectId: project._id,
        moduleQuantity: '22',
        // kWp, as the upload form sends it (a decimal point, no grouping).
        productionCapacity: '9.6',
        finalPrice: '18750',
        yearlyProduction: '8,900',
        monthlySolarData: JSON.stringify(Object.fromEntries(MONTHS.map((m, i) => [m, 300 + i * 40]))),
        pdf: { name: 'Angebot.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% offer\n') },
      },
    });
    expect(offer.status()).toBe(200);

    // The installer opens the customer view from the project view (a signed link in a new tab).
    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'de');
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('customer-view-link').click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/customer-view\?token=/);
    const customerUrl = popup.url();
    // In German (the installer's language), with the decimal comma.
    await expect(popup.getByTestId('offer-capacity')).toHaveText('9,60 kWp', { timeout: 60_000 });
    await popup.close();

    // The customer, in a fresh browser without any session, accepts.
    const customer = await (await browser.newContext()).newPage();
    await customer.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
    await customer.goto(customerUrl);
    await expect(customer.getByTestId('customer-view')).toBeVisible({ timeout: 60_000 });
    await expect(customer.getByTestId('offer-price')).toHaveText('€18,750.00');
    // The system size as uploaded, in kWp like the installer's offer card (not divided by 1000).
    await expect(customer.getByTestId('offer-capacity')).toHaveText('9.60 kWp');
    await expect(customer.getByTestId('customer-chart')).toBeVisible();
    // The company's address shows once, as a link.
    const contact = customer.getByText(/^Questions\?/);
    const email = (await contact.getByRole('link').last().textContent()) ?? '';
    expect(email).toContain('@');
    expect((await contact.textContent())?.split(email).length).toBe(2);
    // On a phone in Spanish every month's bar is as wide as the others ('sept' no wider than 'may').
    const phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await phone.addInitScript(() => localStorage.setItem('preferredLanguage', 'es'));
    await phone.goto(customerUrl);
    await expect(phone.getByTestId('customer-chart')).toBeVisible({ timeout: 60_000 });
    const widths = await phone
      .getByTestId('customer-chart')
      .locator(':scope > div')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(widths).toHaveLength(12);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
    await phone.close();
    await customer.getByLabel('Full name').fill('Erika Mustermann');
    await customer.getByTestId('accept-offer').click();
    await expect(customer.getByText('Please confirm that you accept the offer')).toBeVisible();
    await customer.getByRole('checkbox').check();
    await customer.getByTestId('accept-offer').click();
    await expect(customer.getByTestId('offer-accepted')).toContainText('Erika Mustermann');

    // The installer's kanban shows the project signed; the competitor's entry is closed.
    await page.goto('/overview');
    const signed = page.locator(`a[href*="${project._id}"]`).first();
    await expect(signed).toBeVisible({ timeout: 60_000 });
    const mine = await page.request.get(`/api/saved-project/project/${project._id}`, { headers: s });
    expect((await mine.json()).data.projectStatus).toBe('INSTALLER_SIGNED');
    const theirs = await page.request.get(`/api/saved-project/project/${competitorId}`, { headers: h });
    expect((await theirs.json()).data.projectStatus).toBe('OFFER_NOT_ACCEPTED');
    const board = await page.request.put('/api/matched/installer/search?limit=200', { headers: s, data: {} });
    const ids = (await board.json()).data.buckets.INSTALLER_SIGNED.map((p: { _id: string }) => p._id);
    expect(ids).toContain(project._id);
  });

  test('the customer declines the offer with a reason; the installer sees the stage and the reason', async ({
    page,
    browser,
  }) => {
    const sonnenbau = await tokenOf(page.request, DEMO.owner);
    const s = authHeaders(sonnenbau.token);
    // Another Sonnenbau project in acquisition than the acceptance test's (the sixth with coordinates).
    const search = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
      headers: s,
      data: { stage: ['ACQUISITION'] },
    });
    const project = (await search.json()).data.docs.filter(
      (p: { quote: { lat: number | null } }) => p.quote.lat !== null,
    )[5];
    expect(project).toBeTruthy();
    const offer = await page.request.post('/api/installer/storePDFdata', {
      headers: s,
      multipart: {
        projectId: project._id,
        moduleQuantity: '18',
        productionCapacity: '7.2',
        finalPrice: '15400',
        yearlyProduction: '6,800',
        monthlySolarData: JSON.stringify(Object.fromEntries(MONTHS.map((m, i) => [m, 250 + i * 30]))),
      },
    });
    expect(offer.status()).toBe(200);
    const link = await page.request.post('/api/offers/customer-link', {
      headers: s,
      data: { projectId: project._id },
    });
    expect(link.status()).toBe(200);
    const customerUrl = `/customer-view?token=${encodeURIComponent((await link.json()).data.token)}`;

    // The customer, in English, declines: asked first, with an optional reason.
    const customer = await (await browser.newContext()).newPage();
    await customer.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
    await customer.goto(customerUrl);
    await expect(customer.getByTestId('customer-view')).toBeVisible({ timeout: 60_000 });
    await expect(customer.getByTestId('accept-offer')).toBeVisible();
    await customer.getByRole('button', { name: 'Decline offer' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Decline this offer?' });
    await expect(dialog).toBeVisible();
    // Cancel leaves the offer open.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await customer.getByTestId('decline-offer').click();
    const reason = 'Too expensive for us this year.';
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await expect(dialog.getByText(`${reason.length} of 500 characters`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Decline offer' }).click();
    const declined = customer.getByTestId('offer-declined');
    await expect(declined).toContainText('You declined this offer (version 1)');
    await expect(declined).toContainText(`Your reason: ${reason}`);
    await expect(customer.getByTestId('accept-offer')).toHaveCount(0);
    await expect(customer.getByTestId('decline-offer')).toHaveCount(0);
    // Still declined when the link is opened again, in German too.
    await customer.evaluate(() => localStorage.setItem('preferredLanguage', 'de'));
    await customer.addInitScript(() => localStorage.setItem('preferredLanguage', 'de'));
    await customer.reload();
    await expect(customer.getByTestId('offer-declined')).toContainText(
      'Sie haben dieses Angebot (Version 1)',
      {
        timeout: 60_000,
      },
    );
    await expect(customer.getByTestId('offer-declined')).toContainText(`Ihr Grund: ${reason}`);
    await customer.close();

    // The installer (German) sees the stage, the reason on the project, and the notification.
    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'de');
    await expect(page.getByTestId('stage-current')).toHaveText('Angebot nicht angenommen', {
      timeout: 60_000,
    });
    const note = page.getByTestId('customer-decline');
    await expect(note).toContainText('Der Kunde hat das Angebot abgelehnt');
    await expect(note).toContainText('Angebotsversion 1 wurde am');
    await expect(page.getByTestId('customer-decline-reason')).toHaveText(`Grund: ${reason}`);
    // The history says the customer made the move, not an unknown user.
    await expect(page.getByTestId('history-entry').first()).toContainText(
      'Angebot abgegeben → Angebot nicht angenommen',
    );
    await expect(page.getByTestId('history-entry').first()).toContainText('vom Kunden am');
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    const entry = panel.getByTestId('notification').filter({ hasText: reason });
    await expect(entry).toContainText('hat Ihr Angebot für');
    await expect(entry).toContainText('abgelehnt');
  });

  test('a forged link shows a clear message', async ({ page }) => {
    await page.goto('/customer-view?token=forged.token-value-that-is-long-enough');
    await expect(page.getByTestId('customer-view-invalid')).toBeVisible({ timeout: 60_000 });
  });
});
