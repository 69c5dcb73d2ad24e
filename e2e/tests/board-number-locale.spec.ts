import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks } from '../fixtures/board';

/**
 * Numbers typed on the board follow the UI language (SPEC §9, docs/board.md "The data types"): German
 * reads `1.234,5` and `1.234` (one thousand two hundred thirty-four), English `1,234.5`, whatever the
 * browser's language. The editor opens a stored number with all its digits in that pattern, so opening
 * it and pressing Enter writes nothing. Each test makes its own record with a unique name.
 */

test.use({ locale: 'en-US' });

const HOURS = 'Aufwand (h)';

interface TaskDoc {
  _id: string;
  taskName: string;
  properties: Record<string, { value: unknown }>;
}

const texts = {
  de: { grid: 'Einträge', search: 'Einträge durchsuchen' },
  en: { grid: 'Records', search: 'Search records' },
} as const;

/** Logs in with the UI in `lang`, makes a record named `name` and narrows the board to it. */
async function boardWith(page: Page, lang: 'de' | 'en', name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { token } = await loginAs(page, DEMO.helios, '/tasks', lang);
  await createTask(page.request, token, name);
  await page.reload();
  await expect(page.getByRole('grid', { name: texts[lang].grid })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('searchbox', { name: texts[lang].search }).fill(name);
  const row = page.getByTestId('board-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const hours = async () => {
    const tasks = (await findTasks(page.request, token, name)) as TaskDoc[];
    return tasks.find((t) => t.taskName === name)?.properties[HOURS]?.value ?? null;
  };
  // Every write of a cell: opening an editor and leaving it with Enter must send none.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/task\/update\//.test(request.url())) writes.push(request.url());
  });
  return { cell: row.locator(`[data-column="${HOURS}"]`), hours, writes };
}

/** Opens the cell's editor, checks the text it starts with, and leaves it with Enter: nothing written. */
async function reopenAndEnter(page: Page, cell: Locator, shown: string, writes: string[]) {
  const editor = page.getByTestId('cell-editor');
  const before = writes.length;
  await cell.dblclick();
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(shown);
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  // Longer than the editor's 1 s save debounce.
  await page.waitForTimeout(1500);
  expect(writes.length).toBe(before);
}

test.describe('board numbers in the UI language', () => {
  test.describe.configure({ timeout: 180_000 });

  test('German: 1.234,5 typed on a cell is 1234.5, 1.234 pasted is 1234, and the editor keeps them', async ({
    page,
  }) => {
    const name = `Zahl ${Date.now().toString(36)}`;
    const { cell, hours, writes } = await boardWith(page, 'de', name);
    const grid = page.getByTestId('board-grid');
    const editor = page.getByTestId('cell-editor');

    // Typed on the selected cell: the first key opens the editor, the rest goes on in it.
    await cell.click();
    await expect(grid).toBeFocused();
    await page.keyboard.type('1.234,5');
    await expect(editor).toHaveValue('1.234,5');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect.poll(hours).toBe(1234.5);
    await expect(cell).toHaveText('1.234,50');
    await reopenAndEnter(page, cell, '1234,5', writes);
    expect(await hours()).toBe(1234.5);

    // Three decimals, shown rounded in the cell: the editor has every digit, and Enter keeps them.
    await cell.dblclick();
    await expect(editor).toBeFocused();
    await editor.fill('1,234');
    await page.keyboard.press('Enter');
    await expect.poll(hours).toBe(1.234);
    await expect(cell).toHaveText('1,23');
    await reopenAndEnter(page, cell, '1,234', writes);
    expect(await hours()).toBe(1.234);

    // Pasted as the portal shows one thousand two hundred thirty-four in German.
    await cell.click();
    await expect(grid).toBeFocused();
    await page.evaluate(() => navigator.clipboard.writeText('1.234'));
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(hours).toBe(1234);
    await expect(cell).toHaveText('1.234');
    // And a German 1.234,5 from a spreadsheet.
    await page.evaluate(() => navigator.clipboard.writeText('1.234,5'));
    await page.keyboard.press('ControlOrMeta+v');
    await expect.poll(hours).toBe(1234.5);
  });

  test('English: 1,234.5 typed in the cell editor is 1234.5, and the editor keeps it', async ({ page }) => {
    const name = `Number ${Date.now().toString(36)}`;
    const { cell, hours, writes } = await boardWith(page, 'en', name);
    const editor = page.getByTestId('cell-editor');

    await cell.dblclick();
    await expect(editor).toBeFocused();
    await page.keyboard.type('1,234.5');
    await page.keyboard.press('Enter');
    await expect(editor).toHaveCount(0);
    await expect.poll(hours).toBe(1234.5);
    await expect(cell).toHaveText('1,234.50');
    await reopenAndEnter(page, cell, '1234.5', writes);
    expect(await hours()).toBe(1234.5);

    // A lone comma with three digits groups thousands in English.
    await cell.dblclick();
    await expect(editor).toBeFocused();
    await editor.fill('1,234');
    await page.keyboard.press('Enter');
    await expect.poll(hours).toBe(1234);
    await expect(cell).toHaveText('1,234');
  });

  test('German: a number filter on a numeric formula column reads 1.235,05 and finds the record', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const name = `Formel ${Date.now().toString(36)}`;
    const COST = 'Kosten (€)';
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'de');
    // The demo board's `Kosten (€)` is round(prop("Aufwand (h)") * 85, 2).
    await createTask(page.request, token, { taskName: `${name} A`, properties: { [HOURS]: 14.53 } });
    await createTask(page.request, token, { taskName: `${name} B`, properties: { [HOURS]: 10 } });
    const costs = (await findTasks(page.request, token, name)) as TaskDoc[];
    expect(costs.map((t) => t.properties[COST]?.value).sort()).toEqual([1235.05, 850]);

    // A view of its own, so that the demo user's views keep no filter.
    const made = await page.request.post('/api/view/create', {
      headers: authHeaders(token),
      data: { board: 'tasks', name, viewType: 'table' },
    });
    expect(made.status(), await made.text()).toBe(200);
    const viewId = (await made.json()).data._id as string;
    try {
      await page.evaluate((id) => localStorage.setItem('board-view:tasks', JSON.stringify(id)), viewId);
      await page.reload();
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true', {
        timeout: 60_000,
      });
      await page.getByRole('searchbox', { name: texts.de.search }).fill(name);
      const rows = page.getByTestId('board-row').filter({ hasText: name });
      await expect(rows).toHaveCount(2);

      await page.getByTestId('toolbar-filter').click();
      const panel = page.getByTestId('filter-panel');
      await panel.getByRole('button', { name: 'Filter hinzufügen' }).click();
      await panel.getByRole('combobox', { name: 'Eigenschaft von Filter 1' }).click();
      await panel.getByRole('option', { name: COST, exact: true }).click();
      const value = panel.getByRole('textbox', { name: `Wert für ${COST}` });
      // As the cell shows it: German grouping and decimal comma, stored as the number 1235.05.
      await value.fill('1.235,05');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(`${name} A`);
      const saved = async () => {
        const res = await page.request.get('/api/view/user-views/tasks', { headers: authHeaders(token) });
        const views = (await res.json()).data as { _id: string; filters: { value: unknown }[] }[];
        return views.find((v) => v._id === viewId)?.filters[0]?.value;
      };
      await expect.poll(saved).toBe('1235.05');
      // A number, not text: a part of it matches nothing.
      await value.fill('1.235');
      await expect.poll(saved).toBe('1235');
      await expect(rows).toHaveCount(0);
      await value.fill('850');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(`${name} B`);
    } finally {
      await page.request.delete(`/api/view/delete/${viewId}`, { headers: authHeaders(token) });
    }
  });
});
