import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, reloadBoard } from '../fixtures/board';

/**
 * Board QA (h7): the task-set modal says how many tasks a set keeps (at most 200 of the view's), the CSV
 * import's report fits a phone, and a selected view tab off to the side is scrolled into sight.
 * Unique names per run: the server is shared by parallel workers.
 */

test.describe('task sets keep at most 200 tasks, and say so', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the modal tells how many tasks the set holds, and the toast how many were saved', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    try {
      // The demo view holds hundreds of tasks: only the first 200 are kept, and the modal says so first.
      const all = await page.request.post('/api/task/filter?page=1&limit=1', {
        headers: authHeaders(token),
        data: { board: 'tasks', filters: [], sort: [] },
      });
      const total = (await all.json()).data.pagination.total as number;
      expect(total).toBeGreaterThan(200);

      await page.getByRole('button', { name: 'Task sets' }).click();
      const modal = page.getByRole('dialog', { name: 'Task set templates' });
      await modal.getByRole('button', { name: 'Save new task set' }).click();
      const hint = modal.getByTestId('template-save-hint');
      await expect(hint).toContainText(/The current view shows \d+ tasks, and a task set holds at most 200/);
      await expect(hint).toContainText('only the first 200');
      const big = `QA h7 big ${suffix}`;
      await modal.getByRole('textbox', { name: 'Template name' }).fill(big);
      await modal.getByRole('button', { name: 'Save task set' }).click();
      await expect(page.getByText(`Template saved as ${big} with 200 tasks`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      // A view of two tasks: the modal names both, and the set holds both.
      await createTask(page.request, token, `QA h7 ${suffix} one`);
      await createTask(page.request, token, `QA h7 ${suffix} two`);
      await reloadBoard(page, `QA h7 ${suffix}`);
      await expect(page.getByRole('button', { name: `Open QA h7 ${suffix} two` })).toBeVisible();
      await page.getByRole('button', { name: 'Task sets' }).click();
      await modal.getByRole('button', { name: 'Save new task set' }).click();
      await expect(hint).toHaveText(
        'The 2 tasks of the current view (with its filters) are saved as a template.',
      );
      const small = `QA h7 small ${suffix}`;
      await modal.getByRole('textbox', { name: 'Template name' }).fill(small);
      await modal.getByRole('button', { name: 'Save task set' }).click();
      await expect(page.getByText(`Template saved as ${small} with 2 tasks`)).toBeVisible();
    } finally {
      const list = await page.request.post('/api/task-templates/list', {
        headers: authHeaders(token),
        data: { page: 1, limit: 100 },
      });
      const ids = ((await list.json()).data.docs as { _id: string; name: string }[])
        .filter((t) => t.name.includes(suffix))
        .map((t) => t._id);
      if (ids.length)
        await page.request.post('/api/task-templates/delete', {
          headers: authHeaders(token),
          data: { templateIds: ids },
        });
    }
  });
});

test.describe('board on a phone', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 375, height: 800 } });

  test("the CSV import's report of rejected rows fits the dialog", async ({ page }) => {
    await loginAs(page, DEMO.helios, '/tasks', 'de');
    const file = join(tmpdir(), `board-h7-${Date.now().toString(36)}.csv`);
    await writeFile(
      file,
      'Aufgabe,Status,Aufwand (h),Bemerkung des Kunden zum Dach\r\n' +
        'Dachvermessung Musterstraße 12,In Arbeit,viel,Ziegel teilweise gebrochen\r\n',
    );
    await page.getByRole('button', { name: 'CSV importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufgaben aus einer CSV-Datei importieren' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(dialog.getByText('1 Zeile gefunden.')).toBeVisible();
    await dialog.getByRole('button', { name: '1 Zeile prüfen' }).click();
    await expect(dialog.getByTestId('csv-report')).toContainText('1 Zeile hat Fehler');

    // Nothing in the dialog scrolls sideways, and nothing reaches past the screen.
    const overflow = await page.evaluate(() => {
      const page = document.scrollingElement as HTMLElement;
      const inside = [...document.querySelectorAll<HTMLElement>('[role="dialog"] *')].filter(
        (el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1,
      );
      const beyond = [...document.querySelectorAll('[role="dialog"] *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      });
      return {
        page: page.scrollWidth - page.clientWidth,
        scrolling: inside.map((el) => el.className || el.tagName),
        beyond: beyond.length,
      };
    });
    expect(overflow).toEqual({ page: 0, scrolling: [], beyond: 0 });
    // Each error is one block: the row, the property and the problem, readable without scrolling.
    const rejected = dialog.getByRole('list', { name: 'Zeilen mit Fehlern' });
    await expect(rejected.getByRole('listitem')).toHaveCount(1);
    await expect(rejected.getByRole('listitem')).toContainText('Zeile 2 · Aufwand (h)');
    await expect(rejected.getByRole('listitem')).toContainText('Zahl');
  });

  test('a selected view tab off to the side of the strip is scrolled into sight', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.installer, '/tasks', 'de');
    await expect(page.getByTestId('view-tabs')).toBeVisible({ timeout: 60_000 });
    const created: string[] = [];
    try {
      for (let i = 1; i <= 4; i += 1) {
        const res = await page.request.post('/api/view/create', {
          headers: authHeaders(token),
          data: { board: 'tasks', name: `Lange Ansicht ${i} ${suffix}`, viewType: 'table' },
        });
        expect(res.status(), await res.text()).toBe(200);
        created.push((await res.json()).data._id);
      }
      const last = created[created.length - 1] as string;
      // The last view was chosen before the reload.
      await page.evaluate((id) => localStorage.setItem('board-view:tasks', JSON.stringify(id)), last);
      await page.reload();
      const tab = page.getByRole('tab', { name: `Lange Ansicht 4 ${suffix}` });
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
      const fit = await tab.evaluate((el) => {
        const strip = el.closest('.mantine-ScrollArea-viewport') as HTMLElement;
        const s = strip.getBoundingClientRect();
        const b = el.getBoundingClientRect();
        return {
          scrollable: strip.scrollWidth > strip.clientWidth,
          inside: b.left >= s.left - 1 && b.right <= s.right + 1,
        };
      });
      expect(fit).toEqual({ scrollable: true, inside: true });
    } finally {
      for (const id of created)
        await page.request.delete(`/api/view/delete/${id}`, { headers: authHeaders(token) });
    }
  });
});
