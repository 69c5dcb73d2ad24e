import type { APIRequestContext } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/** The company's ACQUISITION projects, newest first. */
async function newestAcquisitionProjects(
  request: APIRequestContext,
  token: string,
): Promise<{ _id: string; customer: { email: string } }[]> {
  const search = await request.post(
    '/api/saved-project/installer/search?page=1&limit=20&sortColumn=date&sortOrder=desc',
    { headers: authHeaders(token), data: { stage: ['ACQUISITION'] } },
  );
  expect(search.status()).toBe(200);
  return (await search.json()).data.docs;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', {
    data: { email, password: 'Demo-Solar-2026' },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token;
}

test.describe('offers on the project view', () => {
  test.describe.configure({ timeout: 240_000 });

  test('upload an offer with monthly data, then send it to the customer', async ({ page }) => {
    test.slow();
    const token = await tokenOf(page.request, DEMO.owner);
    // The newest ACQUISITION project (other specs pick the oldest rows).
    const docs = await newestAcquisitionProjects(page.request, token);
    expect(docs.length).toBeGreaterThan(0);
    const project = docs[0] as (typeof docs)[number];

    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'en');
    const section = page.getByTestId('offers-section');
    await expect(section).toBeVisible();
    await expect(section.getByTestId('offers-empty')).toBeVisible();

    await section.getByTestId('offer-upload-open').click();
    const form = page.getByTestId('offer-upload-form');
    await form.getByTestId('offer-moduleQuantity').fill('24');
    await form.getByTestId('offer-productionCapacity').fill('9,600');
    await form.getByTestId('offer-finalPrice').fill('18,450');
    await form.getByTestId('offer-yearlyProduction').fill('9000');
    await form.getByTestId('offer-distribute').click();
    await expect(form.getByTestId('offer-month-June')).toHaveValue('1170');
    await form.getByTestId('offer-month-December').fill('300');
    await form.getByTestId('offer-upload-submit').click();
    await expect(form).toBeHidden();

    const card = section.getByTestId('offer-1');
    await expect(card).toBeVisible();
    await expect(card).toContainText('€18,450');
    await expect(card).toContainText('9,600 kWp');
    await expect(card.getByTestId('offer-chart-1').getByTestId('chart-bar')).toHaveCount(12);
    await expect(card.getByRole('rowheader', { name: 'June' })).toBeAttached();
    await expect(page.getByTestId('project-view')).toContainText('Offer provided');

    // The database: the offer and the stage.
    const offers = await page.request.get(`/api/offers?projectId=${project._id}`, {
      headers: authHeaders(token),
    });
    const [offer] = (await offers.json()).data;
    expect(offer.version).toBe(1);
    expect(offer.productionCapacity).toBe(9600);
    expect(offer.monthlySolarData.December).toBe(300);
    expect(Object.keys(offer.monthlySolarData).sort()).toEqual([...MONTHS].sort());
    const detail = await page.request.get(`/api/saved-project/project/${project._id}`, {
      headers: authHeaders(token),
    });
    expect((await detail.json()).data.projectStatus).toBe('OFFER_PROVIDED');

    // Send with the default templates, after a look at the PDF: the page's policy lets its frame load
    // the PDF (a frame it refuses shows the browser's error page instead, at another address).
    await card.getByTestId(`offer-send-1`).click();
    const sendForm = page.getByTestId('offer-send-form');
    await sendForm.getByRole('button', { name: 'Preview PDF' }).click();
    await expect(sendForm.getByTestId('send-preview-frame')).toHaveAttribute('src', /^blob:/, {
      timeout: 60_000,
    });
    await expect
      .poll(() => page.frames().some((frame) => frame.url().startsWith('blob:')), { timeout: 10_000 })
      .toBe(true);
    await expect(sendForm.getByTestId('send-to')).toHaveValue(project.customer.email);
    await expect(sendForm.getByTestId('send-submit')).toBeEnabled();
    await sendForm.getByTestId('send-submit').click();
    await expect(sendForm).toBeHidden();
    await expect(card.getByTestId('offer-send-state-1')).toHaveAttribute('data-state', 'sent', {
      timeout: 120_000,
    });
    await expect(
      page.getByText(
        'Offer sent successfully! An email with the PDF attachment has been sent to the recipient.',
      ),
    ).toBeVisible();

    const after = await page.request.get(`/api/offers?projectId=${project._id}`, {
      headers: authHeaders(token),
    });
    const sent = (await after.json()).data[0];
    expect(sent.sendState).toBe('sent');
    expect(sent.sentTo).toBe(project.customer.email);

    const adminToken = await tokenOf(page.request, DEMO.admin);
    const mails = await page.request.get('/api/admin/mails?page=1&limit=50', {
      headers: authHeaders(adminToken),
    });
    expect(mails.status()).toBe(200);
    const docsMail: { to: string; subject: string }[] = (await mails.json()).data.docs;
    expect(docsMail.some((m) => m.to.includes(project.customer.email))).toBe(true);
  });

  test('the offer form reads numbers as German users write them, and a fixed field loses its message', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    // The second newest ACQUISITION project (the test above takes the newest).
    const project = (await newestAcquisitionProjects(page.request, token))[1];
    if (!project) throw new Error('no second ACQUISITION project');

    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'de');
    const section = page.getByTestId('offers-section');
    await section.getByTestId('offer-upload-open').click();
    const form = page.getByTestId('offer-upload-form');
    await form.getByTestId('offer-moduleQuantity').fill('24');
    await form.getByTestId('offer-productionCapacity').fill('9,6');
    await form.getByTestId('offer-finalPrice').fill('viel');
    await form.getByTestId('offer-yearlyProduction').fill('9.000');
    await form.getByTestId('offer-upload-submit').click();
    await expect(form.getByText('Bitte geben Sie eine Zahl ein')).toBeVisible();
    await expect(form.getByText('Dieses Feld ist erforderlich').first()).toBeVisible();
    await form.getByTestId('offer-finalPrice').fill('18.450');
    await expect(form.getByText('Bitte geben Sie eine Zahl ein')).toHaveCount(0);
    await form.getByTestId('offer-distribute').click();
    await expect(form.getByTestId('offer-month-June')).toHaveValue('1170');
    await expect(form.getByText('Dieses Feld ist erforderlich')).toHaveCount(0);
    // The upload shows its progress until the server has answered (held here for a moment).
    await page.route('**/api/installer/storePDFdata', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await form.getByTestId('offer-upload-submit').click();
    await expect(form.getByTestId('offer-upload-progress')).toBeVisible();
    await expect(form.getByText(/Wird hochgeladen… \d+\s%/)).toBeVisible();
    await expect(form).toBeHidden();
    await page.unroute('**/api/installer/storePDFdata');

    const card = section.getByTestId('offer-1');
    await expect(card).toContainText('18.450 €');
    await expect(card).toContainText('9,60 kWp');
    const offers = await page.request.get(`/api/offers?projectId=${project._id}`, {
      headers: authHeaders(token),
    });
    const [offer] = (await offers.json()).data;
    expect(offer).toMatchObject({ productionCapacity: 9.6, finalPrice: 18450, yearlyProduction: 9000 });

    // Sending: the PDF and the e-mail are German by default, as the user works in German.
    await card.getByTestId('offer-send-1').click();
    const sendForm = page.getByTestId('offer-send-form');
    await expect(sendForm.getByTestId('send-word-template')).toHaveValue(/\(DE\)/);
    await expect(sendForm.getByTestId('send-email-template')).toHaveValue(/\(DE\)/);
  });
});
