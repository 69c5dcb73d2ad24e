import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * Error states (issue 9): when a screen's data call fails, the screen says so in an alert with a
 * "Try again" button, and that button loads the data once the server answers again. Each row names
 * the screen's data call and what shows once it has loaded.
 */
const SCREENS = [
  { path: '/dashboard', user: DEMO.owner, call: '**/api/dashboard/stats*', ready: 'stage-count-ACQUISITION' },
  { path: '/listing', user: DEMO.owner, call: '**/api/saved-project/installer/search*', ready: 'cell-stage' },
  { path: '/overview', user: DEMO.owner, call: '**/api/matched/installer/search*', ready: 'kanban-board' },
  { path: '/mapview', user: DEMO.owner, call: '**/api/quote/installer/map-view*', ready: 'map-count' },
  { path: '/product', user: DEMO.owner, call: '**/api/product/v2*', ready: 'product-row' },
  { path: '/profile', user: DEMO.owner, call: '**/api/installer/users*', ready: 'team-table' },
  { path: '/tasks', user: DEMO.owner, call: '**/api/task/filter*', ready: 'board-grid' },
  { path: '/data', user: DEMO.admin, call: '**/api/quote/installer/search*', ready: 'planning-table' },
] as const;

test.describe('error states with retry', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const screen of SCREENS) {
    test(`${screen.path} shows a failed load and recovers with Try again`, async ({ page }) => {
      let failing = true;
      await page.route(screen.call, (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'Something went wrong', errors: {} }),
            })
          : route.continue(),
      );
      await loginAs(page, screen.user, screen.path, 'en');
      const retry = page.getByRole('button', { name: 'Try again' }).first();
      await expect(retry).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('alert').filter({ has: retry }).first()).toBeVisible();
      await expect(page.getByTestId(screen.ready)).toHaveCount(0);
      failing = false;
      // A screen may show more than one failed part (each with its own retry).
      const retries = page.getByRole('button', { name: 'Try again' });
      await expect(async () => {
        if ((await retries.count()) > 0) await retries.first().click({ timeout: 2_000 });
        expect(await retries.count()).toBe(0);
      }).toPass({ timeout: 30_000 });
      await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    });
  }
});
