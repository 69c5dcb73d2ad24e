import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { offerOnRealizedProject, tokenOf } from '../fixtures/offers';

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
