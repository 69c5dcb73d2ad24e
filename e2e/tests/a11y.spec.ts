import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';
import { holdRequests } from '../fixtures/network';

/**
 * Accessibility (issue 9): axe-core (WCAG 2 A and AA rules) on every screen of each role, and on
 * open dialogs: no serious or critical violation.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

const ROLES: { name: string; user: string; screens: { path: string; ready: string }[] }[] = [
  {
    name: 'installer admin',
    user: DEMO.owner,
    screens: [
      { path: '/dashboard', ready: 'stage-count-ACQUISITION' },
      { path: '/listing', ready: 'listing-totals' },
      { path: '/mapview', ready: 'map-count' },
      { path: '/overview', ready: 'kanban-board' },
      { path: '/product', ready: 'type-tab-all' },
      { path: '/profile', ready: 'team-table' },
      { path: '/tasks', ready: 'board-grid' },
      { path: '/projects', ready: 'board-grid' },
    ],
  },
  {
    name: 'city administrator',
    user: DEMO.city,
    screens: [
      { path: '/listing', ready: 'listing-totals' },
      { path: '/data', ready: 'status-counts' },
    ],
  },
  { name: 'platform admin', user: DEMO.admin, screens: [{ path: '/data', ready: 'status-counts' }] },
];

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the login screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With its language menu open (hand-made there, without Mantine's popover: issue 7).
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const role of ROLES) {
    test(`every screen of the ${role.name}`, async ({ page }) => {
      await loginAs(page, role.user, role.screens[0]?.path, 'de');
      const found: string[] = [];
      for (const screen of role.screens) {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 60_000 });
        for (const v of await seriousViolations(page)) found.push(`${screen.path}: ${v}`);
      }
      expect(found).toEqual([]);
    });
  }

  test('a loading state: the spinner is a named progress indicator', async ({ page }) => {
    // The constants held back, so the meeting dialog shows its loader for as long as axe needs.
    const { release } = await holdRequests(page, '**/api/constant');
    await loginAs(page, DEMO.owner, '/listing', 'en');
    await page.getByTestId('call-now').click();
    const loader = page.getByRole('dialog').getByRole('progressbar', { name: 'Loading' });
    await expect(loader).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await expect(loader).toHaveCount(0);
  });

  test('the meeting dialog', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/listing', 'en');
    await page.getByTestId('call-now').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The dialog keeps focus inside and gives it back when closed.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('call-now')).toBeFocused();
  });
});
