import type { Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { reloadBoard } from '../fixtures/board';
import { apiLogin, assignNewTask, unreadOf } from '../fixtures/notifications';

/**
 * In-app notifications (docs/notifications.md): a task assigned on the board reaches the assignee's
 * bell, the panel names who assigned what, a click opens the record's drawer and marks it read, and
 * "Mark all as read" clears the badge. The demo data and other tests notify the demo users too, so
 * counts are read from the API first and the assertions are relative to them. Unique names per run.
 */
/** Where the panel's screenshots go when asked for (`NOTIFICATION_SHOTS=/tmp`), to look at them. */
const SHOTS = process.env.NOTIFICATION_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the bell is called with `unread` notifications unread, in German. */
const germanBell = (unread: number) =>
  unread === 0
    ? 'Benachrichtigungen'
    : unread > 99
      ? 'Benachrichtigungen, mehr als 99 ungelesen'
      : `Benachrichtigungen, ${unread} ungelesen`;

test.describe('in-app notifications', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an assigned task reaches the assignee: badge, panel, the record, read', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const installer = await apiLogin(page.request, DEMO.installer);
    const before = await unreadOf(page.request, installer.token);
    const name = `Glocke ${suffix}`;
    const recordId = await assignNewTask(page.request, owner, installer, name);
    await expect.poll(() => unreadOf(page.request, installer.token)).toBeGreaterThan(before);

    await loginAs(page, DEMO.installer, '/dashboard', 'de');
    const bell = page.getByTestId('notification-bell');
    // The count the server has now (the demo's and other tests' notifications are among them).
    const unread = await unreadOf(page.request, installer.token);
    expect(unread).toBeGreaterThanOrEqual(before + 1);
    await expect(bell).toHaveAccessibleName(germanBell(unread));
    await expect(page.getByTestId('notification-badge')).toHaveText(unread > 99 ? '99+' : String(unread));

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(panel).toBeVisible();
    const entry = panel.getByRole('link', {
      name: new RegExp(`^Stefan Sonnenbau hat Ihnen „${escapeRegExp(name)}“ zugewiesen`),
    });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('Zuständig · Aufgabenboard');
    await expect(entry).toContainText(/jetzt|vor \d+ Minuten?/);
    await expect(entry).toContainText('Ungelesen');
    // The newest comes first.
    await expect(panel.getByTestId('notification').first()).toContainText(name);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'notifications-de-1440');

    // Only the unread ones: the new one is among them.
    await panel.getByRole('radiogroup', { name: 'Anzeigen' }).getByText('Ungelesen').click();
    await expect(entry).toBeVisible();

    // A click opens the board with the record's drawer, and the notification is read.
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?record=${recordId}$`));
    await expect(panel).toBeHidden();
    const drawer = page.getByRole('dialog', { name: 'Aufgabendetails' });
    await expect(drawer.getByRole('textbox', { name: 'Aufgabe' })).toHaveValue(name, { timeout: 60_000 });
    await expect(bell).toHaveAccessibleName(germanBell(unread - 1));
    await expect.poll(() => unreadOf(page.request, installer.token)).toBe(unread - 1);
    // Closing the drawer takes the link out of the address, without a new history entry.
    await drawer.getByRole('button', { name: 'Schließen' }).first().click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/tasks$/);

    // The entry is read now; "Mark all as read" clears the badge.
    await bell.click();
    await expect(panel).toBeVisible();
    const read = panel.getByRole('link', { name: new RegExp(`„${escapeRegExp(name)}“`) });
    await expect(read).toBeVisible();
    await expect(read).not.toContainText('Ungelesen');
    const markAll = panel.getByRole('button', { name: 'Alle als gelesen markieren' });
    if (unread - 1 > 0) {
      await markAll.click();
    }
    await expect(markAll).toBeDisabled();
    await expect(bell).toHaveAccessibleName('Benachrichtigungen');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect.poll(() => unreadOf(page.request, installer.token)).toBe(0);
    await panel.getByRole('radiogroup', { name: 'Anzeigen' }).getByText('Ungelesen').click();
    await expect(panel.getByTestId('notifications-empty')).toContainText(
      'Keine ungelesenen Benachrichtigungen',
    );
    await shoot(page, 'notifications-de-1440-none-unread');

    // Escape closes the panel and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test('on a phone in English: the panel is a drawer, older ones load on request', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const installer = await apiLogin(page.request, DEMO.installer);
    // More than a page of notifications (twenty): the last one made is the one to open.
    let name = '';
    let recordId = '';
    for (let i = 0; i < 21; i++) {
      name = `Bell ${suffix} ${i}`;
      recordId = await assignNewTask(page.request, owner, installer, name);
    }
    const unread = await unreadOf(page.request, installer.token);
    expect(unread).toBeGreaterThanOrEqual(21);

    await loginAs(page, DEMO.installer, '/dashboard', 'en');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(
      unread > 99 ? 'Notifications, more than 99 unread' : `Notifications, ${unread} unread`,
    );
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const entries = panel.getByTestId('notification');
    await expect(entries).toHaveCount(20);
    const entry = panel.getByRole('link', {
      name: new RegExp(`^Stefan Sonnenbau assigned you “${escapeRegExp(name)}”`),
    });
    await expect(entry).toContainText('Zuständig · Tasks board');
    await expect(entry).toContainText(/now|\d+ minutes? ago/);
    // The panel fills the phone's width.
    const box = await panel.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(370);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'notifications-en-375');

    await panel.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(20);
    await expect(panel.getByText(`“Bell ${suffix} 0”`, { exact: false })).toBeVisible();

    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?record=${recordId}$`));
    const drawer = page.getByRole('dialog', { name: 'Task details' });
    await expect(drawer.getByRole('textbox', { name: 'Aufgabe' })).toHaveValue(name, { timeout: 60_000 });
    await expect(bell).toHaveAccessibleName(
      unread - 1 > 99 ? 'Notifications, more than 99 unread' : `Notifications, ${unread - 1} unread`,
    );
  });

  test('the panel shows its loading, a failed load with retry, and recovers', async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/notification',
      async (route) => {
        if (!failing) return route.continue();
        await released;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Something went wrong', errors: {} }),
        });
      },
    );
    await loginAs(page, DEMO.installer, '/dashboard', 'de');
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(panel.getByRole('status')).toHaveText('Benachrichtigungen werden geladen');
    release();
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('Die Benachrichtigungen konnten nicht geladen werden.');
    failing = false;
    await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(panel.getByTestId('notification').first()).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('the e-mail setting is saved at once and keeps the other details', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.sales, '/profile', 'de');
    const profile = async () =>
      (await (await page.request.get('/api/user', { headers: authHeaders(token) })).json()).data.user as {
        notifyByEmail: boolean;
        phone: string;
        address: string;
        firstName: string;
      };
    const start = await profile();
    const setting = page.getByRole('switch', { name: 'Benachrichtigungen auch per E-Mail erhalten' });
    await expect(setting).toBeChecked({ checked: start.notifyByEmail });
    await setting.click();
    await expect(page.getByText(/Sie erhalten Benachrichtigungen jetzt/)).toBeVisible();
    await expect.poll(async () => (await profile()).notifyByEmail).toBe(!start.notifyByEmail);
    const changed = await profile();
    expect([changed.firstName, changed.phone, changed.address]).toEqual([
      start.firstName,
      start.phone,
      start.address,
    ]);
    await page.reload();
    await expect(setting).toBeChecked({ checked: !start.notifyByEmail });
    await setting.click();
    await expect.poll(async () => (await profile()).notifyByEmail).toBe(start.notifyByEmail);

    // The panel's settings link leads to this card.
    await page.goto('/dashboard');
    await page.getByTestId('notification-bell').click();
    await page.getByRole('link', { name: 'E-Mail-Benachrichtigungen einstellen' }).click();
    await expect(page).toHaveURL(/\/profile#notification-settings$/);
    await expect(setting).toBeInViewport();
  });

  test('opening a record on the board reads its notification, as opening the notification does', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const suffix = Date.now().toString(36);
    const owner = await apiLogin(page.request, DEMO.owner);
    const installer = await apiLogin(page.request, DEMO.installer);
    const name = `Offen ${suffix}`;
    const recordId = await assignNewTask(page.request, owner, installer, name);
    const unreadOfRecord = async () => {
      const res = await page.request.get('/api/notification?unread=true&limit=50', {
        headers: authHeaders(installer.token),
      });
      return ((await res.json()).data.docs as { recordId: string | null }[]).filter(
        (n) => n.recordId === recordId,
      ).length;
    };
    await expect.poll(unreadOfRecord).toBe(1);
    await loginAs(page, DEMO.installer, '/tasks', 'en');
    await reloadBoard(page, suffix);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Task details' })).toBeVisible();
    await expect.poll(unreadOfRecord).toBe(0);
  });

  test('platform users have no bell and never ask for notifications', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/notification')) asked.push(request.url());
    });
    await loginAs(page, DEMO.admin, '/dashboard', 'de');
    // The header is there (the bell would be beside the help link).
    await expect(page.getByTestId('help-link')).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByTestId('section-personal')).toBeVisible();
    await expect(page.getByTestId('section-notifications')).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});
