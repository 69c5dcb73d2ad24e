import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/** The numbers on the cluster bubbles drawn now (German labels: "1.234 Anfragen – hineinzoomen"). */
async function clusterCounts(page: Page): Promise<number[]> {
  const labels = await page
    .getByTestId('map-cluster')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number((label.match(/^[\d.]+/)?.[0] ?? '0').replace(/\./g, '')));
}

/** The zoom of the map, read from the tile addresses (…/{z}/{x}/{y}.png) Leaflet asks for. */
async function tileZoom(page: Page): Promise<number> {
  return page
    .locator('img.leaflet-tile')
    .evaluateAll((imgs) =>
      Math.max(
        0,
        ...imgs.map((img) => Number((img as HTMLImageElement).src.match(/\/(\d+)\/\d+\/\d+\.png/)?.[1] ?? 0)),
      ),
    );
}

test.describe('map clustering in a Web Worker (issue 7)', () => {
  test.beforeEach(() => test.slow());

  test('clusters come from a dedicated worker, and clicking one zooms in', async ({ page }) => {
    // The test machine has no network: tiles fail, their addresses still tell the zoom.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await loginAs(page, DEMO.owner, '/mapview', 'de');
    await expect(page.getByTestId('map-count')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });

    // The clustering runs in the worker: the page has it, and never loaded the in-thread fallback.
    expect(workers.some((url) => /cluster-worker[^/]*\.js/.test(url))).toBe(true);
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/cluster-worker/));
    expect(scripts.filter((url) => url.includes('cluster-index'))).toEqual([]);

    // Clusters carry their size and a label.
    const before = await clusterCounts(page);
    expect(before.length).toBeGreaterThan(0);
    expect(Math.min(...before)).toBeGreaterThan(1);
    const largest = Math.max(...before);
    const zoomBefore = await tileZoom(page);
    expect(zoomBefore).toBeGreaterThan(0);

    // Clicking the largest cluster flies in (the expansion zoom comes from the worker) and splits it.
    const cluster = page.getByTestId('map-cluster').nth(before.indexOf(largest));
    const clicked = await cluster.elementHandle();
    await cluster.click();
    await expect.poll(() => tileZoom(page), { timeout: 15_000 }).toBeGreaterThan(zoomBefore);
    // The clicked bubble is gone: in its place smaller clusters or single points are drawn.
    await expect.poll(() => clicked?.evaluate((el) => el.isConnected)).toBe(false);
    await expect
      .poll(async () => {
        const counts = await clusterCounts(page);
        const points = await page.locator('[data-testid^="map-point-"]').count();
        return points > 0 || (counts.length > 0 && counts.every((n) => n < largest));
      })
      .toBe(true);

    // The keyboard zooms in too: Enter on a cluster.
    const zoomMiddle = await tileZoom(page);
    const next = page.getByTestId('map-cluster').first();
    if ((await next.count()) > 0) {
      await next.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => tileZoom(page), { timeout: 15_000 }).toBeGreaterThan(zoomMiddle);
    }
  });
});
