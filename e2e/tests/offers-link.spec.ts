import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { offerOnRealizedProject, tokenOf } from '../fixtures/offers';
import { newColleague, newCompany } from '../fixtures/users';

/**
 * The send dialog says when the chosen e-mail template has no `{{offerLink}}` (the customer would get
 * no link to accept online) and adds the line to the template. Helios, whose e-mail templates no
 * other spec changes, and a realized project (a new offer keeps its stage); nothing is mailed.
 */
test.describe('offers: the customer link in the e-mail', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the send dialog notes a template without {{offerLink}} and adds the link to it', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const name = `E2E ohne Link ${Date.now()}`;
    const created = await page.request.post('/api/email-template', {
      headers: authHeaders(token),
      data: {
        name,
        language: 'en',
        subject: 'Your offer',
        body: 'Hello {{customerName}},\nyour offer is attached.',
      },
    });
    expect(created.status()).toBe(200);
    const templateId = (await created.json()).data._id as string;
    try {
      const { projectId, version } = await offerOnRealizedProject(page.request, token, {
        pick: 2,
        finalPrice: 16000,
        monthly: () => 700,
      });
      await loginAs(page, DEMO.helios, `/projectview?projectId=${projectId}`, 'en');
      await page.getByTestId(`offer-send-${version}`).click();
      const form = page.getByTestId('offer-send-form');
      await expect(form.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
      await form.getByTestId('send-email-template').click();
      await page.getByRole('option', { name: `${name} (EN)` }).click();

      // Helios has its phone and e-mail stored: nothing to say about the company's contact.
      await expect(form.getByTestId('offer-company-missing')).toHaveCount(0);

      const note = form.getByTestId('offer-link-missing');
      await expect(note).toContainText(
        'This template has no link {{offerLink}}: the customer gets no link to accept or decline the offer online.',
      );
      // A note, not a stop: sending stays possible.
      await expect(form.getByTestId('send-submit')).toBeEnabled();

      await note.getByRole('button', { name: 'Add the link to the template' }).click();
      await expect(page.getByText(`The link is now at the end of the template “${name}”.`)).toBeVisible();
      await expect(note).toBeHidden();
      const list = await page.request.get('/api/email-template', { headers: authHeaders(token) });
      const saved = (await list.json()).data.find((e: { _id: string }) => e._id === templateId);
      expect(saved.body).toBe(
        'Hello {{customerName}},\nyour offer is attached.\n\nYou can view, accept or decline the offer online at this link: {{offerLink}}',
      );
    } finally {
      await page.request.delete(`/api/email-template/${templateId}`, { headers: authHeaders(token) });
    }
  });
});

/**
 * The send dialog says when the company has no phone or no e-mail stored: the offer e-mail and PDF
 * name both to the customer. A new company of its own (the demo companies have both), in München,
 * with an e-mail but no phone, saves a nearby request as its project and uploads an offer there.
 */
test.describe("offers: the company's contact in the offer", () => {
  test.describe.configure({ timeout: 180_000 });

  test('the send dialog names a missing phone, and the company admin gets the way to enter it', async ({
    page,
    browser,
  }) => {
    const { email: owner, companyId, companyName } = await newCompany(page.request, { seenTour: true });
    const headers = authHeaders(await tokenOf(page.request, owner));
    const saved = await page.request.put(`/api/installer/${companyId}`, {
      headers,
      data: {
        companyName,
        address: 'Marienplatz 1',
        city: 'München',
        postalCode: '80331',
        phone: '',
        email: 'kontakt@neu-solar.test',
        website: '',
        vatId: '',
        description: '',
        serviceRadiusKm: 30,
        latitude: 48.1371,
        longitude: 11.5754,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const nearby = await page.request.put('/api/quote/installer/search', {
      headers,
      params: { page: 1, limit: 1 },
      data: {},
    });
    expect(nearby.status(), await nearby.text()).toBe(200);
    const [quote] = (await nearby.json()).data.docs as { _id: string }[];
    if (!quote) throw new Error('no request near München');
    const created = await page.request.post('/api/saved-project/create', {
      headers,
      data: { quoteId: quote._id },
    });
    expect(created.status(), await created.text()).toBe(200);
    const projectId = (await created.json()).data._id as string;
    const upload = await page.request.post('/api/offers', {
      headers,
      data: {
        projectId,
        moduleQuantity: 20,
        productionCapacity: 8.4,
        finalPrice: 16000,
        yearlyProduction: 7800,
        monthlySolarData: Object.fromEntries(MONTHS.map((m) => [m, 650])),
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);

    // The company admin: what is missing, that sending still works, and the link to the company card.
    await loginAs(page, owner, `/projectview?projectId=${projectId}`, 'de');
    await page.getByTestId('offer-send-1').click();
    const form = page.getByTestId('offer-send-form');
    await expect(form.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
    const note = form.getByTestId('offer-company-missing');
    await expect(note).toContainText('Für Angebote fehlt noch: Telefon');
    await expect(note).not.toContainText('E-Mail,');
    await expect(note).toHaveAttribute('role', 'status');
    expect(await seriousViolations(page, '[data-testid="offer-company-missing"]')).toEqual([]);
    const link = note.getByRole('link', { name: 'Unternehmensdaten öffnen' });
    await expect(link).toHaveAttribute('href', '/profile#company');
    await link.click();
    await expect(page).toHaveURL(/\/profile#company$/);
    await expect(
      page.getByTestId('section-company').getByRole('heading', { name: 'Unternehmensdaten' }),
    ).toBeInViewport();

    // A sales person, who may not change the company: told who can, without the link.
    const sales = await newColleague(
      page.request,
      { role: 'INSTALLER_SALES', firstName: 'Vera', lastName: 'Verkauf' },
      { seenTour: true, owner },
    );
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const salesPage = await context.newPage();
      await loginAs(salesPage, sales, `/projectview?projectId=${projectId}`, 'en');
      await salesPage.getByTestId('offer-send-1').click();
      const salesForm = salesPage.getByTestId('offer-send-form');
      await expect(salesForm.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
      const salesNote = salesForm.getByTestId('offer-company-missing');
      await expect(salesNote).toContainText('Still missing for offers: Phone');
      await expect(salesNote).toContainText('Your company administrator can enter them.');
      await expect(salesNote.getByRole('link')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
