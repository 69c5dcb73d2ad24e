import type { APIRequestContext } from '@playwright/test';
import { type MapPoint, mapPointsOf } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

async function mapPoints(request: APIRequestContext, token: string): Promise<MapPoint[]> {
  const res = await request.post('/api/quote/installer/map-view', { headers: authHeaders(token), data: {} });
  expect(res.status()).toBe(200);
  return mapPointsOf((await res.json()).data);
}

async function quoteOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/quote/${id}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as {
    projectId: string | null;
    projectStatus: string | null;
    address: string;
  };
}

test.describe('map listing', () => {
  // The map loads every visible quote at once; give a busy test machine time.
  test.beforeEach(() => test.slow());

  test('a project marker opens a popup whose link leads to the project view', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    const point = (await mapPoints(page.request, token)).find((p) => p.projectStatus !== null);
    expect(point, 'Sonnenbau has projects on the map').toBeTruthy();
    if (!point) return;
    const { projectId, address } = await quoteOf(page.request, token, point._id);
    expect(projectId).toBeTruthy();

    // The deep link centres the map on the point (unclustered) and opens its popup.
    await page.goto(`/mapview?quote=${point._id}`);
    const popup = page.getByTestId(`map-popup-${point._id}`);
    await expect(popup).toBeVisible({ timeout: 30_000 });
    // The popup loads the quote's details: its address shows.
    await expect(popup.getByText(address)).toBeVisible();

    // Closing and clicking the marker itself opens it again.
    await page.locator('.leaflet-popup-close-button').click();
    await expect(popup).toBeHidden();
    await page.getByTestId(`map-point-${point._id}`).click();
    await expect(popup).toBeVisible();
    const open = popup.getByRole('link', { name: 'Open project' });
    await expect(open).toBeVisible();

    // The keyboard works too: Enter on the marker opens the popup and moves focus into it, Escape closes
    // it and returns focus to the marker.
    await page.locator('.leaflet-popup-close-button').click();
    await expect(popup).toBeHidden();
    const marker = page.getByTestId(`map-point-${point._id}`);
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(open).toBeVisible();
    await expect(page.getByTestId('map-popup')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(marker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(open).toBeVisible();
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/projectview\\?projectId=${projectId}`));
  });

  test('the chosen quote is kept in the address: a reload opens it again', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    const point = (await mapPoints(page.request, token)).find((p) => p.projectStatus !== null);
    expect(point).toBeTruthy();
    if (!point) return;

    await page.goto(`/mapview?quote=${point._id}`);
    const popup = page.getByTestId(`map-popup-${point._id}`);
    await expect(popup).toBeVisible({ timeout: 30_000 });
    // Closing the popup takes the quote out of the address; choosing it puts it back.
    await page.locator('.leaflet-popup-close-button').click();
    await expect(popup).toBeHidden();
    await expect(page).not.toHaveURL(/quote=/);
    await page.getByTestId(`map-point-${point._id}`).click();
    await expect(popup).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`quote=${point._id}`));

    await page.reload();
    await expect(popup).toBeVisible({ timeout: 30_000 });
    // Leaving the map closes the popup, which must not rewrite the next page's address.
    await popup.getByRole('link', { name: 'Open project' }).click();
    await expect(page.getByTestId('stage-current')).toBeVisible();
    await expect(page).toHaveURL(/\/projectview\?projectId=/);
  });

  test('a quote without project can be saved as a project from its popup', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const points = await mapPoints(page.request, token);
    // The lowest rated free quote: no other test picks it.
    const point = [...points].reverse().find((p) => p.projectStatus === null);
    expect(point).toBeTruthy();
    if (!point) return;

    await page.goto(`/mapview?quote=${point._id}`);
    const popup = page.getByTestId(`map-popup-${point._id}`);
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await popup.getByRole('button', { name: 'Save as project' }).click();
    const open = popup.getByRole('link', { name: 'Open project' });
    await expect(open).toBeVisible();

    const quote = await quoteOf(page.request, token, point._id);
    expect(quote.projectStatus).toBe('ACQUISITION');
    expect(quote.projectId).toBeTruthy();
    await expect(open).toHaveAttribute('href', `/projectview?projectId=${quote.projectId}`);
    // The dot now has the stage colour: its label names the stage.
    await expect(page.getByTestId(`map-point-${point._id}`)).toHaveAttribute('aria-label', /Acquisition/);
  });

  test('clusters render without tiles, and a reload draws the cached points from IndexedDB', async ({
    page,
  }) => {
    // The test machine has no network: tiles fail, markers must not care.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await loginAs(page, DEMO.owner, '/mapview');
    await expect(page.getByTestId('map-count')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('map-cluster').first()).toBeVisible();

    // The browser database holds the points and the cities.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number[]>((resolve, reject) => {
              const open = indexedDB.open('map data');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const db = open.result;
                if (
                  !db.objectStoreNames.contains('map data') ||
                  !db.objectStoreNames.contains('cities data')
                ) {
                  db.close();
                  resolve([0, 0]);
                  return;
                }
                const tx = db.transaction(['map data', 'cities data']);
                const points = tx.objectStore('map data').count();
                const cities = tx.objectStore('cities data').count();
                tx.oncomplete = () => {
                  db.close();
                  resolve([points.result, cities.result]);
                };
              };
            }),
        ),
      )
      .toEqual([1, 1]);

    // With the API unreachable, the reloaded map still shows the cached points.
    await page.route('**/api/quote/installer/map-view', (route) => route.abort());
    await page.reload();
    await expect(page.getByTestId('map-cluster').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('map-count')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'gespeicherten Daten' })).toBeVisible();

    // The city select flies the map there.
    await page.getByRole('combobox', { name: 'Zur Stadt' }).click();
    await page.getByRole('option', { name: /^Augsburg/ }).click();
    await expect(page.getByRole('combobox', { name: 'Zur Stadt' })).toHaveValue(/Augsburg/);
  });
});
