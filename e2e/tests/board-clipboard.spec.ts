import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks, reloadBoard } from '../fixtures/board';

/**
 * Copy and paste on the board's grid (docs/board.md, "Copy and paste") with the real clipboard and
 * keyboard: a cell copied, a block pasted from a spreadsheet refused whole when one cell does not fit,
 * pasted when all do and undone with Ctrl+Z, one value filled into the selected records, and the
 * selected records copied as lines. Unique names per run: the server is shared.
 */
test.describe('board clipboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('cells copy and paste like a spreadsheet: all or none, undone with Ctrl+Z, filled into a selection', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The demo company's board is German (its columns and options); the user reads the portal in English.
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const names = ['a', 'b', 'c'].map((n) => `Clip ${suffix} ${n}`);
    await createTask(page.request, token, {
      taskName: names[0],
      properties: { Status: 'In Arbeit', 'Aufwand (h)': 2 },
    });
    await createTask(page.request, token, { taskName: names[1], properties: { Status: 'In Arbeit' } });
    await createTask(page.request, token, { taskName: names[2], properties: { Status: 'In Arbeit' } });
    await reloadBoard(page, `Clip ${suffix}`);
    const rowOf = (name: string) => page.getByTestId('board-row').filter({ hasText: name });
    await expect(page.getByTestId('board-row')).toHaveCount(3);
    const values = async (key: string) => {
      const tasks = (await findTasks(page.request, token, `Clip ${suffix}`)) as unknown as {
        taskName: string;
        properties: Record<string, { value: unknown }>;
      }[];
      return names.map((n) => tasks.find((x) => x.taskName === n)?.properties[key]?.value ?? null);
    };
    const clipboard = {
      write: (text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text),
      read: () => page.evaluate(() => navigator.clipboard.readText()),
    };
    const grid = page.getByTestId('board-grid');

    // Copy: the active cell's value as a spreadsheet reads it.
    await rowOf(names[0] as string)
      .locator('[data-column="Aufwand (h)"]')
      .click();
    await expect(grid).toBeFocused();
    await page.keyboard.press('ControlOrMeta+c');
    await expect.poll(clipboard.read).toBe('2');

    // A column from a spreadsheet with one value that is no number: nothing is written, and the toast
    // names the record and the property of the cell that does not fit.
    await clipboard.write('3,5\r\nlots\r\n');
    await page.keyboard.press('ControlOrMeta+v');
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was pasted' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`“${names[1]}” · Aufwand (h):`);
    expect(await values('Aufwand (h)')).toEqual([2, null, null]);
    await refusal.getByRole('button', { name: 'Close' }).click();
    await rowOf(names[0] as string)
      .locator('[data-column="Aufwand (h)"]')
      .click();
    await expect(grid).toBeFocused();

    // Both fit: both are written (the German decimal comma and the English point), and Ctrl+Z puts
    // them back.
    await clipboard.write('3,5\n1.5');
    await page.keyboard.press('ControlOrMeta+v');
    await expect(page.getByText('2 cells were pasted')).toBeVisible();
    await expect(rowOf(names[0] as string).locator('[data-column="Aufwand (h)"]')).toHaveText('3.50');
    await expect(rowOf(names[1] as string).locator('[data-column="Aufwand (h)"]')).toHaveText('1.50');
    expect(await values('Aufwand (h)')).toEqual([3.5, 1.5, null]);
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByText('Undone: paste into 2 cells')).toBeVisible();
    await expect.poll(() => values('Aufwand (h)')).toEqual([2, null, null]);
    await expect(rowOf(names[1] as string).locator('[data-column="Aufwand (h)"]')).toHaveText('');

    // One value pasted while records are selected goes into the active column of each of them.
    await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
    await rowOf(names[1] as string)
      .locator('[data-column="Priorität"]')
      .click();
    await expect(grid).toBeFocused();
    await clipboard.write('hoch');
    await page.keyboard.press('ControlOrMeta+v');
    await expect(page.getByText('2 cells were pasted')).toBeVisible();
    // The option is matched by its label, ignoring case.
    await expect.poll(() => values('Priorität')).toEqual([null, 'Hoch', 'Hoch']);

    // The selected records copy as lines of their shown cells.
    await page.keyboard.press('ControlOrMeta+c');
    await expect(page.getByText('2 records copied')).toBeVisible();
    const lines = (await clipboard.read()).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split('\t')).toEqual(expect.arrayContaining([names[1], 'In Arbeit', 'Hoch']));
    expect(lines[1]?.split('\t')).toEqual(expect.arrayContaining([names[2], 'In Arbeit', 'Hoch']));
  });
});
