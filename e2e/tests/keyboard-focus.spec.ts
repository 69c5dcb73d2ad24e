import type { APIRequestContext, Page } from '@playwright/test';
import { type MapPoint, mapPointsOf } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { holdRequests } from '../fixtures/network';
import { offerOnRealizedProject } from '../fixtures/offers';

/**
 * The installer's main flows with the keyboard alone (the keyboard QA pass): where the focus goes after
 * a page change, a save, a stage move, a sent offer and the map's popup, that a form's first field in
 * error takes the focus, and that the map's own buttons are named in the UI language. What opens and
 * closes dialogs is in a11y-keyboard.spec.ts and a11y-dialogs.spec.ts.
 */

const main = (page: Page) => page.locator('main#main-content');
/** The page's own title: its one h1, which takes the focus after a page change. */
const pageTitle = (page: Page) => main(page).getByRole('heading', { level: 1 });

async function freeQuotes(request: APIRequestContext, token: string): Promise<MapPoint[]> {
  const res = await request.post('/api/quote/installer/map-view', { headers: authHeaders(token), data: {} });
  expect(res.status()).toBe(200);
  // The lowest rated first, as map.spec.ts picks (for another company): the best rated are the demo's.
  return mapPointsOf((await res.json()).data)
    .reverse()
    .filter((p) => p.projectStatus === null);
}

test.describe('the keyboard in the main flows', () => {
  test.describe.configure({ timeout: 120_000 });

  test("after a page change the focus is on the page's title, not left in the menu or on the body", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    await expect(page.getByTestId('stage-count-ACQUISITION').first()).toBeVisible({ timeout: 60_000 });

    // A menu link followed with Enter.
    await page.getByTestId('nav-listing').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('listing-totals')).toBeVisible({ timeout: 60_000 });
    await expect(pageTitle(page)).toHaveText('Projektliste');
    await expect(pageTitle(page)).toBeFocused();

    // A link in the page, gone with the page it was on. The project is still loading when the page
    // changes: the focus waits on the content, and goes to the title once the project is drawn.
    const project = await holdRequests(page, '**/api/saved-project/project/*');
    await page.getByTestId('open-project').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('project-loading')).toBeVisible({ timeout: 60_000 });
    await expect(main(page)).toBeFocused();
    project.release();
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await expect(pageTitle(page)).toHaveAttribute('data-testid', 'project-owner');
    await expect(pageTitle(page)).toBeFocused();
    await page.unroute('**/api/saved-project/project/*');

    // Back in the browser.
    await page.goBack();
    await expect(page.getByTestId('listing-totals')).toBeVisible({ timeout: 60_000 });
    await expect(pageTitle(page)).toBeFocused();

    // On a phone, a link in the menu: the menu closes and the focus goes to the page, not to the
    // menu's button. Closed with Escape, the menu still gives the focus back to its button.
    await page.setViewportSize({ width: 375, height: 800 });
    const menuButton = page.getByTestId('mobile-menu-button');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Hauptnavigation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByTestId('nav-profile').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('team-table')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(pageTitle(page)).toHaveText('Einstellungen');
    await expect(pageTitle(page)).toBeFocused();
  });

  test('the login: the first field in error takes the focus, and the password says it is invalid', async ({
    page,
  }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'E-Mail' });
    const password = page.getByLabel('Passwort', { exact: true });
    await expect(email).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Dieses Feld ist erforderlich');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Dieses Feld ist erforderlich');
  });

  test('the settings: errors take the focus, a save keeps it on its button, a new invitation row gets it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.owner, '/profile', 'de');
    await expect(page.getByTestId('team-table')).toBeVisible({ timeout: 60_000 });
    const personal = page.getByTestId('section-personal');
    const firstName = personal.getByRole('textbox', { name: 'Vorname' });
    const save = personal.getByRole('button', { name: 'Änderungen speichern' });
    const name = await firstName.inputValue();

    // Sent empty: the focus is on the field and its message is read with it.
    await firstName.fill('');
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('Dieses Feld ist erforderlich');

    // Saved: the button is busy (disabled) while the request runs, then has the focus again.
    await firstName.fill(name);
    await save.focus();
    const saved = page.waitForResponse((r) => r.url().includes('/api/user/update/personal-details'));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Ihre Daten wurden gespeichert')).toBeVisible();
    await expect(save).toBeEnabled();
    await expect(save).toBeFocused();

    // The invitations: sent without an e-mail, the e-mail field has the focus.
    const invite = page.getByTestId('section-invite');
    await invite.getByRole('button', { name: 'Einladungen senden' }).focus();
    await page.keyboard.press('Enter');
    const firstEmail = invite.getByRole('textbox', { name: 'E-Mail' }).first();
    await expect(firstEmail).toBeFocused();
    await expect(firstEmail).toHaveAccessibleDescription('E-Mail-Adresse fehlt');
    // A row added with the button below the rows: its e-mail field has the focus.
    await invite.getByRole('button', { name: 'Weitere Person hinzufügen' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      invite.getByRole('group', { name: 'Person 2' }).getByRole('textbox', { name: 'E-Mail' }),
    ).toBeFocused();
  });

  test('the project view: after a stage move the focus is on the stage card again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    // A quote of its own, saved as a project (in acquisition) for this test.
    const quote = (await freeQuotes(page.request, token))[4];
    if (!quote) throw new Error('no free Sonnenbau quote');
    const created = await page.request.post('/api/saved-project/create', {
      headers: authHeaders(token),
      data: { quoteId: quote._id },
    });
    expect(created.status(), await created.text()).toBe(200);
    const projectId = ((await created.json()).data as { _id: string })._id;

    await page.goto(`/projectview?projectId=${projectId}`);
    const select = page.getByTestId('stage-select');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('OFFER_PROVIDED');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('stage-submit')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('stage-current')).toHaveText('Offer provided');
    await expect(
      page.getByRole('alert').filter({ hasText: 'now in the stage Offer provided' }),
    ).toBeVisible();
    // The card was drawn anew for the new stage: the focus is on its choice of the next stage.
    await expect(page.getByRole('combobox', { name: 'Move to' })).toBeFocused();
  });

  test('an offer sent: the focus goes to its card, not to the disabled send button or the body', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'de');
    const { projectId, version } = await offerOnRealizedProject(page.request, token, {
      pick: 5,
      finalPrice: 14_900,
      monthly: () => 600,
    });
    await page.goto(`/projectview?projectId=${projectId}`);
    const send = page.getByTestId(`offer-send-${version}`);
    await send.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Angebot v${version} an Kunden senden` });
    await expect(dialog.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
    await dialog.getByTestId('send-submit').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: `Angebot v${version}`, exact: true })).toBeFocused();
  });

  test('the map: its buttons are named in the UI language, and the focus returns to a saved quote', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/mapview', 'es');
    const map = page.getByTestId('quote-map');
    await expect(page.getByTestId('map-count')).toBeVisible({ timeout: 60_000 });
    await expect(map.getByRole('button', { name: 'Acercar', exact: true })).toBeVisible();
    await expect(map.getByRole('button', { name: 'Alejar', exact: true })).toBeVisible();

    const quote = (await freeQuotes(page.request, token))[5];
    if (!quote) throw new Error('no free Sonnenbau quote');
    await page.evaluate(() => window.localStorage.setItem('preferredLanguage', 'de'));
    await page.goto(`/mapview?quote=${quote._id}`);
    const popup = page.getByTestId(`map-popup-${quote._id}`);
    await expect(popup).toBeVisible({ timeout: 60_000 });
    await expect(map.getByRole('button', { name: 'Vergrößern', exact: true })).toBeVisible();
    const close = map.getByRole('button', { name: 'Schließen', exact: true });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(popup).toHaveCount(0);

    // Opened from the keyboard: the popup takes the focus; the quote saved; Escape closes the popup and
    // the focus is on the quote's marker, drawn anew in the stage's colour.
    await page.getByTestId(`map-point-${quote._id}`).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('map-popup')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popup.getByTestId('map-popup-save-project')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup.getByTestId('map-popup-open-project')).toBeVisible();
    await expect(page.getByTestId(`map-point-${quote._id}`)).toHaveAttribute('aria-label', /Akquise/);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(page.getByTestId(`map-point-${quote._id}`)).toBeFocused();
  });
});
