import { DEMO, expect, loginAs, test } from '../fixtures/auth';

// Several browser suites share the machine: allow for a slow server rather than flake.
test.describe.configure({ timeout: 60_000 });

/** The strings the app shows, read from apps/web/src/i18n/{de,es}.json. */
const ES = {
  newPassword: 'Contraseña nueva',
  confirmPassword: 'Repita la contraseña',
  tooShort: 'La contraseña debe tener al menos 10 caracteres',
  mismatch: 'Las contraseñas no coinciden',
};
const DE = { email: 'E-Mail', password: 'Passwort' };

test.describe('public forms', () => {
  test('the new-password form names every wrong field at once, Enter submitting', async ({ page }) => {
    // The link check answers "still valid", so the form opens without a real e-mail.
    await page.route('**/api/user/reset-password/*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { data: { message: 'ok' } } })
        : route.fulfill({ status: 500, json: { status: 500, message: 'not expected' } }),
    );
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'es'));
    await page.goto('/application/reset-password?token=abcdefghijklmnopqrstuvwxyz123456');
    const password = page.getByLabel(ES.newPassword, { exact: true });
    const confirm = page.getByLabel(ES.confirmPassword, { exact: true });
    await password.fill('abc');
    await confirm.fill('xyz');
    await confirm.press('Enter');
    await expect(password).toHaveAccessibleDescription(new RegExp(ES.tooShort));
    await expect(confirm).toHaveAccessibleDescription(new RegExp(ES.mismatch));
    // The cursor goes to the first field to fix, not left in the one Enter was pressed in.
    await expect(password).toBeFocused();
  });

  test('the admin-mode link fills the e-mail and puts the cursor in the password', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.goto('/listing?admin=true&email=owner%40sonnenbau.test');
    await expect(page).toHaveURL(/\/login\?admin=true&email=owner%40sonnenbau\.test$/);
    await expect(page.getByLabel(DE.email, { exact: true })).toHaveValue('owner@sonnenbau.test');
    await expect(page.getByLabel(DE.password, { exact: true })).toBeFocused();
  });

  test('a message under a field does not stay in the language the user left', async ({ page }) => {
    const invalidEs = 'Introduzca una dirección de correo electrónico válida';
    const invalidDe = 'Bitte geben Sie eine gültige E-Mail-Adresse ein';
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'es'));
    await page.goto('/forgot-password');
    const email = page.getByLabel('Correo electrónico', { exact: true });
    await email.fill('abc');
    await email.press('Enter');
    await expect(page.getByText(invalidEs)).toBeVisible();

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-de').click();
    const emailDe = page.getByLabel(DE.email, { exact: true });
    await expect(emailDe).toHaveValue('abc');
    await expect(page.getByText(invalidEs)).toHaveCount(0);
    // The next try says it again, in German.
    await emailDe.press('Enter');
    await expect(page.getByText(invalidDe)).toBeVisible();
  });

  test('a plain login puts the cursor in the e-mail', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.goto('/login');
    await expect(page.getByLabel(DE.email, { exact: true })).toBeFocused();
  });
});

test.describe('invitations', () => {
  test('removing a row keeps the messages of the other rows under their addresses', async ({ page }) => {
    const otherCompany = 'This user already has access to another company';
    const alreadyMember = 'This user is already a member of your team';
    await loginAs(page, DEMO.owner, '/profile', 'en');
    const invite = page.getByTestId('section-invite');
    await expect(invite).toBeVisible({ timeout: 60_000 });
    const addRow = invite.getByRole('button', { name: 'Add another person' });
    await addRow.click();
    await addRow.click();
    const rows = invite.getByTestId('invite-row');
    await expect(rows).toHaveCount(3);
    const emails = [DEMO.helios, `e2e-qa-h2-${Date.now()}@sonnenbau.test`, DEMO.sales];
    for (const [i, email] of emails.entries()) {
      await rows.nth(i).getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    }
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    await expect(rows.nth(0)).toContainText(otherCompany);
    await expect(rows.nth(2)).toContainText(alreadyMember);

    // The new address goes; the two refused ones still say why.
    await invite.getByRole('button', { name: 'Remove person 2' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(otherCompany);
    await expect(rows.nth(1).getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(DEMO.sales);
    await expect(rows.nth(1)).toContainText(alreadyMember);
  });

  test('a duplicate message goes with the row it repeated', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/profile', 'en');
    const invite = page.getByTestId('section-invite');
    await expect(invite).toBeVisible({ timeout: 60_000 });
    await invite.getByRole('button', { name: 'Add another person' }).click();
    const rows = invite.getByTestId('invite-row');
    await rows.nth(0).getByRole('textbox', { name: 'E-mail', exact: true }).fill('twin@sonnenbau.test');
    await rows.nth(1).getByRole('textbox', { name: 'E-mail', exact: true }).fill('TWIN@sonnenbau.test');
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    const second = rows.nth(1).getByRole('textbox', { name: 'E-mail', exact: true });
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await invite.getByRole('button', { name: 'Remove person 1' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0).getByRole('textbox', { name: 'E-mail', exact: true })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
