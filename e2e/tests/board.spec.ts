import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks } from '../fixtures/board';

/**
 * The project and task board (BETA): properties of every type added through the '+' column with a
 * value set in each, renaming a column (Enter and blur), and the /projects restrictions. Each test
 * makes its own records and properties with unique names: the server and its boards are shared.
 */

interface Cell {
  type: string;
  value: unknown;
}
interface TaskDoc {
  _id: string;
  taskName: string;
  properties: Record<string, Cell>;
}

async function propertyKeys(request: APIRequestContext, token: string, board = 'tasks'): Promise<string[]> {
  const res = await request.get(`/api/user-properties?board=${board}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return Object.keys((await res.json()).data.properties);
}

/** Narrows the board to records whose name contains `text` (the toolbar search). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search records' }).fill(text);
}

function rowOf(page: Page, name: string): Locator {
  return page.getByTestId('board-row').filter({ hasText: name });
}

function cellOf(row: Locator, key: string): Locator {
  return row.locator(`[data-column="${key}"]`);
}

/** A row's cell, its column scrolled into view first (the grid draws the columns in view only). */
async function shownCell(page: Page, row: Locator, key: string): Promise<Locator> {
  await page.getByTestId(`column-header-${key}`).scrollIntoViewIfNeeded();
  return cellOf(row, key);
}

/** Adds a property through the '+' column: its name, its type and the type's settings. */
async function addProperty(
  page: Page,
  name: string,
  type: string,
  settings?: (form: Locator) => Promise<void>,
) {
  await page.getByRole('columnheader').getByRole('button', { name: 'Add property' }).click();
  const form = page.getByTestId('add-property-form');
  await form.getByLabel('Property name').fill(name);
  await form.getByRole('combobox', { name: 'Type', exact: true }).click();
  await form.getByRole('option', { name: type, exact: true }).click();
  if (settings) await settings(form);
  await form.getByRole('button', { name: 'Add property' }).click();
  await expect(page.getByRole('button', { name: `Column ${name}` })).toBeVisible();
}

async function pickOption(form: Locator, label: string, option: string) {
  await form.getByRole('combobox', { name: label, exact: true }).click();
  await form.getByRole('option', { name: option, exact: true }).click();
}

test.describe('board properties', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a property of every type is added through the + column and takes a value', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const main = await createTask<TaskDoc>(page.request, token, `Row ${suffix}`);
    const other = await createTask<TaskDoc>(page.request, token, `Other ${suffix}`);
    const team = await page.request.get('/api/installer/users', { headers: authHeaders(token) });
    const member = (await team.json()).data.docs[0] as { _id: string; firstName: string; lastName: string };

    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await search(page, suffix);
    const row = rowOf(page, `Row ${suffix}`);
    await expect(row).toBeVisible();

    const p = (type: string) => `${type} ${suffix}`;
    // Types with a value editor: add, then set a value in the grid.
    const editors: [string, string, (cell: Locator) => Promise<void>][] = [
      [
        'Text',
        'text',
        async (cell) => {
          await cell.dblclick();
          await page.keyboard.type('Hello board');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Number',
        'number',
        async (cell) => {
          await cell.dblclick();
          await page.keyboard.type('3,5');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'URL',
        'url',
        async (cell) => {
          await cell.dblclick();
          await page.keyboard.type('https://example.com/roof');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Email',
        'email',
        async (cell) => {
          await cell.dblclick();
          await page.keyboard.type('kunde@example.com');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Phone',
        'phone',
        async (cell) => {
          await cell.dblclick();
          await page.keyboard.type('+49 89 123456');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Select',
        'select',
        async (cell) => {
          await cell.dblclick();
          await page.getByRole('textbox', { name: 'Search or create an option' }).fill('  Alpha  ');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Status',
        'status',
        async (cell) => {
          await cell.dblclick();
          await page.getByRole('textbox', { name: 'Search or create an option' }).fill('Waiting');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Multi-select',
        'multi-select',
        async (cell) => {
          await cell.dblclick();
          const input = page.getByRole('textbox', { name: 'Search or create an option' });
          await input.fill('Roof');
          await page.keyboard.press('Enter');
          await input.fill('Battery');
          await page.keyboard.press('Enter');
          await page.keyboard.press('Escape');
        },
      ],
      [
        'Date',
        'date',
        async (cell) => {
          await cell.dblclick();
          await page.getByTestId('cell-picker').getByLabel(p('Date')).fill('2026-12-24');
          await page.keyboard.press('Enter');
        },
      ],
      [
        'Checkbox',
        'checkbox',
        async (cell) => {
          await cell.click();
        },
      ],
      [
        'Person',
        'person',
        async (cell) => {
          await cell.dblclick();
          // The value saves at once: click, then wait for the saved state (check() wants it at once).
          const person = page
            .getByTestId('cell-picker')
            .getByRole('checkbox', { name: `${member.firstName} ${member.lastName}`, exact: true });
          await person.click();
          await expect(person).toBeChecked();
          await page.keyboard.press('Escape');
        },
      ],
      [
        'Files',
        'files',
        async (cell) => {
          await cell.dblclick();
          const picker = page.getByTestId('cell-picker');
          await picker.locator('input[type="file"]').setInputFiles({
            name: 'roof-plan.txt',
            mimeType: 'text/plain',
            buffer: Buffer.from('roof plan'),
          });
          await expect(picker.getByText('roof-plan.txt')).toBeVisible();
          await page.keyboard.press('Escape');
        },
      ],
      [
        'Relation',
        'relation',
        async (cell) => {
          await cell.dblclick();
          await page.getByRole('textbox', { name: `Search ${p('Relation')}` }).fill(`Other ${suffix}`);
          const other = page
            .getByTestId('cell-picker')
            .getByRole('checkbox', { name: `Other ${suffix}`, exact: true });
          await other.click();
          await expect(other).toBeChecked();
          await page.keyboard.press('Escape');
        },
      ],
    ];
    for (const [label, , setValue] of editors) {
      await addProperty(page, p(label), label);
      await setValue(cellOf(row, p(label)));
      await expect(page.getByTestId('cell-picker')).toHaveCount(0);
    }

    // Computed types and the button: added with their settings, shown read-only.
    await addProperty(page, p('Formula'), 'Formula', async (form) => {
      await form.getByRole('textbox', { name: 'Formula' }).fill(`prop("${p('Number')}") * 2`);
    });
    await addProperty(page, p('Rollup'), 'Rollup', async (form) => {
      await pickOption(form, 'Relation property', p('Relation'));
      await pickOption(form, 'Property of the related records', 'Aufwand (h)');
    });
    await addProperty(page, p('Button'), 'Button', async (form) => {
      await form.getByLabel('Button label').fill('Finish');
      await pickOption(form, 'Sets the property', 'Status');
      await form.getByLabel('to the value').fill('Erledigt');
    });
    for (const label of ['Created time', 'Created by', 'Last edited time', 'Last edited by', 'ID']) {
      await addProperty(page, p(label), label);
    }
    await expect(await shownCell(page, row, p('Formula'))).toHaveText('7');

    // The button sets its property on the server.
    await (await shownCell(page, row, p('Button')))
      .getByRole('button', { name: `Finish: Row ${suffix}` })
      .click();
    await expect(await shownCell(page, row, 'Status')).toHaveText('Erledigt');

    // What the database holds.
    await expect
      .poll(
        async () =>
          (await findTasks<TaskDoc>(page.request, token, `Row ${suffix}`))[0]?.properties[p('Text')]?.value,
      )
      .toBe('Hello board');
    const [saved] = await findTasks<TaskDoc>(page.request, token, `Row ${suffix}`);
    const value = (label: string) => saved?.properties[p(label)]?.value;
    expect(saved?._id).toBe(main._id);
    expect(value('Number')).toBe(3.5);
    expect(value('URL')).toBe('https://example.com/roof');
    expect(value('Email')).toBe('kunde@example.com');
    expect(value('Phone')).toBe('+49 89 123456');
    expect(value('Select')).toBe('Alpha');
    expect(value('Status')).toBe('Waiting');
    expect(value('Multi-select')).toEqual(['Roof', 'Battery']);
    expect(value('Date')).toBe('2026-12-24');
    expect(value('Checkbox')).toBe('true');
    expect(value('Person')).toEqual([{ value: member._id, label: `${member.firstName} ${member.lastName}` }]);
    expect(value('Files')).toEqual([expect.objectContaining({ label: 'roof-plan.txt' })]);
    expect(value('Relation')).toEqual([other._id]);
    expect(value('Formula')).toBe(7);
    expect(saved?.properties.Status?.value).toBe('Erledigt');
    const keys = await propertyKeys(page.request, token);
    for (const label of [
      'Created time',
      'Created by',
      'Last edited time',
      'Last edited by',
      'ID',
      'Rollup',
      'Button',
    ]) {
      expect(keys).toContain(p(label));
    }
  });

  test('two options made one after another are both kept when the first saves are slow', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const task = await createTask<TaskDoc>(page.request, token, `Tags ${suffix}`);
    const key = `Tags ${suffix}`;
    const made = await page.request.post('/api/task/property/create', {
      headers: authHeaders(token),
      data: { board: 'tasks', key, type: 'multi-select' },
    });
    expect(made.status(), await made.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await search(page, suffix);
    const row = rowOf(page, `Tags ${suffix}`);
    await expect(row).toBeVisible();
    const cell = await shownCell(page, row, key);

    // The first save of the cell and the first of the option list are held (a loaded server): the
    // second ones must not overtake them and be overwritten by the older values.
    const held = new Set<string>();
    const holdFirst = async (route: Route) => {
      const path = new URL(route.request().url()).pathname;
      if (!held.has(path)) {
        held.add(path);
        await new Promise((done) => setTimeout(done, 2500));
      }
      await route.continue();
    };
    let answered = 0;
    page.on('requestfinished', (request) => {
      const url = request.url();
      if (
        request.method() === 'PUT' &&
        (url.includes('/api/task/update/') || url.includes('/update-property/'))
      )
        answered += 1;
    });
    await page.route(`**/api/task/update/${task._id}`, holdFirst);
    await page.route('**/api/user-properties/update-property/*', holdFirst);
    await cell.dblclick();
    const input = page.getByRole('textbox', { name: 'Search or create an option' });
    await input.fill('Roof');
    await page.keyboard.press('Enter');
    await input.fill('Battery');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(cell).toHaveText('RoofBattery');

    // Both saves of the cell and both of the option list answered: what the server kept.
    await expect.poll(() => answered, { timeout: 20_000 }).toBe(4);
    const [saved] = await findTasks<TaskDoc>(page.request, token, `Tags ${suffix}`);
    expect(saved?.properties[key]?.value).toEqual(['Roof', 'Battery']);
    const columns = await page.request.get('/api/user-properties?board=tasks', {
      headers: authHeaders(token),
    });
    const options = (await columns.json()).data.properties[key].options as { value: string }[];
    expect(options.map((o) => o.value)).toEqual(['Roof', 'Battery']);
    // Settled: the board still shows both.
    await expect(cell).toHaveText('RoofBattery');
    expect(held.size).toBe(2);
  });

  test('a column is renamed with Enter and with blur', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const res = await page.request.post('/api/task/property/create', {
      headers: authHeaders(token),
      data: { board: 'tasks', key: `Memo ${suffix}`, type: 'text' },
    });
    expect(res.status()).toBe(200);
    await page.reload();

    await page.getByRole('button', { name: `Column Memo ${suffix}` }).click();
    const name = page.getByTestId('column-menu').getByLabel('Name', { exact: true });
    await name.fill(`Remark ${suffix}`);
    await name.press('Enter');
    await expect(page.getByRole('button', { name: `Column Remark ${suffix}` })).toBeVisible();
    await expect.poll(() => propertyKeys(page.request, token)).toContain(`Remark ${suffix}`);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Column Remark ${suffix}` }).click();
    await page.getByTestId('column-menu').getByLabel('Name', { exact: true }).fill(`Comment ${suffix}`);
    // Clicking elsewhere blurs the field: the name is saved.
    await page.getByRole('heading', { name: 'Tasks' }).click();
    await expect(page.getByRole('button', { name: `Column Comment ${suffix}` })).toBeVisible();
    await expect.poll(() => propertyKeys(page.request, token)).toContain(`Comment ${suffix}`);
    expect(await propertyKeys(page.request, token)).not.toContain(`Remark ${suffix}`);
  });
});

test.describe('/projects restrictions (SPEC §6)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('properties cannot be added, renamed or deleted there, and the messages say why', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/projects', 'en');
    const before = await propertyKeys(page.request, token, 'projects');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });

    await page.getByRole('columnheader').getByRole('button', { name: 'Add property' }).click();
    await expect(page.getByText('User can not add new properties in project section')).toBeVisible();
    await expect(page.getByTestId('add-property-form')).toHaveCount(0);

    await page.getByRole('button', { name: 'Column City' }).click();
    const menu = page.getByTestId('column-menu');
    await expect(menu.getByRole('menuitem', { name: 'Sort ascending' })).toBeVisible();
    await expect(menu.getByLabel('Name', { exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Change type' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Choose icon' })).toHaveCount(0);
    // A fixed column is neither deleted nor given a neighbour there: the menu does not offer it.
    for (const name of ['Insert left', 'Insert right', 'Delete']) {
      await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    expect(await propertyKeys(page.request, token, 'projects')).toEqual(before);

    // No '+ New' record and no delete on /projects: the records come from the saved projects.
    await expect(page.getByRole('button', { name: 'New task' })).toHaveCount(0);
  });

  test('the refusal is in German by default', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/projects');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('columnheader').getByRole('button', { name: 'Eigenschaft hinzufügen' }).click();
    await expect(
      page.getByText('Im Projektbereich können keine neuen Eigenschaften hinzugefügt werden'),
    ).toBeVisible();
  });

  test('the fixed columns and the project stages are named in the user language', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/projects', 'es');
    const grid = page.getByRole('grid', { name: 'Registros' });
    await expect(grid).toBeVisible({ timeout: 60_000 });
    // Stored in English ('City', 'Total cost', stage codes with English labels), shown in Spanish.
    await expect(page.getByRole('button', { name: 'Columna Ciudad' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Columna Coste total' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Columna City' })).toHaveCount(0);
    await expect(grid.getByText('Captación').first()).toBeVisible();
    await expect(grid.getByText('Acquisition', { exact: true })).toHaveCount(0);
  });
});

test.describe('the task board in the company language', () => {
  test("a German company's task board has German columns and options", async ({ page }) => {
    await loginAs(page, DEMO.owner, '/tasks');
    const grid = page.getByRole('grid', { name: 'Einträge' });
    await expect(grid).toBeVisible({ timeout: 60_000 });
    for (const name of ['Aufgabe', 'Zuständig', 'Fällig am', 'Priorität', 'Aufwand (h)', 'Erledigt']) {
      await expect(page.getByRole('button', { name: `Spalte ${name}`, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Spalte Estimate (h)' })).toHaveCount(0);
    await expect(grid.getByText('Nicht begonnen').first()).toBeVisible();
    await expect(grid.getByText('Not started', { exact: true })).toHaveCount(0);

    // A formula that cannot be read says why, in German too.
    await page.getByRole('columnheader').getByRole('button', { name: 'Eigenschaft hinzufügen' }).click();
    const add = page.getByRole('dialog').filter({ has: page.getByTestId('add-property-form') });
    // Without a name: the app's own German message, not the browser's English bubble.
    await add.getByRole('button', { name: 'Eigenschaft hinzufügen' }).click();
    await expect(page.getByText('Der Name der Eigenschaft darf nicht leer sein')).toBeVisible();
    await add.getByRole('combobox', { name: 'Typ', exact: true }).click();
    await add.getByRole('option', { name: 'Formel', exact: true }).click();
    await add.getByRole('textbox', { name: 'Formel' }).fill('1 # 2');
    await expect(
      add.getByText("Die Formel ist ab Zeichen 3 nicht lesbar: Unerwartetes Zeichen '#'"),
    ).toBeVisible();
    await add.getByRole('textbox', { name: 'Formel' }).fill('1 / 0');
    await expect(add.getByTestId('formula-preview')).toContainText('einen Fehler: Division durch null');
  });
});
