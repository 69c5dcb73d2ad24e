import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';

/**
 * Fixes from the board's second exploratory audit: an e-mail or phone cell says what is wrong and
 * keeps the typed text instead of sending it to be refused, sales staff are not offered column changes
 * the server refuses them, and a record in the bin can be restored from the board's activity once its
 * undo is gone. Unique names per run: the server is shared.
 */
test.describe('board audit: values, roles and the bin', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an e-mail or phone cell keeps invalid text open with its message', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    await createTask(page.request, token, `Mail ${suffix}`);
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
    const row = page.getByTestId('board-row').filter({ hasText: `Mail ${suffix}` });
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/task/update/')) writes.push(r.postData() ?? '');
    });

    await row.locator('[data-column="taskName"]').click();
    await page.getByRole('button', { name: 'Spalte Kontakt' }).scrollIntoViewIfNeeded();
    await row.locator('[data-column="Kontakt"]').click();
    await page.keyboard.type('kein-mail');
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('cell-editor');
    await expect(editor).toHaveValue('kein-mail');
    await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);

    await row.locator('[data-column="Telefon"]').click();
    await page.keyboard.type('abc-def');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveValue('abc-def');
    await expect(page.getByText(/Bitte geben Sie eine gültige Telefonnummer ein/)).toBeVisible();
    await page.keyboard.press('Escape');
    expect(writes.filter((w) => w.includes('kein-mail') || w.includes('abc-def'))).toEqual([]);

    // A valid address is saved as before.
    await row.locator('[data-column="Kontakt"]').click();
    await page.keyboard.type('kunde@example.test');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(row.locator('[data-column="Kontakt"]')).toHaveText('kunde@example.test');
  });

  test('sales staff are not offered changes to the columns', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.sales, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Column Priorität' }).click();
    const menu = page.getByTestId('column-menu');
    await expect(menu.getByRole('menuitem', { name: 'Sort ascending' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Hide in view' })).toBeVisible();
    for (const name of ['Change type', 'Choose icon', 'Insert left', 'Insert right', 'Delete']) {
      await expect(menu.getByRole('menuitem', { name })).toHaveCount(0);
    }
    await expect(menu.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The '+' column says why instead of opening a form the server would refuse.
    await page.getByTestId('add-property').click();
    await expect(
      page.getByText('Only company administrators and installers can change properties'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Property name' })).toHaveCount(0);
  });

  test('a record in the bin is restored from the activity', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.installer, '/tasks', 'de');
    const task = await createTask(page.request, token, `Papierkorb ${suffix}`);
    const res = await page.request.post('/api/task/delete/multiple', {
      headers: authHeaders(token),
      data: { taskIds: [task._id] },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
    const row = page.getByTestId('board-row').filter({ hasText: `Papierkorb ${suffix}` });
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: 'Aktivität' }).click();
    const activity = page.getByRole('dialog', { name: 'Aktivität' });
    await expect(activity.getByText(`Papierkorb ${suffix} (im Papierkorb)`).first()).toBeVisible();
    await activity
      .getByRole('button', { name: `Papierkorb ${suffix} aus dem Papierkorb wiederherstellen` })
      .first()
      .click();
    await expect(page.getByText(`„Papierkorb ${suffix}“ ist wieder auf dem Board`)).toBeVisible();
    // The entry now links the record, which is back in the table.
    await expect(
      activity.getByRole('button', { name: `Papierkorb ${suffix}`, exact: true }).first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row).toHaveCount(1);
  });
});
