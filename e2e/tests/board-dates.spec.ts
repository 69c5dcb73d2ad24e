import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';

/**
 * Date cells follow the UI language, not the browser's: in a browser set to American English a German
 * UI types and shows 24.12.2026 with a German calendar (the week starting on Monday), the English UI
 * 24/12/2026 (the app's English is British, as its dates everywhere). Values are stored as YYYY-MM-DD;
 * a text that is no date is marked and never saved. Each test makes its own task with a unique name.
 */

test.use({ locale: 'en-US' });

const DUE = 'Fällig am';

interface TaskDoc {
  _id: string;
  taskName: string;
  properties: Record<string, { value: unknown }>;
}

/** The stored due date of the one task named `taskName`. */
async function dueOf(request: APIRequestContext, token: string, taskName: string): Promise<unknown> {
  const res = await request.post('/api/task/filter?page=1&limit=50', {
    headers: authHeaders(token),
    data: { board: 'tasks', search: taskName, filters: [], sort: [] },
  });
  expect(res.status()).toBe(200);
  const tasks: TaskDoc[] = (await res.json()).data.tasks;
  return tasks.find((t) => t.taskName === taskName)?.properties[DUE]?.value ?? null;
}

/** Opens /tasks narrowed to the task, and its due date cell. */
async function openBoard(page: Page, grid: string, searchbox: string, taskName: string): Promise<Locator> {
  await expect(page.getByRole('grid', { name: grid })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('searchbox', { name: searchbox }).fill(taskName);
  const row = page.getByTestId('board-row').filter({ hasText: taskName });
  await expect(row).toBeVisible();
  return row.locator(`[data-column="${DUE}"]`);
}

test.describe('board dates in the UI language', () => {
  test.describe.configure({ timeout: 120_000 });

  test('German UI in an English browser: dd.mm.yyyy typed with the keyboard, a German calendar', async ({
    page,
  }) => {
    const name = `Datum ${Date.now().toString(36)}`;
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    await createTask<TaskDoc>(page.request, token, name);
    await page.reload();
    const cell = await openBoard(page, 'Einträge', 'Einträge durchsuchen', name);
    const picker = page.getByTestId('cell-picker');
    const input = picker.getByRole('textbox', { name: DUE });

    // Keyboard only: select the cell, Enter opens the editor focused, type, Enter saves and closes.
    await cell.click();
    await expect(cell).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await page.keyboard.type('24.12.2026');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(cell).toHaveText('24.12.2026');
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2026-12-24');

    // Persisted: after a reload the cell and the editor show it in the German pattern.
    await page.reload();
    const again = await openBoard(page, 'Einträge', 'Einträge durchsuchen', name);
    await expect(again).toHaveText('24.12.2026');
    await again.dblclick();
    await expect(input).toHaveValue('24.12.2026');
    // The calendar in German, the week from Monday.
    await expect(picker.getByText('Dezember 2026')).toBeVisible();
    await expect(picker.locator('thead th').first()).toHaveText('Mo');

    // A text that is no date (typed over the selected old one) is marked, Enter keeps the editor
    // open, and nothing is saved.
    await page.keyboard.type('31.02.2026');
    await expect(input).toHaveValue('31.02.2026');
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(picker.getByText('Der Februar 2026 hat nur 28 Tage')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(again).toHaveText('24.12.2026');
    expect(await dueOf(page.request, token, name)).toBe('2026-12-24');

    // Picked in the calendar: saved at once.
    await again.dblclick();
    await picker.getByRole('button', { name: '25 Dezember 2026' }).click();
    await expect(again).toHaveText('25.12.2026');
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2026-12-25');
  });

  test('English UI in an American browser: dd/mm/yyyy in the cell editor and the record drawer', async ({
    page,
  }) => {
    const name = `Dated ${Date.now().toString(36)}`;
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    await createTask<TaskDoc>(page.request, token, name);
    await page.reload();
    const cell = await openBoard(page, 'Records', 'Search records', name);
    const picker = page.getByTestId('cell-picker');
    const input = picker.getByRole('textbox', { name: DUE });

    await cell.dblclick();
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    // Day first: 05/03 is the 5th of March, not May 3rd.
    await page.keyboard.type('05/03/2027');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(cell).toHaveText('05/03/2027');
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2027-03-05');

    await page.reload();
    await openBoard(page, 'Records', 'Search records', name);
    await expect(cell).toHaveText('05/03/2027');

    // The record drawer: the same pattern, and 12/31/2027 (month first) is not read as a date.
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    const field = drawer.getByRole('textbox', { name: DUE });
    await expect(field).toHaveValue('05/03/2027');
    await field.fill('12/31/2027');
    await field.blur();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Month 31 is none: the message says so and names the order.
    await expect(
      drawer.getByText('There is no such day: please enter it as DD/MM/YYYY (day, month, year)'),
    ).toBeVisible();
    await field.fill('31/12/2027');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2027-12-31');
    await expect(cell).toHaveText('31/12/2027');
  });

  test('typing on a date cell opens its editor with the typed date started, Enter saves it', async ({
    page,
  }) => {
    const name = `Typed date ${Date.now().toString(36)}`;
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    await createTask<TaskDoc>(page.request, token, { taskName: name, properties: { [DUE]: '2026-11-26' } });
    await page.reload();
    const cell = await openBoard(page, 'Records', 'Search records', name);
    await expect(cell).toHaveText('26/11/2026');
    const picker = page.getByTestId('cell-picker');
    const input = picker.getByRole('textbox', { name: DUE });

    // As in a spreadsheet: the first key opens the editor holding it (not the old date), the rest follow.
    await cell.click();
    await expect(cell).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('2');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('2');
    await page.keyboard.type('4/12/2027');
    await expect(input).toHaveValue('24/12/2027');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(cell).toHaveText('24/12/2027');
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2027-12-24');

    // Typed at once (no pause after the first key), in the UI language's order: the same.
    await page.keyboard.type('05/01/2028');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(cell).toHaveText('05/01/2028');
    await expect.poll(() => dueOf(page.request, token, name)).toBe('2028-01-05');
  });
});
