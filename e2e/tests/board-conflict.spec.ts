import type { Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';

/**
 * Two people on one record (docs/board.md, "Two people on one record"): a colleague saves the record
 * Ingo has open in the drawer. What Ingo did not touch shows the colleague's values; a field both
 * changed is marked with the colleague's value, and Ingo keeps his (saving) or takes theirs. Nobody's
 * change is written over unseen, whether the drawer hears of it live (while Ingo types) or, with the
 * live events down, only when its save is refused. Notes the two changed on different lines are merged.
 */
const LIVE = { timeout: 10_000 };

test.describe('two people on one record', () => {
  test.describe.configure({ timeout: 120_000 });

  /** Ingo's board with the colleague's new record open in the drawer; `put` saves as the colleague. */
  async function openRecord(page: Page, options: { live: boolean; notes?: string }) {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Without live events the drawer hears of the colleague's save only when its own is refused.
    if (!options.live) await page.route('**/api/events', (route) => route.abort());
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const { token } = await loginAs(page, DEMO.installer, '/tasks', 'en');
    // Both replacing the same notes is one line changed twice: a conflict, where other lines merge.
    const record = await createTask(page.request, owner.token, {
      taskName: `Conflict ${suffix}`,
      notes: options.notes ?? 'Draft',
    });
    const put = async (data: object) => {
      const res = await page.request.put(`/api/task/update/${record._id}`, {
        headers: authHeaders(owner.token),
        data,
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    const stored = async () => {
      const res = await page.request.get(`/api/task/${record._id}`, { headers: authHeaders(token) });
      return (await res.json()).data as { taskName: string; notes: string };
    };
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search records' }).fill(suffix);
    await page.getByRole('button', { name: `Open Conflict ${suffix}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    await expect(drawer).toBeVisible();
    const name = drawer.getByRole('textbox').first();
    await expect(name).toHaveValue(`Conflict ${suffix}`);
    return {
      suffix,
      id: record._id,
      put,
      stored,
      drawer,
      name,
      notes: drawer.getByRole('textbox', { name: 'Notes' }),
    };
  }

  test("without live events, a save made on a colleague's older values is refused and marked", async ({
    page,
  }) => {
    const { suffix, put, stored, drawer, name, notes } = await openRecord(page, { live: false });
    // Ingo writes notes; meanwhile the colleague renames the record and writes notes of their own.
    await notes.fill('Ingo: customer called back');
    await put({ taskName: `Conflict ${suffix} (signed)`, notes: 'Owner: contract signed' });
    await page.waitForTimeout(1_500);
    await expect(name).toHaveValue(`Conflict ${suffix}`);

    // Saving is refused, and the drawer shows what happened instead of writing over the colleague.
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Someone else changed this record meanwhile').first()).toBeVisible();
    await expect(drawer.getByTestId('record-conflict')).toContainText('Changed meanwhile');
    await expect(drawer.getByTestId('field-conflict')).toHaveCount(1);
    await expect(drawer.getByTestId('field-conflict')).toContainText('Owner: contract signed');
    // The name Ingo left alone is the colleague's now; his notes are still his.
    await expect(name).toHaveValue(`Conflict ${suffix} (signed)`);
    await expect(notes).toHaveValue('Ingo: customer called back');
    expect(await stored()).toMatchObject({ notes: 'Owner: contract signed' });

    // Seen the other notes, Ingo keeps his: the save goes through and the colleague's name stays.
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
    await expect(drawer).toBeHidden();
    expect(await stored()).toEqual(
      expect.objectContaining({
        taskName: `Conflict ${suffix} (signed)`,
        notes: 'Ingo: customer called back',
      }),
    );
  });

  test("live, the open drawer shows a colleague's save while Ingo types, and he takes theirs", async ({
    page,
  }) => {
    const { suffix, put, stored, drawer, name, notes } = await openRecord(page, { live: true });
    await notes.fill('Ingo: second call');
    await put({ taskName: `Conflict ${suffix} (final)`, notes: 'Owner: keep mine' });
    // His cursor stays in the notes: the untouched name follows, the notes are marked.
    await expect(name).toHaveValue(`Conflict ${suffix} (final)`, LIVE);
    await expect(drawer.getByTestId('field-conflict')).toContainText('Owner: keep mine', LIVE);
    await expect(notes).toBeFocused();
    await expect(notes).toHaveValue('Ingo: second call');
    // He takes the colleague's notes: nothing of his is left to save, so the drawer closes unasked.
    await drawer.getByRole('button', { name: 'Take the other value of Notes' }).click();
    await expect(notes).toHaveValue('Owner: keep mine');
    await expect(drawer.getByTestId('record-conflict')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toHaveCount(0);
    expect(await stored()).toEqual(
      expect.objectContaining({ taskName: `Conflict ${suffix} (final)`, notes: 'Owner: keep mine' }),
    );
  });

  test('notes the two changed on different lines are merged while Ingo types', async ({ page }) => {
    const base = 'Roof: south, 35°\nCustomer: call back Monday\nScaffold: not ordered';
    const { put, stored, drawer, notes } = await openRecord(page, { live: true, notes: base });
    await expect(notes).toHaveValue(base);
    // Ingo changes the last line; the colleague saves a change of the first.
    await notes.fill('Roof: south, 35°\nCustomer: call back Monday\nScaffold: ordered for 14.01.');
    await put({ notes: 'Roof: south-west, 35°\nCustomer: call back Monday\nScaffold: not ordered' });
    const both = 'Roof: south-west, 35°\nCustomer: call back Monday\nScaffold: ordered for 14.01.';
    // No conflict to settle: the drawer says both are kept, and shows the merge when asked.
    await expect(drawer.getByRole('status').filter({ hasText: 'Saving keeps both changes' })).toBeVisible(
      LIVE,
    );
    await expect(drawer.getByTestId('field-conflict')).toHaveCount(0);
    await expect(notes).toBeFocused();
    await drawer.getByRole('button', { name: 'Merge now' }).click();
    await expect(notes).toHaveValue(both);
    await expect(drawer.getByTestId('notes-merge')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
    expect((await stored()).notes).toBe(both);
  });

  test('without live events, notes changed on different lines are merged by the save', async ({ page }) => {
    const base = 'Roof: south, 35°\nCustomer: call back Monday';
    const { put, stored, drawer, notes } = await openRecord(page, { live: false, notes: base });
    await notes.fill('Roof: south, 35°\nCustomer: call back Monday\nIngo: measured the roof');
    await put({ notes: 'Roof: south, 30°\nCustomer: call back Monday' });
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
    await expect(drawer).toBeHidden();
    expect((await stored()).notes).toBe(
      'Roof: south, 30°\nCustomer: call back Monday\nIngo: measured the roof',
    );
  });

  test('a record that leaves the view while open stays in the drawer with what Ingo typed', async ({
    page,
  }) => {
    const { suffix, id, put, drawer, name, notes } = await openRecord(page, { live: true });
    await notes.fill('Ingo: typed before it left');
    await drawer.getByRole('heading', { name: 'Task details' }).click();
    // Reading the record on its own answers late, so the board's rows (without it) come first.
    await page.route(`**/api/task/${id}`, async (route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 2_000));
      await route.continue();
    });
    // The colleague's new name no longer matches Ingo's search: the row leaves his board.
    await put({ taskName: `Moved away ${Date.now().toString(36)}` });
    await expect(page.getByRole('button', { name: `Open Conflict ${suffix}` })).toHaveCount(0, LIVE);
    await expect(page.getByTestId('board-row')).toHaveCount(0, LIVE);
    // The drawer stayed, with his notes, and shows the new name once the record is read.
    await expect(name).toHaveValue(/^Moved away /, LIVE);
    await expect(drawer).toBeVisible();
    await expect(notes).toHaveValue('Ingo: typed before it left');
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(page.getByText('Details updated')).toBeVisible();
  });
});
