import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { parseCsv } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { reloadBoard } from '../fixtures/board';

/**
 * CSV export and import of the task board (issue 9): a view's records exported to a file, edited as
 * a spreadsheet user would, imported back through the column mapping with a report of the rejected
 * row, and found on the board with their values. Unique names per run: the server is shared.
 */
test.describe('board CSV', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a board view round-trips through CSV export and import', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The demo company's board is German (its columns and options); the user reads the portal in English.
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    for (const [name, properties] of [
      [`CSV ${suffix} alpha`, { Status: 'In Arbeit', 'Aufwand (h)': 2.5, 'Fällig am': '2026-12-24' }],
      [`CSV ${suffix} beta`, { Status: 'Erledigt', Erledigt: true }],
    ] as const) {
      const res = await page.request.post('/api/task/create', {
        headers: authHeaders(token),
        data: { board: 'tasks', taskName: name, properties: JSON.parse(JSON.stringify(properties)) },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await reloadBoard(page, `CSV ${suffix}`);
    await expect(page.getByRole('button', { name: `Open CSV ${suffix} beta` })).toBeVisible();

    // Export: the current view (the search narrows it to this run's two records).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile((await download.path()) as string, 'utf8');
    const lines = exported
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Aufgabe,Status');
    expect(exported).toContain(`CSV ${suffix} alpha,In Arbeit`);
    expect(exported).toContain('2026-12-24');
    expect(exported).toContain('2.5');

    // Edited in a spreadsheet: renamed copies, and one row with a bad number.
    const edited = `${exported.replaceAll(`CSV ${suffix}`, `Copy ${suffix}`).trimEnd()}\r\n${lines[1]
      ?.replace(`CSV ${suffix} alpha`, `Copy ${suffix} broken`)
      .replace('2.5', 'lots')}\r\n`;
    const file = join(tmpdir(), `board-${suffix}.csv`);
    await writeFile(file, edited);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import tasks from a CSV file' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(dialog.getByText('3 rows found.')).toBeVisible();
    // The columns were matched to the properties of the same name.
    await expect(dialog.getByRole('combobox', { name: 'Property for column Aufgabe' })).toHaveValue(
      'Aufgabe',
    );
    await expect(dialog.getByRole('combobox', { name: 'Property for column Aufwand (h)' })).toHaveValue(
      'Aufwand (h)',
    );
    await dialog.getByRole('button', { name: 'Check 3 rows' }).click();
    const report = dialog.getByTestId('csv-report');
    await expect(report).toContainText('2 rows are ready to import.');
    await expect(report).toContainText('1 row has errors and will be left out.');
    const rejected = dialog.getByRole('table', { name: 'Rows with errors' });
    await expect(rejected.getByRole('row').nth(1)).toContainText('4');
    await expect(rejected.getByRole('row').nth(1)).toContainText('Please enter a number');

    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByText('2 records were imported')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // On the board with the values of the originals.
    await page.getByRole('searchbox', { name: 'Search records' }).fill(`Copy ${suffix}`);
    await expect(page.getByRole('button', { name: `Open Copy ${suffix} alpha` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open Copy ${suffix} beta` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Open Copy ${suffix} broken` })).toHaveCount(0);
    const res = await page.request.post('/api/task/filter?page=1&limit=10', {
      headers: authHeaders(token),
      data: { board: 'tasks', search: `Copy ${suffix}`, sort: [{ column: 'taskName', order: 'asc' }] },
    });
    const tasks = (await res.json()).data.tasks as {
      taskName: string;
      properties: Record<string, { value: unknown }>;
    }[];
    expect(tasks.map((t) => t.taskName)).toEqual([`Copy ${suffix} alpha`, `Copy ${suffix} beta`]);
    expect(tasks[0]?.properties.Status?.value).toBe('In Arbeit');
    expect(tasks[0]?.properties['Aufwand (h)']?.value).toBe(2.5);
    expect(tasks[0]?.properties['Fällig am']?.value).toBe('2026-12-24');
    expect(tasks[1]?.properties.Erledigt?.value).toBe('true');

    // A second export of the copies reads the same as the first, names aside.
    await expect(page.getByRole('button', { name: `Open Copy ${suffix} beta` })).toBeVisible();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const second = await readFile((await again.path()) as string, 'utf8');
    // Every column the user writes reads the same; computed times and authors may differ.
    const columns = ['Aufgabe', 'Status', 'Zuständig', 'Fällig am', 'Priorität', 'Aufwand (h)', 'Erledigt'];
    const pick = (text: string) => {
      const [header, ...rows] = parseCsv(text) as [string[], ...string[][]];
      return rows.map((r) => columns.map((c) => r[header.indexOf(c)]));
    };
    expect(pick(second)).toEqual(pick(exported.replaceAll(`CSV ${suffix}`, `Copy ${suffix}`)));
    expect(pick(second)[0]).toEqual([`Copy ${suffix} alpha`, 'In Arbeit', '', '2026-12-24', '', '2.5', '']);
    expect(pick(second)[1]?.[6]).toBe('yes');
  });

  test('on a phone the column mapping fits the screen and its choices work', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.helios, '/tasks', 'de');
    const file = join(tmpdir(), `board-phone-${Date.now().toString(36)}.csv`);
    await writeFile(
      file,
      'Aufgabe,Status,Aufwand (h),Bemerkung des Kunden zum Dach\r\n' +
        'Dachvermessung Musterstraße 12,In Arbeit,2.5,Ziegel teilweise gebrochen\r\n',
    );

    await page.getByRole('button', { name: 'CSV importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufgaben aus einer CSV-Datei importieren' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(dialog.getByText('1 Zeile gefunden.')).toBeVisible();
    const status = dialog.getByRole('combobox', { name: 'Eigenschaft für Spalte Status' });
    await expect(status).toHaveValue('Status');

    // Nothing scrolls sideways: not the page, not the dialog, not the mapping (each column of the file
    // with its example and the property it fills, below each other).
    const overflow = await page.evaluate(() => {
      const page = document.scrollingElement as HTMLElement;
      const body = document.querySelector<HTMLElement>('[role="dialog"] .mantine-Modal-body');
      const beyond = [...document.querySelectorAll('[role="dialog"] *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      });
      return {
        page: page.scrollWidth - page.clientWidth,
        body: body ? body.scrollWidth - body.clientWidth : -1,
        beyond: beyond.length,
      };
    });
    expect(overflow).toEqual({ page: 0, body: 0, beyond: 0 });
    const combos = dialog.getByRole('combobox', { name: /^Eigenschaft für Spalte/ });
    await expect(combos).toHaveCount(4);
    for (const combo of await combos.all()) {
      const box = await combo.boundingBox();
      expect(box).not.toBeNull();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }

    await expect(dialog.getByText('Beispiel: In Arbeit')).toBeVisible();

    // The choices are usable: the status column is left out by hand, and the check runs.
    await status.click();
    await page.getByRole('option', { name: 'Nicht importieren' }).click();
    await expect(status).toHaveValue('Nicht importieren');
    await dialog.getByRole('button', { name: '1 Zeile prüfen' }).click();
    await expect(dialog.getByTestId('csv-report')).toContainText('1 Zeile ist bereit zum Import.');
  });
});
