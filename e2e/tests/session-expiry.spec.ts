import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';

// Several browser suites share the machine: allow for a slow server rather than flake.
test.describe.configure({ timeout: 60_000 });

/** The strings the app shows, read from apps/web/src/i18n/{de,en}.json. */
const DE = {
  email: 'E-Mail',
  password: 'Passwort',
  phone: 'Telefon',
  save: 'Änderungen speichern',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  network:
    'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  serverError: 'Serverfehler',
  crashed: 'Etwas ist schiefgelaufen',
  loginSuccess: 'Sie sind erfolgreich angemeldet',
};
const EN = {
  network: 'No connection to the server. Please check your internet connection and try again.',
  serverError: 'Server error',
};

/** The personal details card of /profile (the company card has a phone field too). */
const personal = (page: Page) => page.getByTestId('section-personal');

async function submitLogin(page: Page, email: string) {
  await page.getByLabel(DE.email, { exact: true }).fill(email);
  await page.getByLabel(DE.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** The login page opened because the session ended: notice shown, `next` pointing back to `path`. */
async function expectExpiredLogin(page: Page, path: string) {
  await expect(page).toHaveURL(/\/login\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('expired')).toBe('1');
  expect(url.searchParams.get('next')).toBe(path);
  await expect(page.getByTestId('session-expired')).toHaveText(DE.sessionExpired);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByText(DE.crashed)).toHaveCount(0);
  // The ended session is gone from the browser, so the login form is what stays.
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
}

test.describe('a session that ends while the tab is open', () => {
  test('a login that ran out is noticed on typing: login page with the notice, then back to /profile', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await loginAs(page, DEMO.city, '/profile');
    const phone = personal(page).getByLabel(DE.phone, { exact: true });
    await expect(phone).toBeVisible();

    // The 24-day limit passes (or site data goes): nothing announces it to the open tab.
    await page.evaluate(() => localStorage.setItem('auth_expires_at', String(Date.now() - 60_000)));
    await phone.fill('+49 89 7654321');

    await expectExpiredLogin(page, '/profile');
    expect(errors.filter((text) => text.includes('useCurrentUser'))).toEqual([]);

    await submitLogin(page, DEMO.city);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(personal(page).getByLabel(DE.phone, { exact: true })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('session-expired')).toHaveCount(0);
  });

  test('a reload after the login ran out opens the login with the notice, then returns to the page', async ({
    page,
  }) => {
    await loginAs(page, DEMO.city, '/profile?tab=personal');
    await expect(personal(page).getByLabel(DE.phone, { exact: true })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('auth_expires_at', String(Date.now() - 60_000)));

    await page.reload();

    await expectExpiredLogin(page, '/profile?tab=personal');
    await submitLogin(page, DEMO.city);
    await expect(page).toHaveURL(/\/profile\?tab=personal$/);
    await expect(personal(page)).toBeVisible();

    // A logout is no expiry: a protected page opened afterwards leads to the plain login.
    await page.evaluate(() => {
      for (const key of ['auth_token', 'refresh_token', 'auth_expires_at']) localStorage.removeItem(key);
    });
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('session-expired')).toHaveCount(0);
  });

  test('a save answered 401 ends the session: login page with the notice and the way back', async ({
    page,
  }) => {
    await loginAs(page, DEMO.city, '/profile?tab=personal');
    await expect(personal(page).getByLabel(DE.phone, { exact: true })).toBeVisible();
    let saves = 0;
    await page.route('**/api/user/update/personal-details', (route) => {
      saves += 1;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ status: 401, message: 'Bitte melden Sie sich an' }),
      });
    });

    await personal(page).getByLabel(DE.phone, { exact: true }).fill('+49 89 1111111');
    await personal(page).getByRole('button', { name: DE.save, exact: true }).click();

    await expectExpiredLogin(page, '/profile?tab=personal');
    expect(saves).toBe(1);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);

    await page.unroute('**/api/user/update/personal-details');
    await submitLogin(page, DEMO.city);
    await expect(page).toHaveURL(/\/profile\?tab=personal$/);
    await expect(personal(page)).toBeVisible();
  });

  test('the login returns to a `next` on this site and ignores an open redirect', async ({
    page,
    baseURL,
  }) => {
    const site = new URL(baseURL ?? page.url()).origin;
    // A path on this site: back there after the login.
    await page.goto(`/login?expired=1&next=${encodeURIComponent('/profile')}`);
    await expect(page.getByTestId('session-expired')).toHaveText(DE.sessionExpired);
    await submitLogin(page, DEMO.city);
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);

    // Anything leading off the site: the home route instead (/listing for a city administrator).
    for (const next of ['//evil.example', 'https://evil.example/profile', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await submitLogin(page, DEMO.city);
      await expect(page).toHaveURL(/\/listing$/);
      expect(new URL(page.url()).origin).toBe(site);
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await page.getByTestId('logout').click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test.describe('no connection to the server', () => {
  test('a save while offline says so, instead of "Server error"', async ({ page }) => {
    await loginAs(page, DEMO.city, '/profile');
    const card = personal(page);
    await expect(card.getByLabel(DE.phone, { exact: true })).toBeVisible();
    await page.route('**/api/user/update/personal-details', (route) => route.abort('internetdisconnected'));

    await card.getByLabel(DE.phone, { exact: true }).fill('+49 89 2222222');
    await card.getByRole('button', { name: DE.save, exact: true }).click();

    await expect(page.getByText(DE.network)).toBeVisible();
    await expect(page.getByText(DE.serverError, { exact: true })).toHaveCount(0);
    // Still logged in, still on the page, the typed value kept for another try.
    await expect(page).toHaveURL(/\/profile$/);
    await expect(card.getByLabel(DE.phone, { exact: true })).toHaveValue('+49 89 2222222');
  });

  test('a list that cannot load while offline says so, in English too', async ({ page }) => {
    await page.route('**/api/saved-project/installer/search*', (route) =>
      route.abort('internetdisconnected'),
    );
    await loginAs(page, DEMO.owner, '/listing', 'en');
    const error = page.getByTestId('listing-error');
    await expect(error).toBeVisible({ timeout: 30_000 });
    await expect(error).toContainText(EN.network);
    await expect(error).not.toContainText(EN.serverError);
  });
});
