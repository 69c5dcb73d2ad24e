import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

test.describe('meeting request', () => {
  test.describe.configure({ timeout: 120_000 });

  test('without a booking page, call-now sends a meeting request to support by e-mail', async ({ page }) => {
    await loginAs(page, DEMO.installer, '/listing', 'en');
    await page.getByTestId('call-now').click();
    const form = page.getByTestId('meeting-request-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const message = `Please call about a flat roof ${Date.now()}`;
    // Sent empty: the app's own message under the field (not the browser's bubble).
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(form.getByText('This field is required')).toBeVisible();
    await form.getByLabel('Your message').fill(message);
    await form.getByLabel('Preferred time').fill('Friday afternoon');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Thank you! We will get back to you to arrange the meeting.')).toBeVisible();

    const admin = await page.request.post('/api/user/installer/login', {
      data: { email: DEMO.admin, password: DEMO_PASSWORD },
    });
    const token = (await admin.json()).data.token;
    await expect
      .poll(
        async () => {
          const mails = await page.request.get('/api/admin/mails?limit=50', { headers: authHeaders(token) });
          return (await mails.json()).data.docs.some((m: { text: string }) => m.text.includes(message));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
