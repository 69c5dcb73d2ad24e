import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { formatDate } from '@solar/shared';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';
import { newColleague } from '../fixtures/users';

/** A small triangle mesh. */
const ROOF_OBJ = [
  'o roof',
  'v 0 0 0',
  'v 4 0 0',
  'v 2 3 1',
  'v 2 0 4',
  'f 1 2 3',
  'f 1 3 4',
  'f 2 4 3',
  '',
].join('\n');

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

async function subscriptionOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/payments/list-subscription', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

test('choosing Free on the free plan says so', async ({ page }) => {
  test.slow();
  await loginAs(page, DEMO.installer, '/profile', 'en');
  const section = page.getByTestId('section-plan');
  await expect(section.getByTestId('plan-name')).toHaveText('Free');
  await section.getByTestId('open-pricing').click();
  const modal = page.getByRole('dialog', { name: 'Choose your plan' });
  // One currency format in the English modal: the app's formatter ('€300'), on the cards too.
  await expect(modal.getByTestId('plan-card-free')).toContainText('€60');
  await expect(modal.getByTestId('plan-card-premium')).toContainText('€200');
  await expect(modal.getByTestId('plan-card-premium')).toContainText('(+€100 each)');
  await expect(modal.getByTestId('plan-card-enterprise')).toContainText('€750');
  await expect(modal.getByTestId('premium-monthly')).toHaveText('€200 per month');
  await expect(modal).not.toContainText(/\d €/);
  // Only the company admin buys.
  await expect(modal.getByTestId('premium-ask-admin')).toBeVisible();
  await modal.getByTestId('choose-free').click();
  await expect(page.getByText('Already using free plan')).toBeVisible();
});

test('Escape in the meeting booking opened by Enterprise closes only the booking (QA audit)', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, DEMO.owner, '/profile', 'en');
  await page.getByTestId('section-plan').getByTestId('open-pricing').click();
  const pricing = page.getByRole('dialog', { name: 'Choose your plan' });
  await pricing.getByTestId('extra-obj').check();
  await expect(pricing.getByTestId('premium-monthly')).toHaveText('€300 per month');
  await pricing.getByTestId('choose-enterprise').click();
  await expect(page.getByRole('dialog')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  // The plan being put together is still there.
  await expect(pricing).toBeVisible();
  await expect(pricing.getByTestId('premium-monthly')).toHaveText('€300 per month');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an installer admin buys Premium with an extra OBJ through the test checkout', async ({ page }) => {
  test.slow();
  const { token } = await loginAs(page, DEMO.helios, '/profile', 'de');
  await page.getByTestId('open-pricing').click();
  const modal = page.getByRole('dialog', { name: 'Wählen Sie Ihren Tarif' });
  await expect(modal.getByTestId('premium-monthly')).toHaveText('200 € pro Monat');
  await expect(modal.getByTestId('premium-yearly')).toContainText('1.920 €');
  await expect(modal.getByTestId('premium-two-years')).toContainText('3.600 €');

  const extraObj = modal.getByRole('checkbox', { name: /Zusätzliche OBJ/ });
  const objQty = modal.getByRole('textbox', { name: 'Anzahl zusätzlicher OBJ-Planungsdaten' });
  await extraObj.check();
  await expect(objQty).toHaveValue('1');
  await expect(modal.getByTestId('premium-monthly')).toHaveText('300 € pro Monat');
  await expect(modal.getByTestId('premium-yearly')).toContainText('2.880 €');
  await expect(modal.getByTestId('premium-two-years')).toContainText('5.400 €');
  await expect(modal.getByTestId('premium-quantities')).toContainText(
    '5 Planungsdaten oder 2 PV-Sol-Dateien',
  );
  // SPEC §5: unchecking resets the quantity.
  await extraObj.uncheck();
  await expect(objQty).toHaveValue('0');
  await expect(modal.getByTestId('premium-monthly')).toHaveText('200 € pro Monat');
  await extraObj.check();
  await expect(modal.getByTestId('premium-monthly')).toHaveText('300 € pro Monat');

  const popupPromise = page.waitForEvent('popup');
  await modal.getByTestId('choose-premium').click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/checkout\/test\?session=/);
  await expect(popup.getByTestId('test-payment-banner')).toContainText('TESTZAHLUNG');
  await expect(popup.getByTestId('checkout-amount')).toHaveText('300 €');
  await expect(popup.getByLabel('Kartennummer')).toHaveValue('4242 4242 4242 4242');
  await popup.getByTestId('checkout-pay').click();
  await popup.waitForURL(/\/profile\?checkout=success/);
  await expect(popup.getByTestId('checkout-success')).toBeVisible();
  await expect(popup.getByTestId('plan-name')).toHaveText('Premium');
  await expect(popup.getByTestId('plan-extras')).toHaveText('1 zusätzliche OBJ, 0 zusätzliche PV Sol');
  await expect(popup.getByTestId('plan-price')).toHaveText('300 €');
  await expect(popup.getByTestId('usage-obj')).toContainText('0 genutzt · 5 übrig');

  const subscription = await subscriptionOf(page.request, token);
  expect(subscription).toMatchObject({
    plan: 'premium',
    objExtra: 1,
    pvsolExtra: 0,
    monthlyPriceCents: 30000,
  });
  expect(subscription.usage.unitsBudget).toBe(5);

  // The paid session cannot be paid again: it shows its state, no card form and no pay button.
  const paidUrl = popup.url();
  await popup.goBack();
  await popup.waitForURL(/\/checkout\/test\?session=/);
  await popup.reload();
  await expect(popup.getByTestId('checkout-state')).toHaveText(
    'Dieser Bezahlvorgang ist bereits abgeschlossen.',
  );
  await expect(popup.getByTestId('checkout-pay')).toHaveCount(0);
  await expect(popup.getByLabel('Kartennummer')).toHaveCount(0);
  await popup.getByTestId('checkout-back').click();
  await popup.waitForURL(/\/profile$/);
  expect(paidUrl).toContain('/profile');

  // Reopened, the modal starts from the plan in force, which cannot be bought again.
  await page.reload();
  await page.getByTestId('open-pricing').click();
  await expect(modal.getByTestId('plan-card-premium')).toContainText('Aktueller Tarif');
  await expect(extraObj).toBeChecked();
  await expect(objQty).toHaveValue('1');
  await expect(modal.getByTestId('premium-monthly')).toHaveText('300 € pro Monat');
  await expect(modal.getByTestId('choose-premium')).toBeDisabled();
  await expect(modal.getByTestId('choose-premium')).toHaveText('Aktueller Tarif');
  await expect(modal.getByTestId('premium-unchanged')).toBeVisible();
  // A changed configuration says what changes.
  await modal.getByRole('checkbox', { name: /Zusätzliche PV-Sol/ }).check();
  const change = modal.getByTestId('premium-change');
  await expect(change).toContainText(
    'Extras: 1 zusätzliche OBJ, 0 zusätzliche PV Sol → 1 zusätzliche OBJ, 1 zusätzliche PV Sol',
  );
  await expect(change).toContainText('Preis: 300 € → 500 € pro Monat');
  await expect(change).toContainText('Kontingent: 5 → 7 Einheiten pro Monat');
  await expect(modal.getByTestId('choose-premium')).toBeEnabled();
  await expect(modal.getByTestId('choose-premium')).toHaveText('Tarif ändern');
  // Back to the plan in force: the button is disabled again.
  await modal.getByRole('checkbox', { name: /Zusätzliche PV-Sol/ }).uncheck();
  await expect(modal.getByTestId('choose-premium')).toBeDisabled();
  await expect(change).toHaveCount(0);

  // A project's planning-files card shows the plan, what is left this month and each download's cost.
  const projects = await page.request.post(
    '/api/saved-project/installer/search?page=1&limit=1&sortColumn=date&sortOrder=desc',
    {
      headers: authHeaders(token),
      data: {},
    },
  );
  const [project] = (await projects.json()).data.docs as { _id: string; quoteId: string }[];
  if (!project) throw new Error('no Helios project');
  const adminToken = await tokenOf(page.request, DEMO.admin);
  for (const [kind, name] of [
    ['obj', 'roof.obj'],
    ['pvsol', 'roof.pvsol'],
  ] as const) {
    const upload = await page.request.post('/api/planning-files', {
      headers: authHeaders(adminToken),
      multipart: {
        quoteId: project.quoteId,
        kind,
        file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(ROOF_OBJ) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  await page.keyboard.press('Escape');
  await page.goto(`/projectview?projectId=${project._id}`);
  const card = page.getByTestId('planning-files');
  await expect(card.getByTestId('planning-files-quota')).toHaveText(
    'Premium-Tarif: in diesem Monat noch 5 Einheiten von 5 übrig.',
    { timeout: 30_000 },
  );
  await expect(card.getByTestId('cost-obj')).toHaveText('Kostet 1 Einheit');
  await expect(card.getByTestId('cost-pvsol')).toHaveText('Kostet 2 Einheiten');
  const saved = page.waitForEvent('download');
  await card.getByTestId('download-pvsol').click();
  await saved;
  await expect(card.getByTestId('planning-files-quota')).toHaveText(
    'Premium-Tarif: in diesem Monat noch 3 Einheiten von 5 übrig.',
  );
  await expect(card.getByTestId('downloaded-pvsol')).toBeVisible();

  // The server refuses it too, whatever the client does.
  const again = await page.request.post('/api/payments/create-price', {
    headers: { ...authHeaders(token), 'accept-language': 'de' },
    data: {
      unit_amount: 30000,
      currency: 'eur',
      recurring: { interval: 'month' },
      product_data: { name: 'premium' },
      metadata: { obj: 1, pvsol: 0 },
    },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Sie haben diesen Tarif bereits');
});

test('the company admin cancels Premium at the period end and takes it back; a colleague only sees it', async ({
  page,
  browser,
}) => {
  test.slow();
  const token = await tokenOf(page.request, DEMO.helios);
  const h = { ...authHeaders(token), 'accept-language': 'de' };
  // Helios has Premium from the test before; on its own this test buys it first.
  if ((await subscriptionOf(page.request, token)).plan !== 'premium') {
    const p = await page.request.post('/api/payments/create-price', {
      headers: h,
      data: {
        unit_amount: 20000,
        currency: 'eur',
        recurring: { interval: 'month' },
        product_data: { name: 'premium' },
        metadata: { obj: 0, pvsol: 0 },
      },
    });
    const session = await page.request.post('/api/payments/create-checkout-session', {
      headers: h,
      data: { priceId: (await p.json()).data.id, successUrl: 'http://x.test/', cancelUrl: 'http://x.test/' },
    });
    const paid = await page.request.post(
      `/api/payments/local-checkout/${(await session.json()).data.id}/complete`,
      { headers: h },
    );
    expect(paid.status(), await paid.text()).toBe(200);
  }
  if ((await subscriptionOf(page.request, token)).cancelAtPeriodEnd) {
    await page.request.post('/api/payments/resume-subscription', { headers: h });
  }
  const { renewsAt } = await subscriptionOf(page.request, token);
  const date = formatDate(renewsAt, 'de');

  await loginAs(page, DEMO.helios, '/profile', 'de');
  const section = page.getByTestId('section-plan');
  await expect(section.getByTestId('plan-name')).toHaveText('Premium');
  await section.getByTestId('cancel-plan').click();
  const dialog = page.getByRole('dialog', { name: 'Premium-Tarif kündigen?' });
  await expect(dialog.getByTestId('cancel-plan-text')).toContainText(`bis zum ${date} weiter`);
  // Keeping it is the default: Escape changes nothing.
  await expect(dialog.getByRole('button', { name: 'Tarif behalten' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await subscriptionOf(page.request, token)).cancelAtPeriodEnd).toBe(false);

  await section.getByTestId('cancel-plan').click();
  await dialog.getByTestId('confirm-cancel-plan').click();
  await expect(page.getByText(`Gekündigt – Ihr Premium-Tarif endet am ${date}.`)).toBeVisible();
  await expect(section.getByTestId('plan-status')).toHaveText('Gekündigt');
  await expect(section.getByTestId('plan-ending')).toContainText(`endet am ${date}`);
  await expect(section.getByText('Endet am', { exact: true })).toBeVisible();
  await expect(section.getByTestId('plan-name')).toHaveText('Premium');
  await expect(section.getByTestId('cancel-plan')).toHaveCount(0);
  expect(await subscriptionOf(page.request, token)).toMatchObject({
    plan: 'premium',
    cancelAtPeriodEnd: true,
  });

  // A colleague who is not the admin sees the end, with nothing to press.
  const colleague = await newColleague(
    page.request,
    { role: 'INSTALLER', firstName: 'Kuendigung', lastName: 'Sicht' },
    { seenTour: true, owner: DEMO.helios },
  );
  const other = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await loginAs(other, colleague, '/profile', 'en');
  const seen = other.getByTestId('section-plan');
  await expect(seen.getByTestId('plan-ending')).toContainText(
    `is cancelled and ends on ${formatDate(renewsAt, 'en')}`,
  );
  await expect(seen.getByTestId('resume-plan')).toHaveCount(0);
  await expect(seen.getByTestId('cancel-plan')).toHaveCount(0);
  await other.close();

  await section.getByTestId('resume-plan').click();
  await expect(
    page.getByText(`Kündigung zurückgenommen – Ihr Premium-Tarif verlängert sich am ${date}.`),
  ).toBeVisible();
  await expect(section.getByTestId('plan-status')).toHaveText('Aktiv');
  await expect(section.getByTestId('plan-ending')).toHaveCount(0);
  await expect(section.getByText('Verlängert sich am', { exact: true })).toBeVisible();
  expect((await subscriptionOf(page.request, token)).cancelAtPeriodEnd).toBe(false);
});

test('the planning-files card shows the free plan, what is left and what each download uses', async ({
  page,
}) => {
  test.slow();
  const adminToken = await tokenOf(page.request, DEMO.admin);
  const ownerToken = await tokenOf(page.request, DEMO.owner);
  const res = await page.request.post(
    '/api/saved-project/installer/search?page=1&limit=100&sortColumn=date&sortOrder=desc',
    { headers: authHeaders(ownerToken), data: {} },
  );
  // A project the other tests leave alone (they take the first four and the oldest).
  const row = ((await res.json()).data.docs as { _id: string; quoteId: string }[])[10];
  if (!row) throw new Error('no Sonnenbau project');
  for (const [kind, name] of [
    ['obj', 'roof.obj'],
    ['pvsol', 'roof.pvsol'],
  ] as const) {
    const upload = await page.request.post('/api/planning-files', {
      headers: authHeaders(adminToken),
      multipart: {
        quoteId: row.quoteId,
        kind,
        file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(ROOF_OBJ) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  await loginAs(page, DEMO.sales, `/projectview?projectId=${row._id}`, 'es');
  const card = page.getByTestId('planning-files');
  // Sonnenbau is on the free plan (the free downloads other tests use change the number left).
  await expect(card.getByTestId('planning-files-quota')).toContainText(
    /Plan Free: quedan? \d de 3 descargas OBJ gratuitas \(una sola vez, no cada mes\)/,
    { timeout: 30_000 },
  );
  await expect(card.getByTestId('cost-pvsol')).toHaveText('Solo con el plan Premium');
  await expect(card.getByTestId('cost-obj')).toHaveText('Consume 1 de las descargas gratuitas');
});

test('the free plan downloads 3 OBJ files, the 4th meets the paywall', async ({ page }) => {
  test.slow();
  const adminToken = await tokenOf(page.request, DEMO.admin);
  const ownerToken = await tokenOf(page.request, DEMO.owner);
  const res = await page.request.post(
    '/api/saved-project/installer/search?page=1&limit=100&sortColumn=date&sortOrder=desc',
    { headers: authHeaders(ownerToken), data: {} },
  );
  expect(res.status()).toBe(200);
  const rows = ((await res.json()).data.docs as { _id: string; quoteId: string }[]).slice(0, 4);
  expect(rows).toHaveLength(4);
  for (const row of rows) {
    const upload = await page.request.post('/api/planning-files', {
      headers: authHeaders(adminToken),
      multipart: {
        quoteId: row.quoteId,
        kind: 'obj',
        file: { name: 'roof.obj', mimeType: 'text/plain', buffer: Buffer.from(ROOF_OBJ) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }

  const { token } = await loginAs(page, DEMO.sales, `/projectview?projectId=${rows[0]?._id}`, 'en');
  for (const [i, row] of rows.entries()) {
    if (i > 0) await page.goto(`/projectview?projectId=${row._id}`);
    const card = page.getByTestId('planning-files');
    const objRow = card.getByTestId('planning-file-obj');
    await expect(objRow).toContainText('roof.obj', { timeout: 30_000 });
    if (i < 3) {
      const downloadPromise = page.waitForEvent('download');
      await objRow.getByTestId('download-obj').click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe('roof.obj');
      await expect(objRow.getByTestId('downloaded-obj')).toBeVisible();
      await expect(objRow.getByTestId('open-viewer')).toBeVisible();
    } else {
      await objRow.getByTestId('download-obj').click();
      // Titled by the reason: the free plan's once-only downloads, not a monthly limit.
      await expect(page.getByRole('dialog', { name: 'Free downloads used up' })).toBeVisible();
      const paywall = page.getByTestId('paywall');
      await expect(paywall.getByTestId('paywall-text')).toContainText('given once, not every month');
      await expect(paywall.getByTestId('paywall-message')).toHaveText(
        'You reached maximum limit of downloads',
      );
      await expect(paywall).toContainText('3 of 3 used');
      await paywall.getByTestId('paywall-show-plans').click();
      await expect(page.getByRole('dialog', { name: 'Choose your plan' })).toBeVisible();
    }
  }

  const subscription = await subscriptionOf(page.request, token);
  expect(subscription.plan).toBe('free');
  expect(subscription.usage.freeObjUsed).toBe(3);
  expect(subscription.usage.freeObjLeft).toBe(0);

  // A file downloaded before stays downloadable without using the quota.
  await page.goto(`/projectview?projectId=${rows[0]?._id}`);
  const objRow = page.getByTestId('planning-files').getByTestId('planning-file-obj');
  await expect(objRow.getByTestId('downloaded-obj')).toBeVisible();
  const again = page.waitForEvent('download');
  await objRow.getByTestId('download-obj').click();
  await again;
  expect((await subscriptionOf(page.request, token)).usage.freeObjUsed).toBe(3);

  // A downloaded OBJ opens in the 3D viewer modal (fetched with the JWT header).
  await objRow.getByTestId('open-viewer').click();
  const viewer = page.getByRole('dialog').getByTestId('obj-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'ready');
  await expect(viewer.getByTestId('viewer-canvas')).toBeVisible();
  // Accessible like every dialog (a11y-dialogs.spec.ts checks the others; this one needs the download
  // above): no serious or critical axe finding, focus inside, Escape closes it.
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a project without planning files says so, its icon at full size beside the text', async ({ page }) => {
  const token = await tokenOf(page.request, DEMO.helios);
  const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1&sortOrder=asc', {
    headers: authHeaders(token),
    data: {},
  });
  const [project] = (await res.json()).data.docs as { _id: string }[];
  await page.setViewportSize({ width: 1024, height: 900 });
  await loginAs(page, DEMO.helios, `/projectview?projectId=${project?._id}`, 'de');
  const empty = page.getByTestId('planning-files-empty');
  await expect(empty).toContainText('Noch keine Planungsdateien', { timeout: 30_000 });
  // A flex item beside a long text: it shrank to a few pixels before icons were kept from shrinking.
  const icon = await empty.locator('svg').boundingBox();
  expect(icon?.width).toBe(20);
});
