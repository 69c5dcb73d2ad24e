import type { Page, Response } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * The map of a set larger than the server sends as points (issue 7): the browser tests' server sends
 * at most 2,000 (MAP_POINT_LIMIT in e2e/scripts/start-e2e-server.mjs), and ADMIN sees all 5,000 demo
 * quotes, so its map draws the server's clusters and asks for the part in view as it zooms in, until
 * the part holds few enough quotes to come as points.
 */

interface MapAnswer {
  data: { ids: string[]; clusters: { zoom: number; count: number[] } | null };
}

const isMapView = (response: Response) =>
  response.url().includes('/api/quote/installer/map-view') && response.request().method() === 'POST';

/** The numbers on the cluster bubbles drawn now (German labels: "1.234 Anfragen – hineinzoomen"). */
async function clusterCounts(page: Page): Promise<number[]> {
  const labels = await page
    .getByTestId('map-cluster')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number((label.match(/^[\d.]+/)?.[0] ?? '0').replace(/\./g, '')));
}

test.describe("the server's map clusters", () => {
  test.beforeEach(() => test.slow());

  test('ADMIN sees every quote in server clusters, and zooming in brings the points of the part in view', async ({
    page,
  }) => {
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const answers: { body: Record<string, unknown>; answer: MapAnswer }[] = [];
    page.on('response', async (response) => {
      if (!isMapView(response)) return;
      answers.push({ body: response.request().postDataJSON(), answer: await response.json() });
    });

    await loginAs(page, DEMO.admin, '/mapview', 'de');
    await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });
    // The whole set came as the server's clusters, and the count stands for all of them.
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    const whole = answers[0]?.answer.data;
    expect(whole?.clusters).not.toBeNull();
    const total = (whole?.clusters?.count ?? []).reduce((a, b) => a + b, 0) + (whole?.ids.length ?? 0);
    expect(total).toBeGreaterThan(2000);
    const badge = await page.getByTestId('map-count').innerText();
    expect(Number(badge.match(/[\d.]+/)?.[0]?.replace(/\./g, ''))).toBeGreaterThan(2000);

    // After the first view is set, the part in view is asked for with its box and zoom.
    await expect
      .poll(() => answers.some((a) => a.body.bbox !== undefined && typeof a.body.zoom === 'number'))
      .toBe(true);

    // Clicking the largest bubble zooms in, until the part in view comes as points.
    for (let step = 0; step < 8; step += 1) {
      if ((await page.locator('[data-testid^="map-point-"]').count()) > 0) break;
      const counts = await clusterCounts(page);
      const largest = page.getByTestId('map-cluster').nth(counts.indexOf(Math.max(...counts)));
      const asked = answers.length;
      await largest.click();
      await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(asked);
      await page.waitForTimeout(600);
    }
    const points = page.locator('[data-testid^="map-point-"]');
    await expect(points.first()).toBeVisible();
    // A point of the server's answer opens its details like any other.
    await points.first().click();
    await expect(page.getByTestId('map-popup')).toBeVisible();
    const last = answers.at(-1)?.answer.data;
    expect(last?.ids.length).toBeGreaterThan(0);
  });
});
