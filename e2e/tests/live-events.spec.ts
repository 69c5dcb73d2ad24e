import type { Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';
import { apiLogin, assignNewTask, unreadOf } from '../fixtures/notifications';

/**
 * Live events (docs/decisions/0032-live-events.md): what a colleague changes reaches an open board
 * and the bell within seconds, without a reload, while the badge asks by itself only every ten
 * minutes and the board not at all. Nothing is reloaded under the user's hands: a change waits while
 * a field has the focus. Of two tabs only one holds the stream. The waits below (10 s) are far
 * shorter than any polling, so they hold only through the live events.
 */
const LIVE = { timeout: 10_000 };

test.describe('live events', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a colleague's new and renamed records reach an open board, never under the user's hands", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    await loginAs(page, DEMO.installer, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    const search = page.getByRole('searchbox', { name: 'Search records' });
    await search.fill(`Live ${suffix}`);
    await expect(page.getByText('No tasks are available with current filters')).toBeVisible();
    // The user is done typing and looks at the board.
    await search.blur();

    const first = await createTask(page.request, owner.token, `Live ${suffix} one`);
    await expect(page.getByRole('checkbox', { name: `Select Live ${suffix} one` })).toBeVisible(LIVE);

    const renamed = await page.request.put(`/api/task/update/${first._id}`, {
      headers: authHeaders(owner.token),
      data: { taskName: `Live ${suffix} one renamed` },
    });
    expect(renamed.status()).toBe(200);
    await expect(page.getByRole('checkbox', { name: `Select Live ${suffix} one renamed` })).toBeVisible(LIVE);

    // While a field has the focus the board stays as it is; the change shows once the user leaves it.
    await search.focus();
    await createTask(page.request, owner.token, `Live ${suffix} two`);
    await page.waitForTimeout(2_500);
    await expect(page.getByRole('checkbox', { name: `Select Live ${suffix} two` })).toHaveCount(0);
    await search.blur();
    await expect(page.getByRole('checkbox', { name: `Select Live ${suffix} two` })).toBeVisible(LIVE);
  });

  test('the bell of every open tab counts a new assignment at once, with one stream for both tabs', async ({
    context,
    page,
  }) => {
    const streams: Page[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streams.push(request.frame().page());
    });
    const owner = await apiLogin(page.request, DEMO.owner);
    const installer = await apiLogin(page.request, DEMO.installer);
    await loginAs(page, DEMO.installer, '/dashboard', 'en');
    const second = await context.newPage();
    await second.goto('/dashboard');
    const bells = [page, second].map((p) => p.getByTestId('notification-bell'));
    const before = await unreadOf(page.request, installer.token);
    for (const bell of bells) await expect(bell).toHaveAccessibleName(/^Notifications/, { timeout: 60_000 });
    await page.waitForTimeout(1_000);
    expect(streams).toHaveLength(1);

    await assignNewTask(page.request, owner, installer, `Live bell ${Date.now().toString(36)}`);
    const after = await unreadOf(page.request, installer.token);
    expect(after).toBeGreaterThan(before);
    const name = after > 99 ? 'Notifications, more than 99 unread' : `Notifications, ${after} unread`;
    for (const bell of bells) await expect(bell).toHaveAccessibleName(name, LIVE);

    // The tab with the stream closes: the other takes it over and still hears what happens.
    const leader = streams[0] as Page;
    await leader.close();
    const remaining = leader === page ? second : page;
    await expect.poll(() => streams.length, LIVE).toBe(2);
    await assignNewTask(remaining.request, owner, installer, `Live bell again ${Date.now().toString(36)}`);
    const last = await unreadOf(remaining.request, installer.token);
    await expect(remaining.getByTestId('notification-bell')).toHaveAccessibleName(
      last > 99 ? 'Notifications, more than 99 unread' : `Notifications, ${last} unread`,
      LIVE,
    );
  });
});
