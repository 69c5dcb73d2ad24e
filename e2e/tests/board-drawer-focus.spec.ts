import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, reloadBoard } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';

/**
 * The record drawer opens with the focus on its first field a user can change: the name, or on
 * /projects (where the name is the project's address, read-only) the first editable property; never
 * on the width handle, the first element of the drawer. Escape gives the focus back to the opener,
 * and a colleague's change of the open record (a live event) leaves the focus where the user put it.
 */
test.describe('record drawer focus', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('on /projects the first editable field has the focus, not the width handle', async ({ page }) => {
    await loginAs(page, DEMO.helios, '/projects', 'en');
    const grid = page.getByRole('grid', { name: 'Records' });
    await expect(grid).toBeVisible({ timeout: 60_000 });
    const opener = grid.getByRole('button', { name: /^Open / }).first();
    await opener.click({ force: true });
    const drawer = page.getByTestId('record-drawer');
    const fields = drawer.getByTestId('record-fields');
    await expect(fields).toBeVisible({ timeout: 30_000 });
    // The name (the address) is read-only here; the focus is in the fields, on the first editable one.
    await expect(drawer.getByRole('textbox').first()).toHaveAttribute('readonly', '');
    await expect(drawer.getByTestId('drawer-resize')).not.toBeFocused();
    await expect
      .poll(() => fields.evaluate((node) => node.contains(document.activeElement)), { timeout: 5_000 })
      .toBe(true);
    await expect(fields.locator('[data-autofocus]')).toHaveCount(1);
    await expect(fields.locator('[data-autofocus]')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('on /tasks the name has the focus; a live change of the record does not move it', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const task = await createTask(page.request, owner.token, `Focus ${suffix}`);
    await loginAs(page, DEMO.installer, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await reloadBoard(page, `Focus ${suffix}`);
    const opener = page.getByRole('button', { name: `Open Focus ${suffix}` });
    await opener.click({ force: true });
    const drawer = page.getByTestId('record-drawer');
    const name = drawer.getByRole('textbox').first();
    await expect(name).toHaveValue(`Focus ${suffix}`, { timeout: 30_000 });
    await expect(name).toBeFocused();
    await expect(drawer.getByTestId('drawer-resize')).not.toBeFocused();

    // The user moves to the notes; a colleague renames the record meanwhile.
    const notes = drawer.getByRole('textbox', { name: 'Notes' });
    await notes.focus();
    const renamed = await page.request.put(`/api/task/update/${task._id}`, {
      headers: authHeaders(owner.token),
      data: { taskName: `Focus ${suffix} renamed` },
    });
    expect(renamed.status()).toBe(200);
    await expect(name).toHaveValue(`Focus ${suffix} renamed`, { timeout: 10_000 });
    await page.waitForTimeout(500);
    await expect(notes).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
