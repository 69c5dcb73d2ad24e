import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * The team section of /profile on a phone (375 × 812, QA audit): every member's role select and
 * remove button are on screen without scrolling sideways, and a role change still asks first.
 * And the invitation toast counts the people invited.
 */
const PHONE = { width: 375, height: 812 };

test.describe('the team on a phone', () => {
  test.describe.configure({ timeout: 90_000 });

  test('every member with role and remove action in view, no page overflow, a role change asks first', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/profile', 'de');
    const team = page.getByTestId('team-table');
    await expect(team).toBeVisible({ timeout: 60_000 });
    const members = team.locator('[data-testid^="team-member-"]');
    await expect(members.first()).toBeVisible();
    expect(await members.count()).toBeGreaterThanOrEqual(3);

    for (const member of await members.all()) {
      const email = (await member.getAttribute('data-testid'))?.replace('team-member-', '') ?? '';
      await member.scrollIntoViewIfNeeded();
      await expect(member).toContainText(email);
      // One's own role is text with its reason (no faint select); the others' roles are selects.
      const isSelf = email === DEMO.owner;
      const select = member.locator('select');
      if (isSelf) {
        await expect(select, email).toHaveCount(0);
        await expect(member.getByTestId('own-role')).toHaveText(
          'Firmen-AdminIhre eigene Rolle können Sie nicht ändern.',
        );
      } else await expect(select, email).toBeVisible();
      const controls = isSelf ? [member.getByTestId('own-role')] : [select];
      // Everyone but the signed-in owner can be removed.
      if (!isSelf) {
        const remove = member.getByRole('button', { name: /^Zugang für .+ entfernen$/ });
        await expect(remove, email).toBeVisible();
        controls.push(remove);
      }
      await expect(member.getByText(/^(Aktiv|Einladung ausstehend)$/), email).toBeVisible();
      for (const control of controls) {
        const box = await control.boundingBox();
        expect(box, email).not.toBeNull();
        expect(box?.x ?? -1, email).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), email).toBeLessThanOrEqual(PHONE.width);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A role change there still asks first, and Cancel keeps the role.
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/installer/userAceess/')) puts += 1;
    });
    const select = page.getByTestId(`team-member-${DEMO.installer}`).locator('select');
    await expect(select).toHaveValue('INSTALLER');
    await select.selectOption('INSTALLER_SALES');
    const dialog = page.getByRole('dialog', { name: 'Rolle ändern?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('erhält die Rolle „Vertrieb“.');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(select).toHaveValue('INSTALLER');
    expect(puts).toBe(0);
  });

  test('the invitation toast counts: one person, then two', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { token } = await loginAs(page, DEMO.owner, '/profile', 'de');
    const invite = page.getByTestId('section-invite');
    await expect(invite).toBeVisible({ timeout: 60_000 });
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const fresh = [1, 2, 3].map((n) => `e2e-phone-${n}-${stamp}@sonnenbau.test`);
    const rows = invite.getByTestId('invite-row');
    const email = (i: number) => rows.nth(i).getByRole('textbox', { name: 'E-Mail', exact: true });
    let accessUrl = '';
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/installer/userAceess/')) accessUrl = r.url();
    });
    try {
      await email(0).fill(fresh[0] ?? '');
      await invite.getByRole('button', { name: 'Einladungen senden' }).click();
      await expect(page.getByText('Der Benutzer wurde eingeladen', { exact: true })).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(email(0)).toHaveValue('');

      await invite.getByRole('button', { name: 'Weitere Person hinzufügen' }).click();
      await email(0).fill(fresh[1] ?? '');
      await email(1).fill(fresh[2] ?? '');
      await invite.getByRole('button', { name: 'Einladungen senden' }).click();
      await expect(page.getByText('2 Benutzer wurden eingeladen', { exact: true })).toBeVisible();
      for (const address of fresh) await expect(page.getByTestId(`team-member-${address}`)).toBeVisible();
    } finally {
      // The demo company is shared by the run: the people invited here leave again.
      const res = await page.request.get('/api/installer/users', { headers: authHeaders(token) });
      const docs = (await res.json()).data.docs as { _id: string; email: string }[];
      for (const member of docs.filter((m) => fresh.includes(m.email))) {
        if (accessUrl)
          await page.request.delete(`${accessUrl}/${member._id}`, { headers: authHeaders(token) });
      }
    }
  });
});
