import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { newColleague } from '../fixtures/users';

/**
 * The help page and the first-login tour (issue 9): the page explains stages, quota and templates
 * from the rules the server applies; the tour shows to an installer who has not seen it, can be
 * finished or skipped (button, Escape), and stays away after a reload once dismissed.
 */

/** A new installer of Sonnenbau: a user who has never seen the tour (the demo users have). */
const newInstaller = (request: APIRequestContext) =>
  newColleague(request, { role: 'INSTALLER', firstName: 'Tour', lastName: 'Test' });

test.describe('help and onboarding', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the help page explains stages, quota and templates in the user language', async ({ page }) => {
    await loginAs(page, DEMO.sales, '/dashboard', 'en');
    await page.getByTestId('help-link').click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await expect(page.getByTestId('help-stage-ACQUISITION')).toContainText('Offer provided');
    await expect(page.getByTestId('help-stage-INSTALLER_SIGNED')).toContainText(
      'Project realized, Offer not accepted',
    );
    await expect(
      page.getByText('Free: the first 3 OBJ files, once (not every month), no PV Sol files.'),
    ).toBeVisible();
    await expect(page.getByText('{{customerName}}', { exact: false })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'yearlyProduction' })).toBeVisible();
    // The board's keys, among them moving a record.
    const keys = page.getByTestId('help-board-keys');
    await expect(
      keys.getByRole('row', { name: 'Alt+↑ / Alt+↓ Move the record (or the selected ones) up or down' }),
    ).toBeVisible();
    await expect(keys.getByRole('row')).toHaveCount(15);
    // The notifications: the bell, where a click leads, the e-mail setting.
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toContainText('The bell at the top right shows what concerns you');
    await expect(notifications).toContainText('Mark all as read');
    expect(await seriousViolations(page)).toEqual([]);
    // A demo user has seen the tour already.
    await expect(page.getByRole('dialog', { name: 'Welcome tour' })).toHaveCount(0);

    await page.evaluate(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hilfe', level: 1 })).toBeVisible();
    await expect(page.getByTestId('help-stage-ACQUISITION')).toContainText('Angebot');
  });

  test('on a phone the stages are stacked, each readable without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, DEMO.sales, '/help', 'es');
    const acquisition = page.getByTestId('help-stage-ACQUISITION');
    await expect(acquisition).toContainText('Puede pasar a: Oferta enviada');
    // A list item, not a table row that a scroll container would cut at the screen's edge.
    await expect(acquisition).toHaveJSProperty('tagName', 'LI');
    // The placeholders' and the board keys' tables only.
    await expect(page.getByRole('table')).toHaveCount(2);
    for (const stage of ['ACQUISITION', 'OFFER_NOT_ACCEPTED']) {
      const box = await page.getByTestId(`help-stage-${stage}`).boundingBox();
      expect(box, stage).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), stage).toBeLessThanOrEqual(390);
    }
    // Nothing in the sections is wider than its box (which would scroll or cut it).
    const overflowing = await page
      .getByTestId('help-page')
      .locator('section *')
      .evaluateAll((nodes) =>
        nodes
          .filter((n) => n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0)
          .map((n) => n.outerHTML.slice(0, 80)),
      );
    expect(overflowing).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('ADMIN and CITY_ADMIN read what the installer company does at each stage, installers what they do', async ({
    page,
    browser,
  }) => {
    // The platform admin on a desktop: the table, in English.
    await loginAs(page, DEMO.admin, '/help', 'en');
    const stages = page.getByRole('region', { name: 'Project stages' });
    await expect(page.getByTestId('help-stage-OFFER_PROVIDED')).toContainText(
      'The installer company has sent an offer; the customer can accept it',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('help-stage-INSTALLER_SIGNED')).toContainText(
      'The customer has signed with the installer company, which now plans and installs the system.',
    );
    await expect(stages).toContainText(
      'A project an installer company has saved moves through these stages.',
    );
    // Nothing in the stages speaks to the reader as if they did the installer's work.
    expect(await stages.innerText()).not.toMatch(/\byou(r)?\b/i);

    // The city administrator on a phone: the stacked list, in German.
    const city = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await loginAs(city, DEMO.city, '/help', 'de');
    const cityStages = city.getByRole('region', { name: 'Projektphasen' });
    await expect(city.getByTestId('help-stage-ACQUISITION')).toContainText(
      'Das Installateur-Unternehmen hat die Anfrage des Kunden gespeichert',
      { timeout: 30_000 },
    );
    await expect(city.getByTestId('help-stage-ACQUISITION')).toHaveJSProperty('tagName', 'LI');
    expect(await cityStages.innerText()).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
    await city.close();

    // An installer keeps the texts that speak to them.
    const installer = await browser.newPage();
    await loginAs(installer, DEMO.sales, '/help', 'en');
    await expect(installer.getByTestId('help-stage-OFFER_PROVIDED')).toContainText(
      'You sent an offer; the customer can accept it',
      { timeout: 30_000 },
    );
    await expect(installer.getByRole('region', { name: 'Project stages' })).toContainText(
      'The status view and the project view only offer the moves listed here.',
    );
    await installer.close();
  });

  test('the tour greets a new installer, can be finished or skipped, and stays away once dismissed', async ({
    page,
  }) => {
    const email = await newInstaller(page.request);
    const { token } = await loginAs(page, email, '/help', 'en');
    const tour = page.getByRole('dialog', { name: 'Welcome tour' });
    const restart = async () => {
      await page.getByRole('button', { name: 'Show the tour again' }).click();
      await expect(tour).toBeVisible();
    };

    // The first visit: the tour is there without asking.
    await expect(tour).toBeVisible();
    await expect(tour).toContainText('Welcome to the Solar Partner Portal');
    await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    for (const title of ['Find projects near you', 'Move projects forward', 'Send offers']) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await expect(tour).toContainText(title);
    }
    await tour.getByRole('button', { name: 'Back' }).click();
    await expect(tour).toContainText('Move projects forward');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText('Step 5 of 5');
    await tour.getByRole('button', { name: 'Get started' }).click();
    await expect(tour).toHaveCount(0);
    const stored = async () =>
      (await (await page.request.get('/api/user', { headers: authHeaders(token) })).json()).data.user
        .onboardedAt as string | null;
    await expect.poll(stored).not.toBeNull();
    await page.reload();
    await expect(page.getByTestId('help-page')).toBeVisible();
    await expect(tour).toHaveCount(0);

    // Skipped with the button.
    await restart();
    await tour.getByRole('button', { name: 'Skip the tour' }).click();
    await expect(tour).toHaveCount(0);
    await expect.poll(stored).not.toBeNull();
    await page.reload();
    await expect(page.getByTestId('help-page')).toBeVisible();
    await expect(tour).toHaveCount(0);

    // Skipped with Escape, on another screen after a reload (a new login elsewhere sees it too).
    await page.request.put('/api/user/onboarding', { headers: authHeaders(token), data: { done: false } });
    await page.goto('/dashboard');
    await expect(tour).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tour).toHaveCount(0);
    await expect.poll(stored).not.toBeNull();
    await page.reload();
    await expect(page.getByTestId('stage-count-ACQUISITION').first()).toBeVisible({ timeout: 30_000 });
    await expect(tour).toHaveCount(0);
  });

  test('platform users never get the installer tour', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.city, '/help', 'en');
    await page.request.put('/api/user/onboarding', { headers: authHeaders(token), data: { done: false } });
    await page.reload();
    await expect(page.getByTestId('help-page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show the tour again' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Welcome tour' })).toHaveCount(0);
    await page.request.put('/api/user/onboarding', { headers: authHeaders(token), data: { done: true } });
  });
});
