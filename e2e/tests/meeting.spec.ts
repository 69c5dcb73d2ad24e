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

  test('each field of the meeting request says what is wrong with it', async ({ page }) => {
    await loginAs(page, DEMO.installer, '/listing', 'de');
    await page.getByTestId('call-now').click();
    const form = page.getByTestId('meeting-request-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    const message = form.getByLabel('Ihre Nachricht');
    const phone = form.getByLabel('Telefon');
    const time = form.getByLabel('Wunschtermin');
    const send = form.getByRole('button', { name: 'Anfrage senden' });

    // Longer input stops at the server's limits.
    await phone.fill('1'.repeat(50));
    await expect(phone).toHaveValue('1'.repeat(40));
    await time.fill('x'.repeat(250));
    await expect(time).toHaveValue('x'.repeat(200));

    // Too short is not "required": the field says how many characters it needs, and forgets it when typed in.
    await message.fill('ab');
    await send.click();
    await expect(message).toHaveAccessibleDescription('Bitte geben Sie mindestens 3 Zeichen ein');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await message.fill('Bitte rufen Sie mich an');
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');

    // What the server refuses (here a request past the limits, as an older page could send) shows at
    // each field, not as one general message.
    await page.route('**/api/meeting-request', (route) =>
      route.continue({
        postData: JSON.stringify({
          message: 'Bitte rufen Sie mich an',
          phone: '1'.repeat(50),
          preferredTime: 'x'.repeat(250),
        }),
      }),
    );
    const refused = page.waitForResponse((res) => res.url().endsWith('/api/meeting-request'));
    await send.click();
    expect((await refused).status()).toBe(400);
    await expect(phone).toHaveAccessibleDescription('Bitte geben Sie höchstens 40 Zeichen ein');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(time).toHaveAccessibleDescription('Bitte geben Sie höchstens 200 Zeichen ein');
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte überprüfen Sie Ihre Eingaben')).toHaveCount(0);
  });
});
