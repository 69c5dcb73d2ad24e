import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, reloadBoard } from '../fixtures/board';

/**
 * The table's summary row (docs/board.md "Calculations"): a calculation chosen from a column's
 * summary cell is worked out over the view's records (here narrowed by the search) and over each of
 * its groups (the demo view is grouped by status), follows an edit,
 * is kept with the view across a reload, and goes again with 'None' (the demo user's view keeps its
 * first calculation, the effort's sum). Unique names per run: the server is shared.
 */
const summary = (page: Page, key: string) => page.getByTestId(`summary-${key}`);

async function choose(page: Page, key: string, item: string) {
  await summary(page, key).getByRole('button').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test.describe('board summary row', () => {
  test.describe.configure({ timeout: 180_000 });

  test('works out sums and shares over the view, follows edits and is kept with the view', async ({
    page,
  }) => {
    const search = `Calc ${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await createTask(page.request, token, {
      taskName: `${search} a`,
      properties: { 'Aufwand (h)': 2, Erledigt: 'true', Status: 'In Arbeit' },
    });
    await createTask(page.request, token, { taskName: `${search} b`, properties: { 'Aufwand (h)': 4 } });
    await createTask(page.request, token, { taskName: `${search} c` });
    await reloadBoard(page, search);
    await expect(page.getByTestId('board-row')).toHaveCount(3);
    const grid = page.getByRole('grid', { name: 'Records' });

    // A first view sums the effort already; a number column offers the rest of its calculations.
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Sum\s*6/i);
    await choose(page, 'Aufwand (h)', 'Median');
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Median\s*3/i);
    await choose(page, 'Aufwand (h)', 'Sum');
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Sum\s*6/i);
    // A checkbox offers shares of ticked records, not empty cells.
    await summary(page, 'Erledigt').getByRole('button').click();
    await expect(page.getByRole('menuitem', { name: 'Count empty', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Percent checked', exact: true }).click();
    await expect(summary(page, 'Erledigt')).toHaveText(/Checked\s*33\.3%/i);
    await expect(
      summary(page, 'Aufwand (h)').getByRole('button', { name: 'Aufwand (h): Sum 6' }),
    ).toBeVisible();
    // The view is grouped by status: each group row shows its own results under the columns.
    const group = (name: string) => page.getByTestId('group-row').filter({ hasText: name });
    await expect(group('In Arbeit').getByRole('gridcell', { name: 'Aufwand (h): Sum 2' })).toBeVisible();
    await expect(
      group('In Arbeit').getByRole('gridcell', { name: 'Erledigt: Percent checked 100%' }),
    ).toBeVisible();
    await expect(group('No Status').getByRole('gridcell', { name: 'Aufwand (h): Sum 4' })).toBeVisible();

    // An edit in the table: the sum follows once the server has it.
    const row = page.getByTestId('board-row').filter({ hasText: `${search} c` });
    await row.locator('[data-column="Aufwand (h)"]').click();
    await expect(grid).toBeFocused();
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Sum\s*16/i);
    await expect(group('No Status').getByRole('gridcell', { name: 'Aufwand (h): Sum 14' })).toBeVisible();

    // Kept with the view: after a reload the row shows the same calculations.
    await reloadBoard(page, search);
    await expect(page.getByTestId('board-row')).toHaveCount(3);
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Sum\s*16/i);
    await expect(summary(page, 'Erledigt')).toHaveText(/Checked\s*33\.3%/i);

    // A range of cells: the footer counts them and sums their numbers, as a spreadsheet's status bar.
    const aufwand = (name: string) =>
      page.getByTestId('board-row').filter({ hasText: name }).locator('[data-column="Aufwand (h)"]');
    await aufwand(`${search} a`).click();
    await aufwand(`${search} c`).click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('range-stats')).toHaveText('Count: 3 · Sum: 16 · Average: 5.33');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('range-stats')).toHaveCount(0);

    // A narrower search: the row counts only what the view shows.
    await page.getByRole('searchbox', { name: 'Search records' }).fill(`${search} a`);
    await expect(page.getByTestId('board-row')).toHaveCount(1);
    await expect(summary(page, 'Aufwand (h)')).toHaveText(/Sum\s*2/i);
    await expect(summary(page, 'Erledigt')).toHaveText(/Checked\s*100%/i);

    // 'None' removes a calculation: the cell offers to calculate again.
    await choose(page, 'Erledigt', 'None');
    await expect(
      summary(page, 'Erledigt').getByRole('button', { name: 'Calculate Erledigt' }),
    ).toBeAttached();
    await expect(summary(page, 'Erledigt')).not.toContainText('%');
  });
});
