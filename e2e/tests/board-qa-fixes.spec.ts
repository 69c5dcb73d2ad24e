import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';
import { holdRequests } from '../fixtures/network';

/**
 * Fixes from the board's exploratory audit: the grid keeps its cursor after an option picker closes,
 * the filter and sort panels fit a phone's screen, and a /projects fixed column's menu offers no
 * insert or delete (they are always refused there). Unique names per run: the server is shared.
 */

/** Asserts that the element lies wholly inside the viewport (it can be seen and reached). */
async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no bounding box or viewport');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test.describe('board audit fixes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the grid keeps its cursor on a select cell after its option picker closes', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    await createTask(page.request, token, `Cursor ${suffix}`);
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
    const row = page.getByTestId('board-row').filter({ hasText: `Cursor ${suffix}` });
    const cell = (key: string) => row.locator(`[data-column="${key}"]`);
    const picker = page.getByTestId('cell-picker');

    // Picked with ArrowDown + Enter (the picker closes), then Escape: the cell keeps the cursor.
    await cell('Priorität').click();
    await expect(cell('Priorität')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(cell('Priorität')).toHaveText('Mittel');
    await page.keyboard.press('Escape');
    await expect(cell('Priorität')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(cell('Fällig am')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(cell('Priorität')).toHaveAttribute('aria-selected', 'true');

    // Closed by Escape without picking: the same cell, and Enter opens the picker again.
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(cell('Priorität')).toHaveAttribute('aria-selected', 'true');
    await expect(cell('Priorität')).toHaveText('Mittel');
    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await expect(cell('Fällig am')).toHaveAttribute('aria-selected', 'true');
  });

  test('the filter and sort panels fit a phone screen with every control reachable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, '/tasks', 'de');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });

    await page.getByTestId('toolbar-filter').click();
    const filters = page.getByTestId('filter-panel');
    await filters.getByRole('button', { name: 'Filter hinzufügen' }).click();
    const removeFilter = filters.getByRole('button', { name: /^Filter .* entfernen$/ });
    await expect(removeFilter).toHaveCount(1);
    await expectInViewport(page, removeFilter);
    await expectInViewport(page, page.getByRole('dialog').filter({ has: filters }));
    await removeFilter.click();
    await expect(removeFilter).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByTestId('toolbar-sort').click();
    const sort = page.getByTestId('sort-panel');
    await sort.getByRole('button', { name: 'Sortierung hinzufügen' }).click();
    const removeSort = sort.getByRole('button', { name: /^Sortierung nach .* entfernen$/ });
    await expect(removeSort).toHaveCount(1);
    await expectInViewport(page, removeSort);
    await expectInViewport(page, sort.getByText('Absteigend', { exact: true }));
    await expectInViewport(page, page.getByRole('dialog').filter({ has: sort }));
    await removeSort.click();
    await expect(removeSort).toHaveCount(0);
  });

  test("a /projects fixed column's menu offers no insert or delete, and keeps the other items", async ({
    page,
  }) => {
    await loginAs(page, DEMO.owner, '/projects', 'de');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Spalte Stadt' }).click();
    const menu = page.getByTestId('column-menu');
    await expect(menu.getByRole('menuitem', { name: 'Aufsteigend sortieren' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'In dieser Ansicht ausblenden' })).toBeVisible();
    for (const name of ['Links einfügen', 'Rechts einfügen', 'Löschen']) {
      await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    }
  });
  test("a column menu's type page keeps within a short window and scrolls to its last type", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await loginAs(page, DEMO.owner, '/tasks', 'de');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Spalte Priorität' }).click();
    const menu = page.getByTestId('column-menu');
    await menu.getByRole('menuitem', { name: 'Typ ändern' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Zurück' })).toBeVisible();
    await expectInViewport(page, menu);
    const last = menu.getByRole('menuitem').last();
    await last.scrollIntoViewIfNeeded();
    await expectInViewport(page, last);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    // Focus goes back to the header, and the menu opens again on its first page.
    const header = page.getByRole('button', { name: 'Spalte Priorität' });
    await expect(header).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Aufsteigend sortieren' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Zurück' })).toHaveCount(0);
  });
  test("the German task board's headers show their whole names at 1440 px, and every header's menu is enabled", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/tasks', 'de');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    const headers = page.getByRole('button', { name: /^Spalte / });
    await expect(headers.first()).toBeVisible();
    const cut = await headers.evaluateAll((buttons) =>
      buttons
        .map((b) => b.querySelector('span'))
        .filter((span): span is HTMLSpanElement => !!span && span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent),
    );
    expect(cut).toEqual([]);
    const disabled = await headers.evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getAttribute('aria-disabled') === 'true')
        .map((b) => b.getAttribute('aria-label')),
    );
    expect(disabled).toEqual([]);
  });
  test('while the board loads it shows its heading at once, in the place the board keeps', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { release } = await holdRequests(page, '**/api/task/setup');
    await loginAs(page, DEMO.owner, '/tasks', 'de');
    const heading = page.getByRole('heading', { name: 'Aufgaben', level: 1 });
    await expect(heading).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status', { name: 'Wird geladen…' })).toBeVisible();
    const before = await heading.boundingBox();
    release();
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('board-loading')).toHaveCount(0);
    await expect(heading).toHaveCount(1);
    expect(await heading.boundingBox()).toEqual(before);
  });
  test('a column menu opens from the keyboard the first time, takes the focus and gives it back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/tasks', 'de');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    const header = page.getByRole('button', { name: 'Spalte Priorität' });
    await expect(header).toHaveAttribute('aria-haspopup', 'menu');
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await header.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Spalte Priorität' });
    await expect(menu.getByRole('menuitem', { name: 'Aufsteigend sortieren' })).toBeVisible();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    // The focus is in the menu (its name field first), not left on the page behind it.
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(header).toBeFocused();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    // Space opens it as well.
    await page.keyboard.press('Space');
    await expect(menu.getByRole('menuitem', { name: 'Absteigend sortieren' })).toBeVisible();
  });

  test("the header's select-all and the summary's first cell stay pinned while the table scrolls sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/tasks', 'en');
    const grid = page.getByRole('grid', { name: 'Records' });
    await expect(grid).toBeVisible({ timeout: 60_000 });
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    const sigma = page.getByTestId('grid-summary').getByRole('gridcell').first();
    const left = async () => (await grid.boundingBox())?.x ?? 0;
    const startX = (await selectAll.boundingBox())?.x ?? 0;
    expect(startX).toBeGreaterThan(await left());
    // Far to the right, as twelve presses of → from the first cell take the view.
    await grid.evaluate((el) => {
      const scroller = [el, ...el.querySelectorAll('*')].find((e) => e.scrollWidth > e.clientWidth + 200);
      if (!scroller) throw new Error('the table does not scroll sideways');
      scroller.scrollLeft = scroller.scrollWidth;
    });
    await expect.poll(async () => (await selectAll.boundingBox())?.x).toBeCloseTo(startX, 0);
    await expect(selectAll).toBeInViewport();
    expect((await sigma.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(await left());
    // The title column's header still stands right of it, not another column's.
    const title = page.getByRole('columnheader').nth(1);
    expect((await title.boundingBox())?.x ?? 0).toBeGreaterThanOrEqual(startX);
  });
});
