import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * Every screen at 375, 786, 1024 and 1440 px (issue 9): nothing widens the page (tables, boards
 * and maps scroll inside themselves) and the sidebar rule of SPEC §2 holds (hidden under 787 px).
 * The 1440 and 375 px screenshots become the README's pictures (docs/screenshots), so they are
 * always taken from the current demo data.
 */
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');
const WIDTHS = [375, 786, 1024, 1440] as const;
const SCREENS: { name: string; path: string; user: string; ready: string }[] = [
  { name: 'dashboard', path: '/dashboard', user: DEMO.owner, ready: 'stage-count-ACQUISITION' },
  { name: 'listing', path: '/listing', user: DEMO.owner, ready: 'listing-row' },
  { name: 'map', path: '/mapview', user: DEMO.owner, ready: 'map-count' },
  { name: 'overview', path: '/overview', user: DEMO.owner, ready: 'kanban-board' },
  { name: 'products', path: '/product', user: DEMO.owner, ready: 'type-tab-all' },
  { name: 'profile', path: '/profile', user: DEMO.owner, ready: 'team-table' },
  { name: 'tasks', path: '/tasks', user: DEMO.owner, ready: 'board-grid' },
  { name: 'projects', path: '/projects', user: DEMO.owner, ready: 'board-grid' },
  { name: 'planning-data', path: '/data', user: DEMO.admin, ready: 'status-counts' },
];

test.describe('every screen at every width', () => {
  test.describe.configure({ timeout: 240_000 });
  mkdirSync(SHOTS, { recursive: true });

  for (const screen of SCREENS) {
    test(`${screen.name}: no page overflow, the sidebar rule, screenshots`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await loginAs(page, screen.user, screen.path, 'de');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 60_000 });
        // The map's markers are those of the view shown (clustered in its worker after the first fit).
        if (screen.name === 'map')
          await expect(page.getByTestId('quote-map')).toHaveAttribute('data-settled', 'true');
        if (width < 787) {
          await expect(page.getByTestId('mobile-menu-button')).toBeVisible();
          await expect(page.getByTestId('sidebar')).toBeHidden();
          // The header's "new project" button shows its icon alone there, in a square like its neighbours.
          const button = await page.getByTestId('new-project').boundingBox();
          expect(button, 'the new-project button').not.toBeNull();
          expect(Math.abs((button?.width ?? 0) - (button?.height ?? 1))).toBeLessThanOrEqual(1);
        } else {
          await expect(page.getByTestId('sidebar')).toBeVisible();
        }
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
            message: `${screen.path} at ${width} px is wider than the window`,
          })
          .toBeLessThanOrEqual(0);
        if (width === 1440 || width === 375) {
          await page.screenshot({ path: join(SHOTS, `${screen.name}-${width}.png`) });
        }
      }
    });
  }

  test('the header keeps its search usable and every button on screen beside an open sidebar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/listing', 'es');
    const header = page.locator('header');
    const search = page.getByTestId('address-search');
    // Spanish has the longest view names; the listing's is the longest of them.
    for (const language of ['es', 'de']) {
      await page.evaluate((lang) => window.localStorage.setItem('preferredLanguage', lang), language);
      for (const width of [787, 900, 1024, 1240, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/listing');
        await expect(page.getByTestId('listing-row').first()).toBeVisible({ timeout: 60_000 });
        await expect(page.getByTestId('sidebar')).toBeVisible();
        const at = `${language} at ${width} px`;
        expect(await header.evaluate((h) => h.scrollWidth - h.clientWidth), at).toBeLessThanOrEqual(0);
        expect((await search.boundingBox())?.width ?? 0, at).toBeGreaterThanOrEqual(200);
        for (const id of ['new-project', 'user-panel-link', 'notification-bell', 'help-link']) {
          await expect(page.getByTestId(id), `${id}, ${at}`).toBeInViewport({ ratio: 1 });
        }
        // The button's label shows where the search keeps room beside it (wide windows).
        const button = await page.getByTestId('new-project').boundingBox();
        expect((button?.width ?? 0) > (button?.height ?? 0) + 1, at).toBe(width >= 1240);
      }
    }
  });

  test('the task-set slider shows 3 cards on a desktop, 2 on a tablet and 1 on a phone, its actions whole', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'de');
    // At least three task sets to slide through.
    for (let i = 0; i < 3; i++) {
      const res = await page.request.post('/api/task-templates/create', {
        headers: authHeaders(token),
        data: { name: `Slider ${Date.now().toString(36)} ${i}`, filterData: {} },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    for (const [width, cards] of [
      [1440, 3],
      [786, 2],
      [375, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/tasks');
      await page.getByRole('button', { name: 'Aufgabenvorlagen' }).click();
      const slider = page.getByTestId('template-slider');
      await expect(slider).toBeVisible({ timeout: 30_000 });
      await expect(slider).toHaveAttribute('data-per-view', String(cards));
      await expect(slider.getByTestId('template-card')).toHaveCount(cards);
      for (const card of await slider.getByTestId('template-card').all()) await expect(card).toBeInViewport();
      // Every action's label whole: the longest one wraps on a phone instead of losing its end.
      const cut = await page
        .getByRole('dialog')
        .locator('.mantine-Button-label')
        .evaluateAll((labels) =>
          labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
        );
      expect(cut, `at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});
