import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * A tab opened before a deploy still runs the old build: the next screen's code chunk is gone from
 * the server. The page reloads once by itself (fetching the new build) instead of showing an error.
 */
test('a screen whose code is gone after a deploy reloads once and opens', async ({ page }) => {
  await loginAs(page, DEMO.owner, '/dashboard', 'de');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // Until the page is loaded anew, the overview's chunk is gone, as after a deploy.
  let gone = true;
  let refused = 0;
  await page.route('**/assets/overview-page-*.js', (route) => {
    if (!gone) return route.continue();
    refused++;
    return route.fulfill({ status: 404, body: 'Not Found' });
  });
  // The new build is there from the page's next document request on: counted when the document is
  // asked for, not at its 'load' event, which on a slow runner comes after the app has already asked
  // for the screen's chunk again.
  let loads = 0;
  page.on('request', (request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    loads++;
    gone = false;
  });
  await page.getByTestId('sidebar').getByRole('link', { name: 'Statusansicht' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Statusansicht', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Die Daten konnten nicht geladen werden.')).toHaveCount(0);
  expect(refused).toBeGreaterThan(0);
  expect(loads).toBe(1);
});
