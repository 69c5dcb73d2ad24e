import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { createTask, reloadBoard } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';

/**
 * Mentions in a record's notes (docs/notifications.md): `@` offers the team's names, the keyboard
 * takes one, and the person named hears of it once the notes are saved. Unique names per run.
 */
test.describe('mentions in notes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('@ offers the team, Enter takes a name, and the one named is notified', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    const name = `Mention ${suffix}`;
    await createTask(page.request, token, name);
    await reloadBoard(page, suffix);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    const notes = drawer.getByRole('textbox', { name: 'Notes' });
    await notes.click();
    await notes.pressSequentially('Please check the anchors @ing');
    const names = page.getByRole('listbox', { name: 'People to mention' });
    await expect(names.getByRole('option')).toHaveText(['Ingo Installateur']);
    // The open list passes axe's WCAG A/AA rules, with the notes field that owns it.
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await notes.press('Enter');
    await expect(names).toBeHidden();
    await notes.pressSequentially('today.');
    await expect(notes).toHaveValue('Please check the anchors @Ingo Installateur today.');
    // Escape closes the names, not the drawer; the arrows move the caret again once they are closed.
    await notes.pressSequentially(' @');
    // The team but the writer, who is not told of what they wrote.
    await expect(names.getByRole('option')).toHaveText(['Ingo Installateur', 'Sabine Vertrieb']);
    await notes.press('Escape');
    await expect(names).toBeHidden();
    await expect(drawer).toBeVisible();
    await notes.press('Backspace');
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(drawer).toBeHidden();

    const { token: installerToken } = await apiLogin(page.request, DEMO.installer);
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/notification?limit=50', {
          headers: authHeaders(installerToken),
        });
        const docs = (await res.json()).data.docs as { kind: string; title: string; excerpt: string }[];
        return docs.find((n) => n.kind === 'mentioned' && n.title === name)?.excerpt ?? null;
      })
      .toBe('Please check the anchors @Ingo Installateur today.');
  });
});
