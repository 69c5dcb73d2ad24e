import { randomUUID } from 'node:crypto';
import type { Dialog, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { clickTwice, countWrites } from '../fixtures/network';
import { tokenOf } from '../fixtures/offers';

// Several browser suites share the machine: allow for a slow server rather than flake.
test.describe.configure({ timeout: 90_000 });

/** Texts of apps/web/src/features/customer/locales/en.json and apps/web/src/i18n/en.json. */
const EN = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Street and house number',
  postalCode: 'Postal code',
  city: 'City',
  people: 'People in the household',
  consumption: 'Yearly electricity consumption (kWh)',
  invalidPhone: 'Please enter a valid phone number',
  invalidPostalCode: 'Please enter a postal code (e.g. 80802)',
  atLeast3: 'Please enter at least 3 characters',
  network: 'No connection to the server. Please check your internet connection and try again.',
  passwordSaved: 'Your password has been saved. You can log in now.',
};

/** A text field of the request form by its label (required ones carry an asterisk). */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/**
 * Fills the request form as a household in Saarbrücken (outside the demo installers' areas), the pin
 * set at the map centre once the map has flown there.
 */
async function fillRequest(page: Page, email: string) {
  await field(page, EN.firstName).fill('Erika');
  await field(page, EN.lastName).fill('Doppelklick');
  await field(page, EN.email).fill(email);
  await field(page, EN.address).fill('E2E-Doppelweg 1');
  await field(page, EN.city).fill('Saarbrücken');
  await expect(page.getByTestId('request-map')).toHaveAttribute('data-center', '49.24020,6.99690');
  await page.getByTestId('request-pin-center').click();
  await page.getByRole('textbox', { name: EN.people }).fill('3');
  await page.getByRole('textbox', { name: EN.consumption }).fill('4500');
  await page.getByRole('combobox', { name: 'Roof type' }).selectOption('Gable');
  await page.getByRole('combobox', { name: 'Building type' }).selectOption('Single-Family');
}

/** The quote requests of this page come from an address of their own, clear of the per-address limit. */
async function ownAddress(page: Page) {
  const address = `2001:db8:qa::${randomUUID().slice(0, 4)}`;
  await page.route('**/api/public/quote-request', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

test.describe('the public quote request (QA)', () => {
  test('a phone, postal code or street that is no such thing is named under its field, nothing sent', async ({
    page,
  }) => {
    const sent = countWrites(page, '/api/public/quote-request');
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'en'));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/request');
    await fillRequest(page, `erika-${Date.now()}@example.test`);
    await field(page, EN.phone).fill('call me maybe');
    await field(page, EN.postalCode).fill('!!!!!');
    await field(page, EN.address).fill('ab');
    await page.getByTestId('request-submit').click();
    await expect(field(page, EN.address)).toHaveAccessibleDescription(new RegExp(EN.atLeast3));
    await expect(field(page, EN.phone)).toHaveAccessibleDescription(new RegExp(EN.invalidPhone));
    await expect(field(page, EN.postalCode)).toHaveAccessibleDescription(
      new RegExp(EN.invalidPostalCode.replace(/[().]/g, '\\$&')),
    );
    // The first wrong field has the cursor; nothing went to the server.
    await expect(field(page, EN.phone)).toBeFocused();
    expect(sent()).toBe(0);
  });

  test('a double click on "Request a quote" sends one request, so the installers get one lead', async ({
    page,
  }) => {
    await ownAddress(page);
    const sent = countWrites(page, '/api/public/quote-request');
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'en'));
    await page.goto('/request');
    await fillRequest(page, `erika-dbl-${Date.now()}@example.test`);
    await clickTwice(page.getByTestId('request-submit'));
    await expect(page.getByTestId('request-success')).toBeVisible();
    await expect(page.getByTestId('request-short-id')).not.toBeEmpty();
    expect(sent()).toBe(1);
    // Sent: leaving asks nothing any more.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload();
    await expect(page.getByTestId('request-form')).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('leaving a half-filled request asks first; an untouched one does not', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'en'));
    await page.goto('/request');
    const asked: string[] = [];
    const note = (dialog: Dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    };
    page.on('dialog', note);
    await expect(field(page, EN.firstName)).toBeVisible();
    await page.reload();
    await expect(field(page, EN.firstName)).toBeVisible();
    expect(asked).toEqual([]);
    page.off('dialog', note);

    await field(page, EN.firstName).fill('Erika');
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    // Leave after all, so the page closes.
    await dialog.accept();
  });
});

test.describe('set password after a failed try (QA)', () => {
  test('the saved password shows its success without the earlier "no connection" beside it', async ({
    page,
  }) => {
    let posts = 0;
    await page.route('**/api/user/reset-password/*', (route) => {
      if (route.request().method() === 'GET') return route.fulfill({ json: { data: { message: 'ok' } } });
      posts += 1;
      // The first save goes offline, the second is answered.
      return posts === 1
        ? route.abort('internetdisconnected')
        : route.fulfill({ json: { data: { message: 'ok', email: 'neu@example.test' } } });
    });
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'en'));
    await page.goto('/application/reset-password?token=abcdefghijklmnopqrstuvwxyz123456&invite=1');
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('Sonnen-Dach-2026');
    await page.getByLabel('Repeat password', { exact: true }).fill('Sonnen-Dach-2026');
    await page.getByRole('button', { name: 'Save password' }).click();
    const network = page.getByText(EN.network);
    await expect(network).toBeVisible();
    // Nothing typed is lost: the retry is one Enter. The pointer rests on the error, which keeps it
    // from closing by itself, so only the success can take it away.
    await expect(password).toHaveValue('Sonnen-Dach-2026');
    await network.hover();
    await page.getByLabel('Repeat password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/login\?email=neu%40example\.test$/);
    await expect(page.getByText(EN.passwordSaved)).toBeVisible();
    await expect(network).toBeHidden();
  });
});

test.describe('forgot password after a failed try (QA)', () => {
  test('the sent link shows its success without the earlier "no connection" beside it', async ({ page }) => {
    let posts = 0;
    await page.route('**/api/user/forgot-password', (route) => {
      posts += 1;
      return posts === 1
        ? route.abort('internetdisconnected')
        : route.fulfill({ json: { data: { message: 'ok', email: 'neu@example.test' } } });
    });
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'es'));
    await page.goto('/forgot-password');
    const email = page.getByLabel('Correo electrónico', { exact: true });
    await email.fill('erika@example.test');
    await email.press('Enter');
    const network = page.getByText('No hay conexión con el servidor.');
    await expect(network).toBeVisible();
    await expect(email).toHaveValue('erika@example.test');
    // The pointer on the error keeps it open (see above); Enter sends again.
    await network.hover();
    await email.press('Enter');
    await expect(page.getByRole('status')).toContainText('erika@example.test');
    await expect(network).toBeHidden();
  });
});

test.describe('planning files and the plan (QA)', () => {
  test('a double click on a planning file downloads it once', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.sales);
    const search = await page.request.post('/api/saved-project/installer/search?page=1&limit=20', {
      headers: authHeaders(token),
      data: {},
    });
    const project = (await search.json()).data.docs[12] as { _id: string; quoteId: string };
    const subscription = (
      await (
        await page.request.get('/api/payments/list-subscription', { headers: authHeaders(token) })
      ).json()
    ).data;
    // The card's files and the download's answer come from here, so no quota of the demo company is
    // used (plans.spec.ts counts the free downloads).
    const fileId = randomUUID();
    const url = `/api/planning-files/${fileId}`;
    await page.route('**/api/product/product-obj-files?*', (route) =>
      route.fulfill({
        json: {
          data: [
            {
              _id: fileId,
              quoteId: project.quoteId,
              kind: 'obj',
              name: 'dach.obj',
              size: 40,
              downloaded: true,
              url,
            },
          ],
        },
      }),
    );
    let asked = 0;
    await page.route('**/api/user/downloadupdate', async (route) => {
      asked += 1;
      await route.fulfill({ json: { data: { url, name: 'dach.obj', counted: false, subscription } } });
    });
    await page.route(`**${url}`, (route) =>
      route.fulfill({ body: 'o roof\nv 0 0 0\n', contentType: 'model/obj' }),
    );
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));

    await loginAs(page, DEMO.sales, `/projectview?projectId=${project._id}`, 'en');
    const button = page.getByTestId('planning-files').getByTestId('download-obj');
    await expect(button).toBeVisible({ timeout: 30_000 });
    await clickTwice(button);
    await expect(page.getByText('dach.obj downloaded.')).toBeVisible();
    await expect(button).toBeEnabled();
    expect(asked).toBe(1);
    expect(downloads).toEqual(['dach.obj']);
  });

  test('a double click on "Change plan" starts one checkout', async ({ page }) => {
    const created: string[] = [];
    await page.route('**/api/payments/create-price', (route) => {
      created.push('price');
      return route.fulfill({ json: { data: { id: 'local_price_qa' } } });
    });
    await page.route('**/api/payments/create-checkout-session', (route) => {
      created.push('session');
      return route.fulfill({ json: { data: { id: 'local_cs_qa', url: 'about:blank' } } });
    });
    await loginAs(page, DEMO.owner, '/profile', 'en');
    await page.getByTestId('open-pricing').click();
    const modal = page.getByRole('dialog', { name: 'Choose your plan' });
    await modal.getByRole('checkbox', { name: /Extra OBJ/ }).check();
    await clickTwice(modal.getByTestId('choose-premium'));
    await expect(modal.getByTestId('choose-premium')).toBeEnabled();
    await expect.poll(() => created).toEqual(['price', 'session']);
  });
});
