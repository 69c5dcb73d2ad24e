import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { offerOnRealizedProject, realizedProject, tokenOf } from '../fixtures/offers';

/** An installer's workday walked through in Spanish and English, on a phone and a desktop: the fixes. */

/**
 * A new offer version on the second-oldest realized project (offers-qa takes the oldest); January's
 * production differs from the rest.
 */
const offerWithJanuary = async (request: APIRequestContext, token: string) =>
  (
    await offerOnRealizedProject(request, token, {
      pick: 1,
      finalPrice: 21000,
      monthly: (i) => (i === 0 ? 111 : 700),
    })
  ).projectId;

test.describe('workday QA: months west of Greenwich', () => {
  test.describe.configure({ timeout: 120_000 });
  // A customer (or an installer on a trip) in Mexico: midnight UTC on the 1st is still the month before.
  test.use({ timezoneId: 'America/Mexico_City' });

  test("the customer's offer names January's production January, in Spanish", async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const projectId = await offerWithJanuary(page.request, token);
    const link = await page.request.post('/api/offers/customer-link', {
      headers: authHeaders(token),
      data: { projectId },
    });
    expect(link.status()).toBe(200);
    const { token: customerToken } = (await link.json()).data as { token: string };
    await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'es'));
    await page.goto(`/customer-view?token=${customerToken}`);
    const labels = page.getByTestId('customer-chart-label');
    await expect(labels).toHaveCount(12);
    await expect(labels.first()).toHaveText('ene');
    await expect(labels.last()).toHaveText('dic');
    // The table names the months in full, January's row with January's figure.
    const firstRow = page.getByRole('row').filter({ hasText: '111' });
    await expect(firstRow.getByRole('cell').first()).toHaveText('enero');
    await expect(page.getByRole('row').last().getByRole('cell').first()).toHaveText('diciembre');
  });

  test("the dashboard's chart names each month as the API counts it", async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    const res = await page.request.get('/api/dashboard/stats', { headers: authHeaders(token) });
    expect(res.status()).toBe(200);
    const { monthly } = (await res.json()).data as { monthly: { month: string }[] };
    const last = monthly.at(-1)?.month ?? '';
    const [year, month] = last.split('-').map(Number);
    const expected = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year as number, (month as number) - 1, 15)));
    const group = page.getByTestId('monthly-chart').getByRole('listitem').last();
    await expect(group).toHaveAttribute('aria-label', new RegExp(`^${expected}: `));
  });
});

test.describe('workday QA: the offer on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 375, height: 812 } });

  test('the upload form shows the whole label of "distribute the yearly production", in Spanish', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const project = await realizedProject(page.request, token, 1);
    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'es');
    await page.getByTestId('offer-upload-open').click();
    const button = page.getByTestId('offer-upload-form').getByTestId('offer-distribute');
    await expect(button).toBeVisible();
    // Nothing of the label is cut off, and the button stays inside the form.
    const cut = await button.evaluate((el) => {
      const label = el.querySelector('.mantine-Button-label') as HTMLElement;
      const form = el.closest('form') as HTMLElement;
      return {
        label: label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
        outside: el.getBoundingClientRect().right > form.getBoundingClientRect().right + 1,
      };
    });
    expect(cut).toEqual({ label: false, outside: false });
    await expect(button).toHaveText('Repartir la producción anual según un perfil típico alemán');
  });

  test("the offer's PDF made from the Word template opens whole on a phone", async ({ page }) => {
    test.slow();
    const token = await tokenOf(page.request, DEMO.owner);
    const projectId = await offerWithJanuary(page.request, token);
    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'es');
    await page
      .getByTestId('offers-section')
      .getByRole('button', { name: 'Enviar al cliente' })
      .first()
      .click();
    await page.getByTestId('send-preview').click();
    await expect(page.getByTestId('send-preview-frame')).toBeVisible({ timeout: 60_000 });
    // Beside the frame (which a phone's browser leaves blank or shows one page of): the PDF itself.
    const open = page.getByRole('link', { name: 'Abrir el PDF' });
    await expect(open).toHaveAttribute('href', /^blob:/);
    const [tab] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    expect(tab.url()).toBe(await open.getAttribute('href'));
  });
});

test.describe('workday QA: the stage card of a signed project', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a salesperson learns that a colleague marks the project realized, in English and Spanish', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.sales);
    const search = await page.request.post(
      '/api/saved-project/installer/search?page=1&limit=20&sortColumn=date&sortOrder=asc',
      { headers: authHeaders(token), data: { stage: ['INSTALLER_SIGNED'] } },
    );
    expect(search.status()).toBe(200);
    const project = (await search.json()).data.docs[0] as { _id: string };
    expect(project).toBeTruthy();
    await loginAs(page, DEMO.sales, `/projectview?projectId=${project._id}`, 'en');
    // The move sales may make is offered; the one they may not is named, not silently left out.
    await expect(page.getByTestId('stage-select').locator('option')).toHaveText([
      'Choose the next stage',
      'Offer not accepted',
    ]);
    await expect(page.getByTestId('stage-withheld')).toHaveText(
      'Only a colleague with another role can move this project to “Project realized”.',
    );
    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'es'));
    await page.reload();
    await expect(page.getByTestId('stage-withheld')).toHaveText(
      'Solo un compañero con otro rol puede mover este proyecto a «Proyecto realizado».',
    );
  });
});
