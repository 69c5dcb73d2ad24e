import type { APIRequestContext, Page, Route } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';

/**
 * The board when saves fail (simulated with `page.route`): the latest write to a cell or a view
 * setting wins, a failed cell edit names its field and keeps the value for a retry (and is never
 * undoable), a view rename waits for its save, deleting an option asks first, and the record drawer
 * asks before unsaved changes are thrown away. Unique names per run: the server is shared.
 */

interface TaskDoc {
  _id: string;
  taskName: string;
  properties: Record<string, { value: unknown }>;
}

interface ViewDoc {
  _id: string;
  name: string;
  viewType: string;
}

interface OptionDoc {
  value: string;
  label: string;
  backgroundColor: string;
}

async function taskById(request: APIRequestContext, token: string, search: string, id: string) {
  const res = await request.post('/api/task/filter?page=1&limit=50', {
    headers: authHeaders(token),
    data: { board: 'tasks', search, filters: [], sort: [] },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data.tasks as TaskDoc[]).find((t) => t._id === id);
}

async function createView(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/view/create', {
    headers: authHeaders(token),
    data: { board: 'tasks', name, viewType: 'table', groupBy: null },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as ViewDoc;
}

async function viewById(request: APIRequestContext, token: string, id: string) {
  const res = await request.get('/api/view/user-views/tasks', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as ViewDoc[]).find((v) => v._id === id);
}

async function deleteView(request: APIRequestContext, token: string, id: string) {
  await request.delete(`/api/view/delete/${id}`, { headers: authHeaders(token) });
}

async function priorityColumn(request: APIRequestContext, token: string) {
  const res = await request.get('/api/user-properties?board=tasks', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  return { id: data._id as string, options: data.properties.Priorität.options as OptionDoc[] };
}

async function setPriorityOptions(request: APIRequestContext, token: string, options: OptionDoc[]) {
  const { id } = await priorityColumn(request, token);
  const res = await request.put(`/api/user-properties/update-property/${id}`, {
    headers: authHeaders(token),
    data: { key: 'Priorität', property: { options } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers a request with a server error. */
const fail = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ status: 500, message: 'Testfehler: nicht gespeichert' }),
  });

/** Opens the board narrowed to the records whose name contains `suffix`. */
async function openBoard(page: Page, suffix: string) {
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
}

test.describe('board save failures', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a slow failed cell save never puts a stale value over a newer saved one', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const task = await createTask<TaskDoc>(page.request, token, { taskName: `Aufwand ${suffix}` });
    await openBoard(page, suffix);
    const cell = page
      .getByTestId('board-row')
      .filter({ hasText: `Aufwand ${suffix}` })
      .locator('[data-column="Aufwand (h)"]');

    // The first save is held 3 s and fails; the second goes through.
    let calls = 0;
    await page.route(`**/api/task/update/${task._id}`, async (route) => {
      calls += 1;
      if (calls === 1) {
        await sleep(3000);
        await fail(route);
      } else {
        await route.continue();
      }
    });
    const failed = page.waitForResponse((r) => r.url().includes(task._id) && r.status() === 500);
    await cell.click();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect(cell).toHaveText('5');
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => (await taskById(page.request, token, suffix, task._id))?.properties['Aufwand (h)']?.value,
      )
      .toBe(8);
    await failed;
    await sleep(500);
    await expect(cell).toHaveText('8');
    // Superseded: nothing to retry.
    await expect(page.getByTestId('save-failed')).toHaveCount(0);
  });

  test('a slow failed layout change never puts back a layout older than a newer saved one', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const view = await createView(page.request, token, `Layout ${suffix}`);
    try {
      await page.reload();
      await page.getByRole('tab', { name: `Layout ${suffix}` }).click({ timeout: 60_000 });
      const toolbar = page.getByTestId('board-toolbar');
      const layout = (name: string) => toolbar.getByRole('radio', { name, exact: true });
      // The radio itself is hidden under its label.
      const pick = (name: string) => toolbar.locator('label').filter({ hasText: new RegExp(`^${name}$`) });
      await expect(layout('Tabelle')).toBeChecked();

      // The change to Kanban is held 3 s and fails; the change to Galerie goes through.
      await page.route('**/api/view/edit', async (route) => {
        const body = route.request().postDataJSON() as { viewType?: string };
        if (body.viewType === 'kanban') {
          await sleep(3000);
          await fail(route);
        } else {
          await route.continue();
        }
      });
      const failed = page.waitForResponse((r) => r.url().includes('/api/view/edit') && r.status() === 500);
      await pick('Kanban').click();
      await expect(layout('Kanban')).toBeChecked();
      await pick('Galerie').click();
      await expect
        .poll(async () => (await viewById(page.request, token, view._id))?.viewType)
        .toBe('gallery');
      await failed;
      await sleep(500);
      await expect(layout('Galerie')).toBeChecked();
      expect((await viewById(page.request, token, view._id))?.viewType).toBe('gallery');
    } finally {
      await deleteView(page.request, token, view._id);
    }
  });

  test('a failed title edit names the field, keeps the typed title for a retry and is not undoable', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const task = await createTask<TaskDoc>(page.request, token, { taskName: `Titel ${suffix}` });
    await openBoard(page, suffix);
    const row = page.getByTestId('board-row').filter({ hasText: `Titel ${suffix}` });
    const undo = page.getByRole('button', { name: 'Rückgängig (Strg+Z)' });
    await expect(undo).toBeDisabled();

    let failing = true;
    await page.route(`**/api/task/update/${task._id}`, (route) => (failing ? fail(route) : route.continue()));
    const typed = `Titel ${suffix} mit einer langen Beschreibung der Dachbegehung am Montag`;
    await row.locator('[data-column="taskName"]').dblclick();
    await page.keyboard.type(' mit einer langen Beschreibung der Dachbegehung am Montag');
    await page.keyboard.press('Enter');

    // The notice names the field and repeats what was typed; the cell shows the saved title again.
    const notice = page.getByRole('alert').filter({ hasText: '„Aufgabe“ wurde nicht gespeichert' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(typed);
    await expect(page.getByTestId('board-row').filter({ hasText: typed })).toHaveCount(0);
    await expect(row.locator('[data-column="taskName"]')).toContainText(`Titel ${suffix}`);
    // Nothing was saved: nothing to undo.
    await sleep(300);
    await expect(undo).toBeDisabled();

    // Retry writes the typed title; that one is undoable.
    failing = false;
    await notice.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(notice).toHaveCount(0);
    await expect
      .poll(async () => (await taskById(page.request, token, suffix, task._id))?.taskName)
      .toBe(typed);
    await expect(page.getByTestId('board-row').filter({ hasText: typed })).toHaveCount(1);
    await expect(undo).toBeEnabled();
  });

  test('renaming a view waits for the save and keeps the dialog with the name when it fails', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const view = await createView(page.request, token, `Name ${suffix}`);
    try {
      await page.reload();
      await page.getByRole('tab', { name: `Name ${suffix}` }).click({ timeout: 60_000 });
      await page.getByRole('button', { name: `Optionen der Ansicht Name ${suffix}` }).click();
      await page.getByRole('menuitem', { name: 'Ansicht umbenennen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ansicht umbenennen' });
      const input = dialog.getByRole('textbox', { name: 'Name der Ansicht' });
      await input.fill(`Neu ${suffix}`);

      let failing = true;
      await page.route('**/api/view/edit', async (route) => {
        if (!failing) return route.continue();
        await sleep(1000);
        return fail(route);
      });
      await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
      // Waiting for the answer: still open.
      await sleep(300);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Der Name wurde nicht gespeichert')).toBeVisible();
      await expect(input).toHaveValue(`Neu ${suffix}`);
      await expect(page.getByRole('tab', { name: `Name ${suffix}` })).toBeVisible();
      expect((await viewById(page.request, token, view._id))?.name).toBe(`Name ${suffix}`);

      failing = false;
      await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('tab', { name: `Neu ${suffix}` })).toBeVisible();
      await expect
        .poll(async () => (await viewById(page.request, token, view._id))?.name)
        .toBe(`Neu ${suffix}`);
    } finally {
      await deleteView(page.request, token, view._id);
    }
  });

  test('deleting an option says how many records hold it, asks first and can be undone', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const option = `Opt ${suffix}`;
    const original = (await priorityColumn(page.request, token)).options;
    await setPriorityOptions(page.request, token, [
      ...original,
      { value: option, label: option, backgroundColor: '#E3E2E0' },
    ]);
    try {
      for (const n of [1, 2]) {
        await createTask<TaskDoc>(page.request, token, {
          taskName: `Option ${suffix} ${n}`,
          properties: { Priorität: option },
        });
      }
      await openBoard(page, suffix);
      const cell = page
        .getByTestId('board-row')
        .filter({ hasText: `Option ${suffix} 1` })
        .locator('[data-column="Priorität"]');
      await expect(cell).toHaveText(option);
      await cell.click();
      await page.keyboard.press('Enter');
      const picker = page.getByTestId('cell-picker');
      await picker.getByRole('button', { name: `Option ${option} bearbeiten` }).click();
      await picker.getByRole('button', { name: 'Option löschen' }).click();

      // Asked first, with the number of records holding it; Cancel keeps it.
      const confirm = picker.getByTestId('option-delete-confirm');
      await expect(confirm).toContainText(`2 Einträge verwenden „${option}“`);
      await expect(picker.getByRole('option', { name: option })).toHaveCount(1);
      await confirm.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(confirm).toHaveCount(0);
      expect((await priorityColumn(page.request, token)).options.some((o) => o.value === option)).toBe(true);

      await picker.getByRole('button', { name: 'Option löschen' }).click();
      await picker.getByTestId('option-delete-confirm').getByRole('button', { name: 'Löschen' }).click();
      await expect(picker.getByRole('option', { name: option })).toHaveCount(0);
      await expect
        .poll(async () => (await priorityColumn(page.request, token)).options.some((o) => o.value === option))
        .toBe(false);
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);

      // Undo brings the option back.
      await page.getByRole('button', { name: 'Rückgängig (Strg+Z)' }).click();
      await expect(page.getByText(`Rückgängig gemacht: gelöschte Option ${option}`)).toBeVisible();
      await expect
        .poll(async () => (await priorityColumn(page.request, token)).options.some((o) => o.value === option))
        .toBe(true);
    } finally {
      const now = (await priorityColumn(page.request, token)).options;
      await setPriorityOptions(
        page.request,
        token,
        now.filter((o) => o.value !== option),
      );
    }
  });

  test('the record drawer asks before Escape throws away unsaved changes', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    await createTask<TaskDoc>(page.request, token, { taskName: `Drawer ${suffix}` });
    await openBoard(page, suffix);
    const ask = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });

    // A new task with a name and notes: Escape asks; "Weiter bearbeiten" keeps everything.
    await page.getByRole('button', { name: 'Neue Aufgabe' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Aufgabe' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Aufgabe' }).fill(`Entwurf ${suffix}`);
    await drawer.getByRole('textbox', { name: 'Notizen' }).fill('Leiter mitbringen');
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await expect(drawer).toBeVisible();
    await ask.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(ask).toHaveCount(0);
    await expect(drawer.getByRole('textbox', { name: 'Aufgabe' })).toHaveValue(`Entwurf ${suffix}`);
    await expect(drawer.getByRole('textbox', { name: 'Notizen' })).toHaveValue('Leiter mitbringen');

    // Escape on the question keeps editing too; "Verwerfen" closes without saving.
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Schließen' }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(drawer).toHaveCount(0);
    expect(await taskById(page.request, token, `Entwurf ${suffix}`, '')).toBeUndefined();

    // An existing record: no question while nothing changed; a changed name asks.
    await page.getByRole('button', { name: `Drawer ${suffix} öffnen` }).click();
    const details = page.getByRole('dialog', { name: 'Aufgabendetails' });
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await expect(ask).toHaveCount(0);
    await page.getByRole('button', { name: `Drawer ${suffix} öffnen` }).click();
    await details.getByRole('textbox', { name: 'Aufgabe' }).fill(`Drawer ${suffix} neu`);
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(details).toHaveCount(0);
  });
});
