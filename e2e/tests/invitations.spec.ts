import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

const OTHER_COMPANY = 'This user already has access to another company';

test.describe('inviting users on /profile (INSTALLER_ADMIN)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('every row that cannot be invited is named at once, under its row, and nobody is invited', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/profile', 'en');
    const fresh = `e2e-batch-${Date.now()}-${Math.floor(Math.random() * 1e6)}@sonnenbau.test`;
    const invite = page.getByTestId('section-invite');
    await expect(invite).toBeVisible({ timeout: 60_000 });
    const addRow = invite.getByRole('button', { name: 'Add another person' });
    await addRow.click();
    await addRow.click();
    const rows = invite.getByTestId('invite-row');
    await expect(rows).toHaveCount(3);
    const emails = [DEMO.helios, DEMO.admin, fresh];
    for (const [i, email] of emails.entries()) {
      await rows.nth(i).getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    }

    const sent = page.waitForResponse((r) => r.url().includes('/api/installer/userAceess/'));
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    const response = await sent;
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({
      'users.0.email': OTHER_COMPANY,
      'users.1.email': OTHER_COMPANY,
    });

    // One submit shows both problems, each under its own row; the new address has none.
    await expect(rows.nth(0)).toContainText(OTHER_COMPANY);
    await expect(rows.nth(1)).toContainText(OTHER_COMPANY);
    await expect(rows.nth(2)).not.toContainText(OTHER_COMPANY);
    await expect(rows.nth(0).getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText('User has been invited')).toHaveCount(0);

    // All or nothing: the new address was not invited either.
    const team = await page.request.get('/api/installer/users', { headers: authHeaders(token) });
    const members = (await team.json()).data.docs.map((m: { email: string }) => m.email);
    expect(members).not.toContain(fresh);
    expect(members).not.toContain(DEMO.helios);
  });
});
