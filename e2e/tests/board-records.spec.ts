import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks, reloadBoard } from '../fixtures/board';

/**
 * Board records: the record drawer (resized within its bounds, full screen, details saved), bulk
 * delete with its confirmation and Undo, Ctrl+Z of an edit, and a task set saved from one project
 * and imported into another. Unique names per run: the server is shared by parallel workers.
 */

test.describe('board records', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the record drawer resizes within its bounds, goes full screen and saves details', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await createTask(page.request, token, { taskName: `Drawer ${suffix}` });
    await reloadBoard(page, suffix);
    await page.getByRole('button', { name: `Open Drawer ${suffix}` }).click();

    const drawer = page.getByRole('dialog', { name: 'Task details' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(500);
    // Slid in completely (the handle stops moving).
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(780);

    const handle = page.getByRole('separator', { name: 'Resize the panel' });
    const drag = async (toX: number) => {
      const box = await handle.boundingBox();
      if (!box) throw new Error('no resize handle');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(toX, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    };
    // Far left: the drawer stops 100 px from the window's left edge.
    await drag(10);
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(100);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(1180);
    // Far right: never narrower than 300 px.
    await drag(1270);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(300);
    // In between it follows the pointer.
    await drag(680);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(600);
    await expect(handle).toHaveAttribute('aria-valuenow', '600');

    await drawer.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(1280);
    await drawer.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(600);

    await drawer.getByRole('textbox', { name: 'Aufgabe' }).fill(`Drawer ${suffix} renamed`);
    await drawer.getByRole('textbox', { name: 'Notes' }).fill('Call the customer first');
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
    await expect
      .poll(async () => (await findTasks(page.request, token, `Drawer ${suffix} renamed`)).length)
      .toBe(1);
  });

  test('selected records are deleted after the confirmation and come back with Undo; Ctrl+Z undoes an edit', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await createTask(page.request, token, { taskName: `Bulk ${suffix} A` });
    await createTask(page.request, token, { taskName: `Bulk ${suffix} B` });
    await reloadBoard(page, suffix);

    // An edit undone with Ctrl+Z.
    const row = page.getByTestId('board-row').filter({ hasText: `Bulk ${suffix} A` });
    await row.locator('[data-column="taskName"]').dblclick();
    await page.keyboard.type(' edited');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await findTasks(page.request, token, `Bulk ${suffix} A edited`)).length)
      .toBe(1);
    // Undo holds an edit once the browser has the server's answer (the API may show it a moment
    // earlier): the toolbar's Undo comes on then.
    await expect(page.getByRole('button', { name: 'Undo (Ctrl+Z)' })).toBeEnabled();
    await page.keyboard.press('Control+z');
    await expect(page.getByText('Undone: value of Aufgabe')).toBeVisible();
    await expect
      .poll(async () => (await findTasks(page.request, token, `Bulk ${suffix} A edited`)).length)
      .toBe(0);

    // One selected task: SPEC's confirmation, and Cancel keeps it.
    await page.getByRole('checkbox', { name: `Select Bulk ${suffix} A` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    const confirmOne = page.getByRole('dialog', { name: 'Delete tasks' });
    await expect(confirmOne.getByText('Are you sure delete this task?')).toBeVisible();
    await confirmOne.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmOne).toBeHidden();
    expect(await findTasks(page.request, token, `Bulk ${suffix}`)).toHaveLength(2);

    await page.getByRole('checkbox', { name: `Select Bulk ${suffix} B` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    // Bulk edit: one value for both.
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Set property' }).click();
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: 'Aufwand (h)', exact: true }).click();
    await page.getByRole('textbox', { name: 'New value of Aufwand (h)' }).fill('4,5');
    await page.getByRole('button', { name: 'Apply to 2' }).click();
    await expect(page.getByText('2 records updated')).toBeVisible();
    await expect
      .poll(async () =>
        (await findTasks(page.request, token, `Bulk ${suffix}`)).map(
          (t) =>
            (t as unknown as { properties: Record<string, { value: unknown }> }).properties['Aufwand (h)']
              ?.value,
        ),
      )
      .toEqual([4.5, 4.5]);

    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete tasks' });
    await expect(confirm.getByText('Are you sure you want to delete these 2 tasks?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tasks deleted successfully')).toBeVisible();
    // The toast closes itself after 8 s unless the pointer rests on it, as a reader's would: the checks
    // below can take longer than that on a busy machine, and Undo would then be clicked as it fades.
    await page.getByText('Tasks deleted successfully').hover();
    await expect(page.getByTestId('board-row').filter({ hasText: `Bulk ${suffix}` })).toHaveCount(0);
    await expect.poll(async () => (await findTasks(page.request, token, `Bulk ${suffix}`)).length).toBe(0);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(page.getByTestId('board-row').filter({ hasText: `Bulk ${suffix}` })).toHaveCount(2);
    await expect.poll(async () => (await findTasks(page.request, token, `Bulk ${suffix}`)).length).toBe(2);
  });

  test('the grid is driven by the keyboard: arrows, typing, Enter, Escape, Tab and Space', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await createTask(page.request, token, { taskName: `Keys ${suffix}` });
    await createTask(page.request, token, { taskName: `Other ${suffix}` });
    await reloadBoard(page, suffix);
    const row = page.getByTestId('board-row').filter({ hasText: `Keys ${suffix}` });
    const cell = (key: string) => row.locator(`[data-column="${key}"]`);
    const value = async (key: string) =>
      (
        (await findTasks(page.request, token, `Keys ${suffix}`))[0] as unknown as {
          properties: Record<string, { value: unknown }>;
        }
      )?.properties[key]?.value;

    await cell('taskName').click();
    await expect(cell('taskName')).toHaveAttribute('aria-selected', 'true');
    for (const key of ['Status', 'Zuständig', 'Fällig am', 'Priorität', 'Aufwand (h)']) {
      await page.keyboard.press('ArrowRight');
      await expect(cell(key)).toHaveAttribute('aria-selected', 'true');
    }
    // Typing starts editing with that character; Enter saves.
    await page.keyboard.type('7');
    await expect(page.getByTestId('cell-editor')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(() => value('Aufwand (h)')).toBe(7);

    // Escape gives the value back.
    await page.keyboard.type('9');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cell-editor')).toHaveCount(0);
    await expect(cell('Aufwand (h)')).toHaveText('7');

    // Enter opens a select's picker; Enter picks the matching option.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Search or create an option' }).fill('Hoch');
    await page.keyboard.press('Enter');
    await expect.poll(() => value('Priorität')).toBe('Hoch');

    // Tab moves on; Space ticks a checkbox.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(cell('Erledigt')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Space');
    await expect.poll(() => value('Erledigt')).toBe('true');
    expect(await value('Aufwand (h)')).toBe(7);

    // Tab leaves the grid from a row's last cell, even with rows below (it does not hold the Tab key
    // through every row); Shift+Tab comes back to the same cell.
    const grid = page.getByTestId('board-grid');
    const rows = page.getByTestId('board-row');
    await expect(rows).toHaveCount(2);
    const first = rows.first();
    await first.locator('[data-column="taskName"]').click();
    await page.keyboard.press('End');
    const lastCell = first.locator('[role="gridcell"][aria-selected="true"]');
    const lastColumn = await lastCell.getAttribute('data-column');
    expect(lastColumn).not.toBe('taskName');
    await expect(grid).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(grid).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(grid).toBeFocused();
    await expect(first.locator(`[data-column="${lastColumn}"]`)).toHaveAttribute('aria-selected', 'true');
  });

  test('a wide board draws the columns in view; scrolling sideways and the keyboard reach every column', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await createTask(page.request, token, { taskName: `Wide ${suffix}` });
    await reloadBoard(page, suffix);
    const grid = page.getByTestId('board-grid');
    const row = page.getByTestId('board-row').filter({ hasText: `Wide ${suffix}` });
    await expect(row).toHaveCount(1);
    const headers = page.locator('[data-testid^="column-header-"]');
    const columns = await headers.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-testid')?.replace('column-header-', '') ?? ''),
    );
    // The demo board is wider than the screen: a row draws fewer cells than the header has columns.
    expect(columns.length).toBeGreaterThan(12);
    const drawn = () =>
      row.locator('[data-column]').evaluateAll((els) => els.map((el) => el.getAttribute('data-column')));
    const first = await drawn();
    expect(first.length).toBeLessThan(columns.length);
    expect(first).toContain(columns[1]);
    const last = columns[columns.length - 1] as string;
    expect(first).not.toContain(last);

    // Every drawn cell sits under its column's header.
    const aligned = async () => {
      for (const id of await drawn()) {
        const cell = await row.locator(`[data-column="${id}"]`).boundingBox();
        const header = await page.getByTestId(`column-header-${id}`).boundingBox();
        expect(Math.abs((cell?.x ?? -1) - (header?.x ?? -2)), id ?? '').toBeLessThan(1);
        expect(Math.abs((cell?.width ?? -1) - (header?.width ?? -2)), id ?? '').toBeLessThan(1);
      }
    };
    await aligned();

    // Scrolled to the far right: the last columns are drawn (in place), the first ones no longer.
    await grid.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(row.locator(`[data-column="${last}"]`)).toBeVisible();
    await expect.poll(drawn).not.toContain(columns[1]);
    await expect(row.locator('[data-column="taskName"]')).toBeVisible();
    await aligned();

    // Back at the left, the keyboard's End goes to the last column: it is drawn and scrolled into view.
    await grid.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await expect(row.locator(`[data-column="${last}"]`)).toHaveCount(0);
    await row.locator('[data-column="taskName"]').click();
    await page.keyboard.press('End');
    const active = row.locator(`[data-column="${last}"]`);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(active).toBeInViewport();
    await expect(grid).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id')) ?? 'none');
    // Scrolled away, the active cell stays drawn (the grid's aria-activedescendant still points at it).
    await grid.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await expect.poll(drawn).toContain(columns[1]);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await aligned();
  });

  test('a task set saved from one project is imported into another', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    const res = await page.request.get('/api/view/user-projects', { headers: authHeaders(token) });
    const projects = (await res.json()).data as { _id: string; address: string; shortId: string }[];
    const [from, to] = projects;
    if (!from || !to) throw new Error('the demo company needs two projects');
    await createTask(page.request, token, { taskName: `Set ${suffix} survey`, projectId: from._id });
    await createTask(page.request, token, { taskName: `Set ${suffix} order`, projectId: from._id });

    await page.goto(`/tasks?projectId=${from._id}`);
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search records' }).fill(suffix);
    await expect(page.getByTestId('board-row').filter({ hasText: `Set ${suffix}` })).toHaveCount(2);
    await page.getByRole('button', { name: 'Task sets' }).click();
    const modal = page.getByRole('dialog', { name: 'Task set templates' });
    await modal.getByRole('button', { name: 'Save new task set' }).click();
    await modal.getByRole('textbox', { name: 'Template name' }).fill(`Set ${suffix}`);
    await modal.getByRole('button', { name: 'Save task set' }).click();
    await expect(page.getByText(`Set ${suffix}`, { exact: false }).first()).toBeVisible();

    await modal.getByRole('button', { name: 'Load task set templates' }).click();
    await modal.getByRole('combobox', { name: 'Load into this project' }).fill(to.shortId);
    await page.getByRole('option', { name: `${to.address} (${to.shortId})` }).click();
    const load = modal.getByRole('button', { name: `Load Set ${suffix} into the project` });
    // Newest first; step the slider if other runs saved sets meanwhile.
    await modal.getByTestId('template-card').first().waitFor();
    for (let i = 0; i < 30 && !(await load.isVisible()); i += 1) {
      await modal.getByRole('button', { name: 'Next template' }).click();
    }
    await load.click();
    await expect(page.getByText('2 tasks were added to the project')).toBeVisible();
    await expect
      .poll(async () => (await findTasks(page.request, token, `Set ${suffix}`, to._id)).length)
      .toBe(2);
  });
});
