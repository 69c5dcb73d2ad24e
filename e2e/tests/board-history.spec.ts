import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { createTask, reloadBoard } from '../fixtures/board';
import { apiLogin } from '../fixtures/notifications';

/**
 * A record's history in its drawer (docs/board.md "A record's history"): who made it and changed
 * which values from what to what, newest first, in the reader's language; a change made in the
 * drawer shows the next time it opens. Unique names per run: the server is shared.
 */
test.describe("a record's history", () => {
  test.describe.configure({ timeout: 180_000 });

  test('the drawer tells who changed which value from what to what', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    const name = `History ${suffix}`;
    const task = await createTask(page.request, token, name);
    const res = await page.request.put(`/api/task/update/${task._id}`, {
      headers: authHeaders(token),
      data: { properties: { Status: 'In Arbeit', 'Aufwand (h)': 2.5 } },
    });
    expect(res.status()).toBe(200);
    await reloadBoard(page, suffix);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    const history = drawer.getByTestId('record-history');
    await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
    const events = history.getByTestId('history-event');
    await expect(events).toHaveCount(2);
    // Newest first: the values, then the making of the record.
    await expect(events.nth(0)).toContainText('Status: (empty) → In Arbeit');
    await expect(events.nth(0)).toContainText('Aufwand (h): (empty) → 2.50');
    await expect(events.nth(0)).toContainText('Hanna');
    await expect(events.nth(1)).toContainText('created the record');

    // A change made in the drawer is there the next time it opens.
    await drawer.getByRole('textbox', { name: 'Notes' }).fill('Call the customer first');
    await drawer.getByRole('button', { name: 'Update Details' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect(events).toHaveCount(3);
    await expect(events.nth(0)).toContainText('Notes: (empty) → Call the customer first');

    // The board's activity: the latest changes of every record, each naming its record. A record the
    // view does not show (the search hides it here) opens from there too.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search records' }).fill(`nothing ${suffix}`);
    await expect(page.getByTestId('board-row')).toHaveCount(0);
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    const latest = activity.getByTestId('history-event').first();
    await expect(latest).toContainText('Notes: (empty) → Call the customer first');
    await latest.getByRole('button', { name }).click();
    await expect(activity).toBeHidden();
    // The demo board's columns are German (its title column is "Aufgabe").
    await expect(drawer.getByRole('textbox', { name: 'Aufgabe' })).toHaveValue(name);
    await expect(events).toHaveCount(3);
    await drawer.getByRole('button', { name: 'Close' }).click();

    // In German.
    await page.evaluate(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
    await page.getByRole('button', { name: `${name} öffnen` }).click();
    const verlauf = page.getByTestId('record-history');
    await expect(verlauf.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
    await expect(verlauf.getByTestId('history-event').nth(1)).toContainText('Aufwand (h): (leer) → 2,50');
    await expect(verlauf.getByTestId('history-event').nth(2)).toContainText('hat den Eintrag angelegt');
  });
});

test.describe('the board activity filters', () => {
  test.describe.configure({ timeout: 120_000 });

  test("narrow the activity to one person's changes of a period", async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.setViewportSize({ width: 1280, height: 800 });
    const owner = await apiLogin(page.request, DEMO.owner);
    const name = `Filtered ${suffix}`;
    await createTask(page.request, owner.token, name);
    // A later entry by the same person, as other specs running at the same time make.
    await createTask(page.request, owner.token, `Later ${suffix}`);
    const ownerName = `${owner.user.firstName} ${owner.user.lastName}`;
    await loginAs(page, DEMO.installer, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    await expect(activity.getByTestId('history-event').first()).toBeVisible();

    await activity.getByRole('combobox', { name: 'Person' }).click();
    await activity.getByRole('option', { name: ownerName }).click();
    await activity.getByRole('combobox', { name: 'Period' }).click();
    const narrowed = page.waitForResponse(
      (r) =>
        r.url().includes('/api/task/activity?') && r.url().includes('userId=') && r.url().includes('since='),
    );
    await activity.getByRole('option', { name: 'Today' }).click();
    await narrowed;
    const events = activity.getByTestId('history-event');
    // Other specs edit the board as the same owner at the same time: the record's entry need not be
    // the newest, nor on the first page, but it is listed (once), and every entry listed is theirs.
    const mine = events.filter({ hasText: name });
    await expect(async () => {
      const older = activity.getByRole('button', { name: 'Show older changes' });
      if ((await mine.count()) === 0 && (await older.isVisible())) await older.click();
      await expect(mine).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    for (const text of await events.allTextContents()) expect(text).toContain(ownerName);

    // A choice nothing matches says so.
    await activity.getByRole('combobox', { name: 'Period' }).click();
    await activity.getByRole('option', { name: 'Last 30 days' }).click();
    await expect(events.first()).toContainText(ownerName);
    await page.route('**/api/task/activity?*', (route) =>
      route.fulfill({ json: { data: { events: [], nextCursor: null } } }),
    );
    await activity.getByRole('combobox', { name: 'Period' }).click();
    await activity.getByRole('option', { name: 'Today' }).click();
    await expect(activity.getByText('No changes match this choice.')).toBeVisible();
  });
});
