import type { Locator, Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { newCompany } from '../fixtures/users';

/**
 * A brand-new installer company on its first day (docs/auth.md "A new company"): onboarded by ADMIN,
 * its owner opens every screen before there is any data of its own. Each screen says what to do next
 * with an action that works, shows no nonsense number, logs no error and asks nothing the server
 * refuses just because the company is new. Then its first steps: the location that makes the service
 * area, the contact details the offers need, the first task.
 */
test.describe.configure({ timeout: 300_000 });

const TEXT = {
  de: {
    dashboardEmpty: 'Noch keine Projekte',
    toMap: 'Zur Kartenansicht',
    nearbyEmpty: 'Keine Anfragen in der Nähe',
    openSettings: 'Einstellungen öffnen',
    mapNoArea: 'Noch kein Einsatzgebiet',
    overviewEmpty: 'Noch keine Projekte',
    projectsEmpty: 'Noch keine Projekte. Ein Projekt erscheint hier',
    toNearby: 'Anfragen in der Nähe ansehen',
    tasksEmpty: 'Noch keine Aufgaben',
    newTask: 'Neue Aufgabe',
    noServiceArea: 'Noch kein Einsatzgebiet: Markieren Sie unten den Standort Ihres Unternehmens.',
    offerMissing: 'Für Angebote fehlt noch: Telefon, E-Mail',
    builtIn: 'Standard',
    notifications: 'Benachrichtigungen',
    notificationsEmpty: 'Keine Benachrichtigungen',
    companyTitle: 'Unternehmensdaten',
  },
  en: {
    dashboardEmpty: 'No projects yet',
    toMap: 'Go to the map listing',
    nearbyEmpty: 'No nearby requests',
    openSettings: 'Open settings',
    mapNoArea: 'No service area yet',
    overviewEmpty: 'No projects yet',
    projectsEmpty: 'No projects yet. A project shows up here',
    toNearby: 'See nearby requests',
    tasksEmpty: 'No tasks yet',
    newTask: 'New task',
    noServiceArea: "No service area yet: mark your company's location below.",
    offerMissing: 'Still missing for offers: Phone, E-mail',
    builtIn: 'Built-in',
    notifications: 'Notifications',
    notificationsEmpty: 'No notifications',
    companyTitle: 'Company details',
  },
} as const;

// A transparent pixel for every map tile: the tile server is out of reach here, and its failures are
// not the portal's.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Console errors, uncaught errors and refused requests of the page, as they happen. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
    }
  });
  return problems;
}

/** The message lies within the board's visible width (not out of sight in a wide scroll area). */
async function expectWithinWidth(inner: Locator, outer: Locator) {
  await expect.soft(inner).toBeVisible();
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  expect
    .soft(
      a && b && a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1,
      `${JSON.stringify(a)} in ${JSON.stringify(b)}`,
    )
    .toBe(true);
}

/** What no screen should ever print: broken numbers, missing values, '0 of 0'. */
const NO_NONSENSE = /NaN|undefined|Invalid Date|Infinity|(?<!\d)0\s(von|of)\s0(?!\d)/;

async function expectNoNonsense(page: Page) {
  await expect.soft(page.locator('main')).not.toContainText(NO_NONSENSE, { useInnerText: true });
}

for (const [lang, width] of [
  ['de', 1280],
  ['de', 375],
  ['en', 1280],
] as const) {
  // Soft checks: one run names every screen that falls short, not only the first.
  test(`${lang} ${width} px: every screen of a new company says what to do next, without errors`, async ({
    page,
  }) => {
    const T = TEXT[lang];
    await page.setViewportSize({ width, height: width < 787 ? 740 : 900 });
    const { email } = await newCompany(page.request, { seenTour: true });
    const problems = await watchProblems(page);

    // Dashboard: no pipeline yet, and the way to find projects.
    await loginAs(page, email, '/dashboard', lang);
    const dashboard = page.getByTestId('dashboard-empty');
    await expect.soft(dashboard).toContainText(T.dashboardEmpty);
    await expect.soft(dashboard.getByRole('link', { name: T.toMap })).toHaveAttribute('href', '/mapview');
    await expectNoNonsense(page);

    // My projects: none; nearby requests: none, because there is no location yet, and where to set it.
    await page.goto('/listing');
    await expect.soft(page.getByTestId('listing-empty')).toBeVisible();
    await page.goto('/listing?tab=nearby');
    const nearby = page.getByTestId('listing-empty');
    await expect.soft(nearby).toContainText(T.nearbyEmpty);
    await expect.soft(nearby).toHaveAttribute('data-reason', 'no-address');
    await expectNoNonsense(page);

    // The map says the same (not "widen the radius": there is no area to widen).
    await page.goto('/mapview');
    const map = page.getByTestId('map-empty');
    await expect.soft(map).toHaveAttribute('data-reason', 'no-address', { timeout: 30_000 });
    await expect.soft(map).toContainText(T.mapNoArea);
    await expect
      .soft(map.getByRole('link', { name: T.openSettings }))
      .toHaveAttribute('href', '/profile#company');
    expect.soft(await seriousViolations(page, '[data-testid="map-empty"]')).toEqual([]);

    // The status view: nothing to filter, so no "with current filters".
    await page.goto('/overview');
    const kanban = page.getByTestId('kanban-empty');
    await expect.soft(kanban).toContainText(T.overviewEmpty);

    // The boards: the empty message in sight on any width, with what to do, and no '0 of 0'.
    await page.goto('/projects');
    const projectsEmpty = page.getByTestId('board-empty');
    await expect.soft(projectsEmpty).toContainText(T.projectsEmpty, { timeout: 30_000 });
    await expectWithinWidth(projectsEmpty.getByRole('status'), page.getByTestId('board-grid'));
    await expect
      .soft(projectsEmpty.getByRole('link', { name: T.toNearby }))
      .toHaveAttribute('href', '/listing?tab=nearby');
    await expect.soft(page.getByTestId('grid-count')).toHaveCount(0);
    await expectNoNonsense(page);

    await page.goto('/tasks');
    const tasksEmpty = page.getByTestId('board-empty');
    await expect.soft(tasksEmpty).toContainText(T.tasksEmpty, { timeout: 30_000 });
    await expectWithinWidth(tasksEmpty.getByRole('status'), page.getByTestId('board-grid'));
    await expect.soft(tasksEmpty.getByRole('button', { name: T.newTask })).toBeVisible();
    expect.soft(await seriousViolations(page, '[data-testid="board-empty"]')).toEqual([]);
    await expect.soft(page.getByTestId('grid-count')).toHaveCount(0);
    await expectNoNonsense(page);

    // Products: the platform's catalogue to pick from; templates: the built-in ones, marked so.
    await page.goto('/product');
    await expect.soft(page.getByTestId('products-empty')).toHaveCount(0);
    await expect
      .soft(page.getByRole('button', { name: lang === 'de' ? 'Neues Produkt' : 'New product' }))
      .toBeVisible();
    await page.goto('/templates');
    await expect.soft(page.getByText(T.builtIn, { exact: true }).first()).toBeVisible();
    expect.soft(await page.getByText(T.builtIn, { exact: true }).count()).toBeGreaterThanOrEqual(3);

    // Settings: what the company still lacks, said where it is entered; the plan; the owner alone.
    await page.goto('/profile');
    const company = page.getByTestId('section-company');
    await expect.soft(company).toContainText(T.noServiceArea);
    await expect.soft(company.getByTestId('company-offer-missing')).toContainText(T.offerMissing);
    await expect.soft(page.getByTestId('section-plan')).toContainText('Free');
    await expect.soft(page.locator('[data-testid^="team-member-"]')).toHaveCount(1);
    expect.soft(await seriousViolations(page, '[data-testid="section-company"]')).toEqual([]);
    await expectNoNonsense(page);

    // The nearby list's settings link opens the company card itself.
    await page.goto('/listing?tab=nearby');
    await page.getByTestId('listing-empty').getByRole('link', { name: T.openSettings }).click();
    await expect.soft(page).toHaveURL(/\/profile#company$/);
    await expect
      .soft(page.getByTestId('section-company').getByRole('heading', { name: T.companyTitle }))
      .toBeInViewport();

    // Notifications: none yet, said so.
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: T.notifications });
    await expect.soft(panel.getByTestId('notifications-empty')).toContainText(T.notificationsEmpty);

    expect.soft(problems).toEqual([]);
  });
}

test('the first steps: the location makes the service area, contact details end the offer note, the first task', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { email, companyId } = await newCompany(page.request, { seenTour: true });
  const problems = await watchProblems(page);
  await loginAs(page, email, '/profile#company', 'de');

  const company = page.getByTestId('section-company');
  await expect(company.getByTestId('company-location-state')).toHaveText('Noch kein Standort markiert.');
  // A known city moves the map there; the pin goes where the map is.
  await company.getByRole('textbox', { name: 'Stadt', exact: true }).fill('München');
  await expect(company.getByTestId('company-location-map')).toHaveAttribute(
    'data-center',
    '48.13710,11.57540',
  );
  await company.getByTestId('company-location-center').click();
  await expect(company.getByTestId('company-location-state')).toHaveText(
    'Standort markiert: 48,13710; 11,57540',
  );
  await company.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+49 89 5550100');
  await company.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('kontakt@neu-solar.test');
  await company.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Die Unternehmensdaten wurden gespeichert')).toBeVisible();
  await expect(company).toContainText('Einsatzgebiet: 50 km um München');
  await expect(company.getByTestId('company-offer-missing')).toHaveCount(0);

  // What the server holds: the company's point, which the nearby requests now come from.
  const me = await page.request.get('/api/user', {
    headers: { authorization: `JWT ${await page.evaluate(() => localStorage.getItem('auth_token'))}` },
  });
  const details = (await me.json()).data.installerDetails;
  expect(details).toMatchObject({ _id: companyId, city: 'München', phone: '+49 89 5550100' });
  expect(details.latitude).toBeCloseTo(48.1371, 4);
  expect(details.longitude).toBeCloseTo(11.5754, 4);

  await page.goto('/listing?tab=nearby');
  await expect(page.getByTestId('listing-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nearby-no-address')).toHaveCount(0);
  await page.goto('/mapview');
  await expect(page.getByTestId('map-count')).not.toHaveText(/^0 /, { timeout: 30_000 });
  await expect(page.getByTestId('map-empty')).toHaveCount(0);

  // The first task, from the empty board's own button.
  await page.goto('/tasks');
  await page.getByTestId('board-empty').getByRole('button', { name: 'Neue Aufgabe' }).click();
  await page.getByRole('textbox', { name: 'Aufgabe', exact: true }).fill('Erste Aufgabe');
  await page.getByRole('button', { name: 'Aufgabe erstellen' }).click();
  await expect(page.getByRole('checkbox', { name: 'Erste Aufgabe auswählen' })).toBeVisible();
  await expect(page.getByTestId('grid-count')).toHaveText('1 von 1');
  await expect(page.getByTestId('board-empty')).toHaveCount(0);

  expect(problems).toEqual([]);
});
