import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';

/**
 * Changing a column's type (docs/board.md "Changing a column's type"): a change that would empty
 * values names how many and waits for the user's confirmation; its undo puts the values back, in the
 * table and on the server. The property's name is new each run (the server is shared) and it is
 * deleted at the end.
 */
interface TaskDoc {
  _id: string;
  taskName: string;
  properties: Record<string, { value: unknown } | undefined>;
}

async function cellValue(request: APIRequestContext, token: string, id: string, key: string) {
  const res = await request.get(`/api/task/${id}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as TaskDoc).properties[key]?.value ?? null;
}

test.describe('changing a column type', () => {
  test.describe.configure({ timeout: 180_000 });

  test('asks before emptying values, and Ctrl+Z brings them back', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const key = `QA Feld ${suffix}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.installer, '/tasks', 'de');
    const created = await page.request.post('/api/task/property/create', {
      headers: authHeaders(token),
      data: { board: 'tasks', key, type: 'text', position: 1 },
    });
    expect(created.status(), await created.text()).toBe(200);
    try {
      const task = await createTask<TaskDoc>(page.request, token, {
        taskName: `Typwechsel ${suffix}`,
        properties: { [key]: 'wichtiger Text' },
      });
      await createTask(page.request, token, {
        taskName: `Typwechsel ${suffix} Zahl`,
        properties: { [key]: '42' },
      });
      await page.reload();
      await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
      await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
      const row = page
        .getByTestId('board-row')
        .filter({ hasText: `Typwechsel ${suffix}` })
        .first();
      await expect(page.getByTestId('board-row')).toHaveCount(2);
      const cell = row.locator(`[data-column="${key}"]`);
      await expect(cell).toHaveText('wichtiger Text');

      // Column menu → Typ ändern → Zahl: one of the two values cannot be a number.
      const header = page.getByRole('button', { name: `Spalte ${key}` });
      await header.click();
      const menu = page.getByTestId('column-menu');
      await menu.getByRole('menuitem', { name: 'Typ ändern' }).click();
      await menu.getByRole('menuitem', { name: 'Zahl', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Typ ändern?' });
      await expect(dialog).toContainText(
        `1 Wert von „${key}“ kann nicht in Zahl umgewandelt werden und wird geleert.`,
      );

      // Escape cancels: nothing changed.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(cell).toHaveText('wichtiger Text');
      expect(await cellValue(page.request, token, task._id, key)).toBe('wichtiger Text');

      // Asked again and confirmed with Enter (the confirm button has the focus).
      await header.click();
      await menu.getByRole('menuitem', { name: 'Typ ändern' }).click();
      await menu.getByRole('menuitem', { name: 'Zahl', exact: true }).click();
      await expect(dialog.getByRole('button', { name: 'Typ ändern' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => cellValue(page.request, token, task._id, key)).toBeNull();
      await expect(cell).toHaveText('');

      // Ctrl+Z: the type and the value come back.
      await expect(page.getByRole('button', { name: 'Rückgängig (Strg+Z)' })).toBeEnabled();
      await page.keyboard.press('ControlOrMeta+z');
      await expect(page.getByText(`Rückgängig gemacht: Typ von ${key}`)).toBeVisible();
      await expect(cell).toHaveText('wichtiger Text');
      expect(await cellValue(page.request, token, task._id, key)).toBe('wichtiger Text');
    } finally {
      await page.request.delete('/api/task/property/delete', {
        headers: authHeaders(token),
        data: { board: 'tasks', key },
      });
    }
  });
});
