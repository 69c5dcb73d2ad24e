import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';

/**
 * Two people on one record (docs/board.md, "Two people on one record"): a colleague saves the record
 * Ingo has open in the drawer. What Ingo did not touch shows the colleague's values; a field both
 * changed is marked with the colleague's value, and Ingo keeps his (saving) or takes theirs. Nobody's
 * change is written over unseen, whether the drawer heard of it live or only on saving.
 */
const LIVE = { timeout: 10_000 };

test.describe('two people on one record', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a colleague's save while the drawer is open: marked, never written over unseen", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const { token } = await loginAs(page, DEMO.installer, '/tasks', 'en');
    const record = await createTask(page.request, owner.token, `Conflict ${suffix}`);
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
    const notes = drawer.getByRole('textbox', { name: 'Notes' });
    await expect(name).toHaveValue(`Conflict ${suffix}`);

    // Ingo writes notes; meanwhile (his cursor still in the notes, so nothing reloads) the colleague
    // renames the record and writes notes of their own.
    await notes.fill('Ingo: customer called back');
    await put({ taskName: `Conflict ${suffix} (signed)`, notes: 'Owner: contract signed' });

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
      expect.objectContaining({ taskName: `Conflict ${suffix} (signed)`, notes: 'Ingo: customer called back' }),
    );

    // Again, but this time Ingo looks up from the notes: the live event shows the change at once.
    await page.getByRole('button', { name: `Open Conflict ${suffix} (signed)` }).click();
    await expect(drawer).toBeVisible();
    await notes.fill('Ingo: second call');
    await drawer.getByRole('heading', { name: 'Task details' }).click();
    await put({ taskName: `Conflict ${suffix} (final)`, notes: 'Owner: keep mine' });
    await expect(name).toHaveValue(`Conflict ${suffix} (final)`, LIVE);
    await expect(drawer.getByTestId('field-conflict')).toContainText('Owner: keep mine');
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
});
