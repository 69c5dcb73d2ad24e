import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { createTask } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';
import { newColleague } from '../fixtures/users';

/**
 * Presence (docs/decisions/0034-presence.md): who of the company is on the board shows beside its
 * title, and who has the same record open shows in the drawer, within seconds of their coming and
 * going; the waits (10 s) are shorter than a heartbeat's minute of grace, so they hold only through
 * the live events and the goodbye.
 */
const LIVE = { timeout: 10_000 };

test.describe('presence', () => {
  test.describe.configure({ timeout: 120_000 });

  test('colleagues on the board and on the same record show, and go when they leave', async ({
    browser,
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const record = await createTask(page.request, owner.token, `Presence ${suffix}`);
    await loginAs(page, DEMO.installer, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    // The record is among Ingo's loaded rows (a board of more than 1,000 would load it only on
    // scrolling), so his board can name it.
    await page.getByRole('searchbox', { name: 'Search records' }).fill(suffix);
    await expect(page.getByRole('button', { name: `Open Presence ${suffix}` })).toBeVisible();
    const faces = page.getByRole('group', { name: /^Also on this board:/ });

    // A colleague of his own for this test opens the record on her board, in a browser of her own
    // (the demo users are on the board in other specs at the same time, so their faces come and go
    // with those specs).
    const name = `Pia Presence${suffix}`;
    const email = await newColleague(
      page.request,
      {
        role: 'INSTALLER',
        firstName: 'Pia',
        lastName: `Presence${suffix}`,
      },
      { seenTour: true },
    );
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const pia = await other.newPage();
    await loginAs(pia, email, `/tasks?record=${record._id}`, 'de');
    await expect(pia.getByTestId('record-drawer')).toBeVisible({ timeout: 60_000 });

    await expect(faces).toHaveAccessibleName(new RegExp(name), LIVE);
    const face = faces.getByRole('img', { name: new RegExp(name) }).or(faces.getByLabel(new RegExp(name)));
    await expect(face.first()).toHaveAttribute('aria-label', `${name} has “Presence ${suffix}” open`, LIVE);

    // Ingo opens the same record: his drawer says Pia has it open too, and hers says Ingo.
    await page.getByRole('button', { name: `Open Presence ${suffix}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    await expect(drawer.getByTestId('record-presence')).toHaveText(
      `${name} also has this record open.`,
      LIVE,
    );
    await expect(pia.getByTestId('record-presence')).toHaveText(
      /^Ingo \S+ hat diesen Datensatz auch offen\.$/,
      LIVE,
    );
    expect(await seriousViolations(page, '[data-testid="board-presence"]')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid="record-presence"]')).toEqual([]);

    // Pia closes the record: still on the board, no longer on the record.
    await pia.getByRole('button', { name: 'Schließen' }).click();
    await expect(drawer.getByTestId('record-presence')).toHaveCount(0, LIVE);
    await expect(face.first()).toHaveAttribute('aria-label', `${name} is looking at the board`, LIVE);

    // She leaves the board: she is gone from Ingo's at once, not a minute later.
    await pia.goto('/dashboard');
    await expect(face).toHaveCount(0, LIVE);
    await other.close();
  });
});
