import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';

/**
 * Board views (saved tabs): a view's filters, sort, grouping and hidden properties survive a reload,
 * and a kanban card dragged to another column changes the record. Unique names per run: the server
 * is shared by parallel workers.
 */

interface ViewDoc {
  _id: string;
  name: string;
  viewType: string;
  filters: { column: string; value: unknown }[];
  sort: { column: string; order: string }[];
  hiddenProperties: string[];
  groupBy: string | null;
}

async function views(request: APIRequestContext, token: string): Promise<ViewDoc[]> {
  const res = await request.get('/api/view/user-views/tasks', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

async function statusOf(request: APIRequestContext, token: string, name: string): Promise<unknown> {
  const res = await request.post('/api/task/filter?page=1&limit=5', {
    headers: authHeaders(token),
    data: { board: 'tasks', search: name },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.tasks[0]?.properties.Status?.value;
}

test.describe('board views', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a view keeps its filter, sort, grouping and hidden property after a reload', async ({ page }) => {
    let name = `Plan ${Date.now().toString(36)}`;
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Add view' }).click();
    const viewName = page.getByRole('textbox', { name: 'View name' });
    await viewName.fill('   ');
    await page.getByRole('button', { name: 'Create view' }).click();
    await expect(page.getByText('View name cannot be empty or just spaces.')).toBeVisible();
    await viewName.fill(name);
    await page.getByRole('button', { name: 'Create view' }).click();
    await expect(page.getByText('View created successfully')).toBeVisible();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('combobox', { name: 'Property of filter 1' }).click();
    await page.getByRole('option', { name: 'Priorität', exact: true }).click();
    await page.getByRole('combobox', { name: 'Value of Priorität' }).click();
    await page.getByRole('option', { name: 'Hoch', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.getByRole('button', { name: 'Add sort' }).click();
    await page.getByRole('combobox', { name: 'Property of sort 1' }).click();
    await page.getByRole('option', { name: 'Aufwand (h)', exact: true }).click();
    await page.getByTestId('sort-panel').getByText('Descending', { exact: true }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Group', exact: true }).click();
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Priorität', exact: true }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Properties', exact: true }).click();
    // By keyboard: the switch's input sits under its track.
    const tags = page.getByRole('switch', { name: 'Show Schlagworte' });
    await tags.focus();
    await page.keyboard.press('Space');
    await expect(tags).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Column Schlagworte' })).toHaveCount(0);

    // What the database holds.
    await expect
      .poll(async () => (await views(page.request, token)).find((v) => v.name === name)?.hiddenProperties)
      .toContain('Schlagworte');
    const saved = (await views(page.request, token)).find((v) => v.name === name);
    expect(saved?.filters).toEqual([expect.objectContaining({ column: 'Priorität', value: ['Hoch'] })]);
    expect(saved?.sort).toEqual([{ column: 'Aufwand (h)', order: 'desc' }]);
    expect(saved?.groupBy).toBe('Priorität');

    // After a reload the same tab is chosen with the same settings.
    await page.reload();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true', {
      timeout: 60_000,
    });
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Column Schlagworte' })).toHaveCount(0);
    await expect(page.getByTestId('group-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Property of filter 1' })).toHaveValue('Priorität');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Property of sort 1' })).toHaveValue('Aufwand (h)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Group', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('Priorität');
    await page.keyboard.press('Escape');

    // Renamed, then deleted after a confirmation.
    await page.getByRole('button', { name: `Options of view ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rename view' }).click();
    await page
      .getByRole('dialog', { name: 'Rename view' })
      .getByRole('textbox', { name: 'View name' })
      .fill(`${name} B`);
    await page
      .getByRole('dialog', { name: 'Rename view' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await expect(page.getByRole('tab', { name: `${name} B` })).toBeVisible();
    await expect
      .poll(async () => (await views(page.request, token)).some((v) => v.name === `${name} B`))
      .toBe(true);
    name = `${name} B`;
    await page.getByRole('button', { name: `Options of view ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete view' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
    await expect(page.getByRole('tab', { name })).toHaveCount(0);
    await expect
      .poll(async () => (await views(page.request, token)).some((v) => v.name === name))
      .toBe(false);
  });

  test('a kanban card dragged to another column changes its status', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    const headers = authHeaders(token);
    const created = await page.request.post('/api/task/create', {
      headers,
      data: { board: 'tasks', taskName: `Card ${suffix}`, properties: { Status: 'Nicht begonnen' } },
    });
    expect(created.status()).toBe(200);
    const task = (await created.json()).data as { _id: string };
    const view = await page.request.post('/api/view/create', {
      headers,
      data: {
        board: 'tasks',
        name: `Kanban ${suffix}`,
        viewType: 'kanban',
        groupBy: 'Status',
        sumProperty: 'Aufwand (h)',
        filters: [{ column: 'taskName', value: `Card ${suffix}` }],
      },
    });
    expect(view.status()).toBe(200);

    await page.reload();
    await page.getByRole('tab', { name: `Kanban ${suffix}` }).click({ timeout: 60_000 });
    const card = page.getByTestId(`kanban-card-${task._id}`);
    const from = page.getByTestId('kanban-column-Nicht begonnen');
    const to = page.getByTestId('kanban-column-Erledigt');
    await expect(from.getByTestId(`kanban-card-${task._id}`)).toBeVisible({ timeout: 60_000 });
    await expect(to.getByTestId('kanban-sum')).toBeVisible();

    const a = await card.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('kanban not laid out');
    await page.mouse.move(a.x + a.width / 2, a.y + 20);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 20, a.y + 30, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 15 });
    await page.mouse.up();

    await expect(to.getByTestId(`kanban-card-${task._id}`)).toBeVisible();
    await expect.poll(() => statusOf(page.request, token, `Card ${suffix}`)).toBe('Erledigt');
  });

  test('the kanban with the keyboard: Enter opens a card, Space and the arrows move it a column, in German', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const headers = authHeaders(token);
    const created = await page.request.post('/api/task/create', {
      headers,
      data: { board: 'tasks', taskName: `Keys ${suffix}`, properties: { Status: 'Nicht begonnen' } },
    });
    expect(created.status()).toBe(200);
    const task = (await created.json()).data as { _id: string };
    const view = await page.request.post('/api/view/create', {
      headers,
      data: {
        board: 'tasks',
        name: `Tasten ${suffix}`,
        viewType: 'kanban',
        groupBy: 'Status',
        filters: [{ column: 'taskName', value: `Keys ${suffix}` }],
      },
    });
    expect(view.status()).toBe(200);

    await page.reload();
    await page.getByRole('tab', { name: `Tasten ${suffix}` }).click({ timeout: 60_000 });
    const card = page.getByTestId(`kanban-card-${task._id}`);
    const next = page.getByTestId('kanban-column-In Arbeit');
    await expect(
      page.getByTestId('kanban-column-Nicht begonnen').getByTestId(`kanban-card-${task._id}`),
    ).toBeVisible({
      timeout: 60_000,
    });

    // Enter opens the record, it does not pick the card up.
    await card.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('record-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('textbox').first()).toHaveValue(`Keys ${suffix}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Space picks it up, one ArrowRight is the next column, Space drops it; the screen reader hears German.
    await card.focus();
    await page.keyboard.press('Space');
    // The live region holds the latest message: over its own column first.
    await expect(
      page.getByRole('status').filter({ hasText: `Keys ${suffix} ist über Nicht begonnen.` }),
    ).toBeAttached();
    await expect(async () => {
      if ((await next.getAttribute('data-over')) !== 'true') await page.keyboard.press('ArrowRight');
      await expect(page.getByText(`Keys ${suffix} ist über In Arbeit.`)).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');
    await expect(next.getByTestId(`kanban-card-${task._id}`)).toBeVisible();
    await expect.poll(() => statusOf(page.request, token, `Keys ${suffix}`)).toBe('In Arbeit');
  });

  test('a view is duplicated with its settings, under a new name, and opened', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'de');
    const name = `Vorlage ${suffix}`;
    const made = await page.request.post('/api/view/create', {
      headers: authHeaders(token),
      data: {
        board: 'tasks',
        name,
        groupBy: null,
        filters: [{ column: 'Priorität', value: ['Hoch'] }],
        sort: [{ column: 'Fällig am', order: 'desc' }],
        hiddenProperties: ['Zuständig'],
        calculations: { 'Aufwand (h)': 'average' },
      },
    });
    expect(made.status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: `Optionen der Ansicht ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Ansicht duplizieren' }).click();
    const copy = `${name} (Kopie)`;
    await expect(page.getByRole('tab', { name: copy })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Ansicht erfolgreich erstellt')).toBeVisible();
    const all = await views(page.request, token);
    const original = all.find((v) => v.name === name);
    const duplicate = all.find((v) => v.name === copy) as ViewDoc & { calculations: unknown };
    expect(duplicate._id).not.toBe(original?._id);
    expect({ ...duplicate, _id: '', name: '' }).toMatchObject({
      viewType: 'table',
      filters: original?.filters,
      sort: [{ column: 'Fällig am', order: 'desc' }],
      hiddenProperties: ['Zuständig'],
      groupBy: null,
      calculations: { 'Aufwand (h)': 'average' },
    });
  });

  test('column widths and order are kept in the view', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    const created = await page.request.post('/api/view/create', {
      headers: authHeaders(token),
      data: { board: 'tasks', name: `Cols ${suffix}`, groupBy: null },
    });
    expect(created.status()).toBe(200);
    const id = (await created.json()).data._id as string;
    const byId = async () =>
      (await views(page.request, token)).find((v) => v._id === id) as ViewDoc & {
        order: string[];
        width: Record<string, number>;
      };
    await page.reload();
    await page.getByRole('tab', { name: `Cols ${suffix}` }).click({ timeout: 60_000 });
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible();

    const header = page.getByRole('button', { name: 'Column Priorität' });
    const before = (await page.getByTestId('column-header-Priorität').boundingBox())?.width ?? 0;
    const handle = page.getByRole('separator', { name: 'Resize Priorität' });
    const box = await handle.boundingBox();
    if (!box) throw new Error('no resize handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await byId())?.width.Priorität ?? 0).toBeGreaterThan(before + 80);

    await header.click();
    await page.getByRole('menuitem', { name: 'Move left' }).click();
    await expect
      .poll(async () => {
        const order = (await byId())?.order ?? [];
        return order.indexOf('Priorität') >= 0 && order.indexOf('Priorität') < order.indexOf('Fällig am');
      })
      .toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: `Cols ${suffix}` }).click({ timeout: 60_000 });
    const priority = await page.getByTestId('column-header-Priorität').boundingBox();
    const due = await page.getByTestId('column-header-Fällig am').boundingBox();
    expect(priority && due && priority.x < due.x).toBe(true);
    expect(priority?.width ?? 0).toBeGreaterThan(before + 80);
  });

  test('without a view, filtering, hiding and calculating are refused with a message (SPEC §5)', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.sales, '/dashboard', 'en');
    const res = await page.request.get('/api/view/user-projects', { headers: authHeaders(token) });
    const project = ((await res.json()).data as { _id: string }[]).at(-1);
    if (!project) throw new Error('no project');
    // A record of its own, so the table (and its summary row) shows.
    await createTask(page.request, token, {
      taskName: `No view ${Date.now().toString(36)}`,
      projectId: project._id,
    });
    await page.goto(`/tasks?projectId=${project._id}`);
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    // Delete every view of this project's board.
    while ((await page.getByRole('tab').count()) > 0) {
      const tab = page.getByRole('tab').first();
      await tab.click();
      const label = (await tab.textContent()) ?? '';
      await page.getByRole('button', { name: `Options of view ${label}` }).click();
      await page.getByRole('menuitem', { name: 'Delete view' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
      await expect(page.getByRole('tab', { name: label, exact: true })).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByText('Please select a view to apply filters')).toBeVisible();
    await page.getByRole('button', { name: 'Properties', exact: true }).click();
    await expect(page.getByText('Please select a view to hide/unhide properties')).toBeVisible();
    await page.getByRole('button', { name: 'Column Priorität' }).click();
    await page.getByRole('menuitem', { name: 'Sort ascending' }).click();
    await expect(page.getByText('Please select a view to apply filters').first()).toBeVisible();
    await page.getByTestId('summary-Aufwand (h)').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Sum', exact: true }).click();
    await expect(page.getByText('Please select a view to calculate columns')).toBeVisible();
  });
});
