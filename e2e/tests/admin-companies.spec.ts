import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';

/**
 * The platform onboards an installer company from the ADMIN's dashboard (docs/onboarding.md): the
 * list of companies, "Create company" with its first admin, who is sent the invitation.
 */
test.describe('installer companies on the ADMIN dashboard', () => {
  test.beforeEach(() => test.slow());

  test('ADMIN creates a company with the keyboard: listed, its admin invited; the same address again is refused at the e-mail', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.admin, '/dashboard', 'en');
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const name = `E2E Solar ${tag}`;
    const email = `e2e-owner-${tag}@neu-solar.test`;
    const section = page.getByTestId('companies-section');
    await expect(section.getByRole('heading', { name: 'Installer companies' })).toBeVisible();
    await expect(section.getByTestId('companies-list')).toBeVisible();

    // Escape closes the untouched dialog, and the focus goes back to the button.
    const create = section.getByRole('button', { name: 'Create company' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create company' });
    await expect(dialog.getByTestId('create-company-name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    // The keyboard alone: the focus starts in the name, Tab to the e-mail, Enter sends.
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('create-company-name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(dialog.getByTestId('create-company-email')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const done = page.getByRole('dialog', { name: 'Company created' }).getByTestId('create-company-done');
    await expect(done).toContainText(`${name} has been created.`);
    await expect(done).toContainText(`The invitation e-mail has been sent to ${email}.`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Listed (found by its name, as other tests add companies too): invited, not set up yet.
    await section.getByLabel('Search by company name').fill(tag.toUpperCase());
    const row = section.locator(`[data-name="${name}"]`);
    await expect(row).toBeVisible();
    await expect(section.getByTestId('companies-count')).toHaveText('1 match');
    await expect(row.getByTestId('company-admin')).toHaveText(email);
    await expect(row.getByTestId('company-pending')).toHaveText('Invitation pending');
    await expect(row.getByTestId('company-location')).toHaveText('No location yet');
    await expect(row.getByTestId('company-users')).toHaveText('1');
    expect(await seriousViolations(page, '[data-testid="companies-section"]')).toEqual([]);

    // The invitation is in the mail catcher, with the link to set a password.
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/admin/mails?page=1&limit=50', {
            headers: authHeaders(token),
          });
          const mails = (await res.json()).data.docs as { to: string; text: string }[];
          const mail = mails.find((m) => m.to.includes(email));
          const text = mail?.text ?? '';
          return text.includes(name) && /reset-password\?token=[\w-]+&invite=1/.test(text);
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // The same address for another company: the server's refusal under the e-mail, nothing created.
    await create.click();
    await dialog.getByTestId('create-company-name').fill(`${name} Zwei`);
    await dialog.getByTestId('create-company-email').fill(email.toUpperCase());
    await dialog.getByTestId('create-company-submit').click();
    const emailField = dialog.getByTestId('create-company-email');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toHaveAccessibleDescription(
      /An account with this e-mail address already exists/,
    );
    await expect(emailField).toBeFocused();
    await expect(dialog.getByTestId('create-company-done')).toHaveCount(0);
    const again = await page.request.get(`/api/admin/companies?q=${encodeURIComponent(`${name} Zwei`)}`, {
      headers: authHeaders(token),
    });
    expect((await again.json()).data.pagination.total).toBe(0);
  });

  test('in German, a missing name and a known address are told at their fields', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/dashboard', 'de');
    const section = page.getByTestId('companies-section');
    await section.getByRole('button', { name: 'Betrieb anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Betrieb anlegen' });
    await dialog.getByTestId('create-company-email').fill(DEMO.owner);
    await dialog.getByTestId('create-company-email').press('Enter');
    const nameField = dialog.getByTestId('create-company-name');
    await expect(nameField).toHaveAccessibleDescription(/Dieses Feld ist erforderlich/);
    await expect(nameField).toBeFocused();
    await nameField.fill('Doppelt GmbH');
    await nameField.press('Enter');
    await expect(dialog.getByTestId('create-company-email')).toHaveAccessibleDescription(
      /Es gibt bereits ein Konto mit dieser E-Mail-Adresse/,
    );
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // Something typed: closing asks first.
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-changes').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an installer company admin has no such section, and the list is refused to them', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    await expect(page.getByTestId('stage-count-ACQUISITION')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('companies-section')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create company' })).toHaveCount(0);
    const res = await page.request.get('/api/admin/companies', { headers: authHeaders(token) });
    expect(res.status()).toBe(403);
  });
});
