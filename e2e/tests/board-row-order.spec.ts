import type { Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks } from '../fixtures/board';

/**
 * Rows ordered by hand (docs/board.md "Ordering rows by hand"): a row dragged by its handle, Alt+↓ and
 * the cell menu's "Move up", Ctrl+Z, the order kept on the server and after a reload, inside a group
 * only; a sorted view refuses with a reason. Each test makes its own view (filtered to its records),
 * so the demo user's views stay as they were. Unique names per run: the server is shared.
 */

/** Holds the server's answer to record creation back until the function it answers is called. */
async function holdCreate(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/task/create', async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** The names of the drawn rows, top to bottom (rows are placed by `top`, not by document order). */
const order = (page: Page) =>
  page.getByTestId('board-row').evaluateAll((rows) =>
    rows
      .map((r) => ({
        top: Number.parseFloat((r as HTMLElement).style.top),
        text: r.querySelector('[data-column="taskName"]')?.textContent ?? '',
      }))
      .sort((x, y) => x.top - y.top)
      .map((r) => r.text.trim()),
  );

/** Makes a view of the demo user's tasks board and opens it (a fresh page load shows its tab). */
async function openView(page: Page, token: string, body: Record<string, unknown>) {
  const res = await page.request.post('/api/view/create', {
    headers: authHeaders(token),
    data: { board: 'tasks', viewType: 'table', ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: String(body.name) }).click({ timeout: 60_000 });
}

async function dragRow(page: Page, name: string, target: string, where: 'above' | 'below') {
  const row = page.getByTestId('board-row').filter({ hasText: name });
  await row.hover();
  const handle = row.getByTestId('row-move-handle');
  const from = await handle.boundingBox();
  const to = await page.getByTestId('board-row').filter({ hasText: target }).boundingBox();
  if (!from || !to) throw new Error('rows not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + from.height / 2 + 8, { steps: 3 });
  await page.mouse.move(to.x + 100, where === 'above' ? to.y + 6 : to.y + to.height - 6, { steps: 10 });
  await expect(page.getByTestId('row-drop-line')).toBeVisible();
  await page.mouse.up();
}

test.describe('rows ordered by hand', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a row is dragged by its handle, moved with Alt+↓ and the cell menu, undone, and kept', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Order ${suffix} ${x}`;
    for (const x of ['a', 'b', 'c']) await createTask(page.request, token, name(x));
    const view = `Order ${suffix}`;
    await openView(page, token, {
      name: view,
      groupBy: null,
      filters: [{ column: 'taskName', value: `Order ${suffix}` }],
    });
    await expect(page.getByTestId('board-row')).toHaveCount(3, { timeout: 60_000 });
    await expect.poll(() => order(page)).toEqual([name('a'), name('b'), name('c')]);
    const server = async () =>
      (await findTasks(page.request, token, `Order ${suffix}`)).map((t) => t.taskName);

    // c dragged above a: first in the table at once, and on the server.
    await dragRow(page, name('c'), name('a'), 'above');
    await expect.poll(() => order(page)).toEqual([name('c'), name('a'), name('b')]);
    await expect.poll(server).toEqual([name('c'), name('a'), name('b')]);

    // Alt+↓ on c's cell: one row down, and the cursor goes with it.
    const grid = page.getByRole('grid', { name: 'Records' });
    await page
      .getByTestId('board-row')
      .filter({ hasText: name('c') })
      .locator('[data-column="taskName"]')
      .click();
    await expect(grid).toBeFocused();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => order(page)).toEqual([name('a'), name('c'), name('b')]);
    await expect.poll(server).toEqual([name('a'), name('c'), name('b')]);
    const active = await grid.getAttribute('aria-activedescendant');
    await expect(page.locator(`#${active}`)).toHaveText(name('c'));

    // Ctrl+Z puts c back where it was.
    await page.keyboard.press('Control+z');
    await expect(page.getByText('Undone: moving 1 record')).toBeVisible();
    await expect.poll(() => order(page)).toEqual([name('c'), name('a'), name('b')]);
    await expect.poll(server).toEqual([name('c'), name('a'), name('b')]);

    // The cell menu's "Move up" on b.
    await page
      .getByTestId('board-row')
      .filter({ hasText: name('b') })
      .locator('[data-column="taskName"]')
      .click({ button: 'right' });
    await page.getByRole('menuitem', { name: /Move up/ }).click();
    await expect.poll(() => order(page)).toEqual([name('c'), name('b'), name('a')]);

    // Kept: a reload shows the same order.
    await expect.poll(server).toEqual([name('c'), name('b'), name('a')]);
    await page.reload();
    await page.getByRole('tab', { name: view }).click({ timeout: 60_000 });
    await expect.poll(() => order(page), { timeout: 60_000 }).toEqual([name('c'), name('b'), name('a')]);
  });

  test('in a grouped view rows move inside their group only; a sorted view says why not', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Group ${suffix} ${x}`;
    await createTask(page.request, token, { taskName: name('a'), properties: { Status: 'In Arbeit' } });
    await createTask(page.request, token, { taskName: name('b'), properties: { Status: 'In Arbeit' } });
    await createTask(page.request, token, name('c'));
    const grouped = `Grouped ${suffix}`;
    const sorted = `Sorted ${suffix}`;
    const filters = [{ column: 'taskName', value: `Group ${suffix}` }];
    const made = await page.request.post('/api/view/create', {
      headers: authHeaders(token),
      data: {
        board: 'tasks',
        name: sorted,
        groupBy: null,
        filters,
        sort: [{ column: 'taskName', order: 'asc' }],
      },
    });
    expect(made.status()).toBe(200);
    await openView(page, token, { name: grouped, groupBy: 'Status', filters });
    await expect(page.getByTestId('board-row')).toHaveCount(3, { timeout: 60_000 });
    await expect.poll(() => order(page)).toEqual([name('a'), name('b'), name('c')]);

    // b above a: inside its group, so it moves.
    await dragRow(page, name('b'), name('a'), 'above');
    await expect.poll(() => order(page)).toEqual([name('b'), name('a'), name('c')]);
    // Alt+↓ at the end of a group does nothing: c does not leave "No Status", a does not join it.
    await page
      .getByTestId('board-row')
      .filter({ hasText: name('a') })
      .locator('[data-column="taskName"]')
      .click();
    await page.keyboard.press('Alt+ArrowDown');
    await page.waitForTimeout(300);
    expect(await order(page)).toEqual([name('b'), name('a'), name('c')]);
    await expect
      .poll(async () => (await findTasks(page.request, token, `Group ${suffix}`)).map((t) => t.taskName))
      .toEqual([name('b'), name('a'), name('c')]);

    // A sorted view: no handles, and Alt+↑ says why.
    await page.getByRole('tab', { name: sorted }).click();
    await expect.poll(() => order(page), { timeout: 60_000 }).toEqual([name('a'), name('b'), name('c')]);
    await expect(page.getByTestId('row-move-handle')).toHaveCount(0);
    await page
      .getByTestId('board-row')
      .filter({ hasText: name('c') })
      .locator('[data-column="taskName"]')
      .click();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(page.getByText('This view is sorted: remove the sort to order rows by hand')).toBeVisible();
    expect(await order(page)).toEqual([name('a'), name('b'), name('c')]);
    // The way out, from the same message: the sort goes (saved with the view), the handles come.
    await page.getByRole('button', { name: 'Remove the sort' }).click();
    await expect(page.getByTestId('row-move-handle').first()).toBeAttached();
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/view/user-views/tasks', { headers: authHeaders(token) });
        const list = (await res.json()).data as { name: string; sort: unknown[] }[];
        return list.find((v) => v.name === sorted)?.sort;
      })
      .toEqual([]);
    // The board's own order again: b before a, as moved in the grouped view.
    await expect.poll(() => order(page)).toEqual([name('b'), name('a'), name('c')]);
  });

  test('kanban cards take a place among the cards of their column, or of another one', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Card ${suffix} ${x}`;
    const ids: Record<string, string> = {};
    for (const [x, status] of [
      ['a', 'Nicht begonnen'],
      ['b', 'Nicht begonnen'],
      ['c', 'Nicht begonnen'],
      ['x', 'In Arbeit'],
      ['y', 'In Arbeit'],
    ]) {
      ids[x as string] = (
        await createTask(page.request, token, { taskName: name(x as string), properties: { Status: status } })
      )._id;
    }
    const view = `Cards ${suffix}`;
    await openView(page, token, {
      name: view,
      viewType: 'kanban',
      groupBy: 'Status',
      filters: [{ column: 'taskName', value: `Card ${suffix}` }],
    });
    const column = (status: string) => page.getByTestId(`kanban-column-${status}`);
    const cards = (status: string) =>
      column(status)
        .locator('[data-testid^="kanban-card-"]')
        .evaluateAll((list) => list.map((c) => c.getAttribute('aria-label')));
    await expect
      .poll(() => cards('Nicht begonnen'), { timeout: 60_000 })
      .toEqual([name('a'), name('b'), name('c')]);

    const drag = async (card: string, target: string, side: 'above' | 'below') => {
      const from = await page.getByTestId(`kanban-card-${ids[card]}`).boundingBox();
      const to = await page.getByTestId(`kanban-card-${ids[target]}`).boundingBox();
      if (!from || !to) throw new Error('kanban not laid out');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
      const y = side === 'above' ? to.y + to.height * 0.3 : to.y + to.height * 0.7;
      await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
      await expect(page.getByTestId(`kanban-card-${ids[target]}`)).toHaveAttribute(
        'data-drop',
        side === 'above' ? 'before' : 'after',
      );
      await page.mouse.up();
    };
    const server = async () =>
      (await findTasks(page.request, token, `Card ${suffix}`)).map((t) => t.taskName);

    // c above a, in its own column.
    await drag('c', 'a', 'above');
    await expect.poll(() => cards('Nicht begonnen')).toEqual([name('c'), name('a'), name('b')]);
    await expect.poll(server).toEqual([name('c'), name('a'), name('b'), name('x'), name('y')]);

    // a below x, in the other column: its status changes and it lands between x and y.
    await drag('a', 'x', 'below');
    await expect.poll(() => cards('In Arbeit')).toEqual([name('x'), name('a'), name('y')]);
    await expect.poll(() => cards('Nicht begonnen')).toEqual([name('c'), name('b')]);
    await expect.poll(server).toEqual([name('c'), name('b'), name('x'), name('a'), name('y')]);
    const saved = await findTasks<{
      _id: string;
      taskName: string;
      properties: Record<string, { value: unknown }>;
    }>(page.request, token, name('a'));
    expect(saved[0]?.properties.Status?.value).toBe('In Arbeit');

    // The keyboard: Space picks b up, ArrowUp takes it past c, Space drops it there.
    await page.getByTestId(`kanban-card-${ids.b}`).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: `${name('b')} is over` })).toBeAttached();
    // The card's place is measured just after the pick-up: a key before that moves nothing, so it is
    // pressed again until the card is over its new place (c is the only card above it).
    const before = page
      .getByRole('status')
      .filter({ hasText: `${name('b')} is before ${name('c')} in Nicht begonnen.` });
    await expect(async () => {
      if ((await before.count()) === 0) await page.keyboard.press('ArrowUp');
      await expect(before).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');
    await expect.poll(() => cards('Nicht begonnen')).toEqual([name('b'), name('c')]);
    await expect.poll(server).toEqual([name('b'), name('c'), name('x'), name('a'), name('y')]);
  });

  test('the cell menu inserts a record above a row and duplicates one below it; Ctrl+Z takes the copy back', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Ins ${suffix} ${x}`;
    await createTask(page.request, token, { taskName: name('a'), properties: { Priorität: 'Hoch' } });
    await createTask(page.request, token, name('b'));
    const view = `Ins ${suffix}`;
    await openView(page, token, {
      name: view,
      groupBy: null,
      filters: [{ column: 'taskName', value: `Ins ${suffix}` }],
    });
    await expect.poll(() => order(page), { timeout: 60_000 }).toEqual([name('a'), name('b')]);
    const title = (x: string) =>
      page
        .getByTestId('board-row')
        .filter({ hasText: name(x) })
        .locator('[data-column="taskName"]');
    const server = async () => (await findTasks(page.request, token, `Ins ${suffix}`)).map((t) => t.taskName);

    // Above b: the new record's name is typed at once.
    await title('b').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Insert record above' }).click();
    // The new record's name is edited once it is there (keys typed sooner: the next test).
    await expect(page.getByTestId('cell-editor')).toBeFocused();
    await page.keyboard.type(name('n'));
    await page.keyboard.press('Enter');
    await expect.poll(() => order(page)).toEqual([name('a'), name('n'), name('b')]);
    await expect.poll(server).toEqual([name('a'), name('n'), name('b')]);

    // A copy of a, right below it, with its values.
    await title('a').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText('1 record duplicated')).toBeVisible();
    await expect.poll(() => order(page)).toEqual([name('a'), name('a'), name('n'), name('b')]);
    await expect.poll(server).toEqual([name('a'), name('a'), name('n'), name('b')]);
    const copies = await findTasks<{
      _id: string;
      taskName: string;
      properties: Record<string, { value: unknown }>;
    }>(page.request, token, name('a'));
    expect(copies.map((c) => c.properties.Priorität?.value)).toEqual(['Hoch', 'Hoch']);

    // Ctrl+Z: the copy goes (to the bin).
    await page.getByRole('grid', { name: 'Records' }).focus();
    await page.keyboard.press('Control+z');
    await expect(page.getByText('Undone: duplicating 1 record')).toBeVisible();
    await expect.poll(() => order(page)).toEqual([name('a'), name('n'), name('b')]);
    await expect.poll(server).toEqual([name('a'), name('n'), name('b')]);
  });

  test('keys typed while an inserted record is being made become its name, not the row’s it was inserted at', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Ahead ${suffix} ${x}`;
    await createTask(page.request, token, name('a'));
    await createTask(page.request, token, name('b'));
    await openView(page, token, {
      name: `Ahead ${suffix}`,
      groupBy: null,
      filters: [{ column: 'taskName', value: `Ahead ${suffix}` }],
    });
    await expect.poll(() => order(page), { timeout: 60_000 }).toEqual([name('a'), name('b')]);
    // The server takes its time to make the record: the name and Enter are typed before it is there.
    const release = await holdCreate(page);
    const title = page
      .getByTestId('board-row')
      .filter({ hasText: name('b') })
      .locator('[data-column="taskName"]');
    await title.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Insert record below' }).click();
    await page.keyboard.type(name('x'));
    await page.keyboard.press('Backspace');
    await page.keyboard.type('n');
    await page.keyboard.press('Enter');
    release();
    const server = async () =>
      (await findTasks(page.request, token, `Ahead ${suffix}`)).map((t) => t.taskName);
    await expect.poll(server).toEqual([name('a'), name('b'), name('n')]);
    await expect.poll(() => order(page)).toEqual([name('a'), name('b'), name('n')]);
    await page.unroute('**/api/task/create');
  });

  test('no key is lost while the new record arrives and its name editor opens', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = (x: string) => `Gap ${suffix} ${x}`;
    await createTask(page.request, token, name('a'));
    await openView(page, token, {
      name: `Gap ${suffix}`,
      groupBy: null,
      filters: [{ column: 'taskName', value: `Gap ${suffix}` }],
    });
    await expect.poll(() => order(page), { timeout: 60_000 }).toEqual([name('a')]);
    const release = await holdCreate(page);
    await page
      .getByTestId('board-row')
      .filter({ hasText: name('a') })
      .locator('[data-column="taskName"]')
      .click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Insert record below' }).click();
    await page.keyboard.type(`Gap ${suffix} `);
    // The record comes while the user goes on typing: the keys between its arrival and its editor's
    // focus went nowhere before (the grid had no editor yet, nor took them).
    release();
    await page.keyboard.type('abcdefghijklmnopqrstuvwxyz', { delay: 10 });
    await expect(page.getByTestId('cell-editor')).toBeFocused();
    await page.keyboard.press('Enter');
    const server = async () => (await findTasks(page.request, token, `Gap ${suffix}`)).map((t) => t.taskName);
    await expect.poll(server).toEqual([name('a'), name('abcdefghijklmnopqrstuvwxyz')]);
    await page.unroute('**/api/task/create');
  });

  test("on /projects the kanban's cards keep their stage column, and say why", async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.helios, '/projects', 'en');
    const res = await page.request.post('/api/view/create', {
      headers: authHeaders(token),
      data: { board: 'projects', name: `Stages ${suffix}`, viewType: 'kanban', groupBy: 'Status' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: `Stages ${suffix}` }).click({ timeout: 60_000 });
    const withCards = page
      .locator('[data-testid^="kanban-column-"]')
      .filter({ has: page.locator('[data-testid^="kanban-card-"]') });
    await expect.poll(() => withCards.count(), { timeout: 60_000 }).toBeGreaterThan(1);
    const card = withCards.nth(0).locator('[data-testid^="kanban-card-"]').first();
    const target = withCards.nth(1).locator('[data-testid^="kanban-card-"]').first();
    const cardId = await card.getAttribute('data-testid');
    const from = await card.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('kanban not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.7, { steps: 12 });
    await page.mouse.up();
    await expect(page.getByText('“Status” is read-only here: cards keep their column.')).toBeVisible();
    await expect(withCards.nth(0).getByTestId(cardId as string)).toBeVisible();
  });
});
