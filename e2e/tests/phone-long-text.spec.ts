import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask } from '../fixtures/board';
import { holdPartnerLookup } from '../fixtures/network';
import { apiLogin } from '../fixtures/notifications';
import { tokenOf } from '../fixtures/offers';
import { requestQuote } from '../fixtures/quotes';
import { newColleague } from '../fixtures/users';

/**
 * On a phone (375 px) a long word people type (a street, a city, a name, an e-mail address, a company,
 * a file) wraps or is cut within its card: it never makes the page wider than the screen. The data is
 * made through the API as a household and Sonnenbau's people would type it, one word of 100 to 150
 * letters without a space. Sonnenbau's own company name and city are changed only in the answers this
 * page gets (route), not in the database: the other specs, running alongside, rely on them.
 */
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 375, height: 812 };
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** One word of `length` letters starting with `prefix` and this run's mark: no place to wrap. */
function longWord(prefix: string, length: number): string {
  return `${prefix}${unique}${'x'.repeat(length)}`.slice(0, length);
}

const STREET = `${longWord('Sonnenstrasse', 150)} 12`;
const CITY = longWord('Muenchen', 100);
const FIRST_NAME = longWord('Vorname', 100);
const LAST_NAME = longWord('Nachname', 100);
const CUSTOMER_EMAIL = `${longWord('kunde', 140)}@example.test`;
const COMPANY = longWord('Sonnenbauphotovoltaik', 150);
const COMPANY_EMAIL = `${longWord('info', 140)}@sonnenbau.test`;

/** How wide the page is: wider than the screen means it scrolls sideways. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function expectPhoneWide(page: Page, what: string) {
  expect(await pageWidth(page), `${what}: page width`).toBeLessThanOrEqual(PHONE.width);
}

/** The element's text stays within its box (nothing runs past the edge, cut off or not). */
async function expectFits(locator: Locator, what: string) {
  const sizes = await locator.evaluate((el) => ({ content: el.scrollWidth, box: el.clientWidth }));
  expect(sizes.content, `${what}: ${sizes.content} px of text in ${sizes.box} px`).toBeLessThanOrEqual(
    sizes.box,
  );
}

/** Changes the JSON `data` of the GET answers matching `url` on their way to the page. */
async function changeAnswer(page: Page, url: string, change: (data: Record<string, unknown>) => void) {
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    change(body.data);
    await route.fulfill({ response, json: body });
  });
}

interface LongProject {
  id: string;
  /** The customer's signed link to the offer (/customer-view?token=...). */
  customerLink: string;
  /** Sonnenbau's sales person of a long name and a long e-mail address, who made and sent the offer. */
  colleague: string;
}

/**
 * A household that typed one long word for its street, city, names and e-mail asks Sonnenbau through
 * its partner link (a project at once, from an address of its own: the hourly limit is per address);
 * a sales person of a long name uploads an offer (a PDF of a long file name) and sends it.
 */
async function makeLongProject(request: APIRequestContext): Promise<LongProject> {
  const colleague = await newColleague(
    request,
    { role: 'INSTALLER_SALES', firstName: longWord('Verkauf', 100), lastName: longWord('Lang', 100) },
    { seenTour: true },
  );
  await requestQuote(
    request,
    {
      address: STREET,
      city: CITY,
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      email: CUSTOMER_EMAIL,
      partner: 'sonnenbau',
    },
    `2001:db8::${unique.slice(-4)}:75`,
  );
  const sales = await apiLogin(request, colleague);
  const headers = authHeaders(sales.token);
  const found = await request.post('/api/saved-project/installer/search?page=1&limit=5', {
    headers,
    data: { search: `Sonnenstrasse${unique}` },
  });
  expect(found.status(), await found.text()).toBe(200);
  const project = (await found.json()).data.docs[0] as { _id: string } | undefined;
  if (!project) throw new Error('the partner request made no project');

  const upload = await request.post('/api/offers', {
    headers,
    multipart: {
      projectId: project._id,
      moduleQuantity: '22',
      productionCapacity: '9.6',
      finalPrice: '18750',
      yearlyProduction: '8900',
      monthlySolarData: JSON.stringify(Object.fromEntries(MONTHS.map((m, i) => [m, 300 + i * 40]))),
      pdf: {
        name: `${longWord('Angebot', 150)}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% offer\n'),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const offer = (await upload.json()).data as { _id: string };

  // Sent with the company's German templates to the customer's address.
  const templates = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), await res.text()).toBe(200);
    const list = (await res.json()).data as { _id: string; language: string }[];
    const german = list.find((t) => t.language === 'de');
    if (!german) throw new Error(`no German template at ${path}`);
    return german._id;
  };
  const sent = await request.post('/api/installer/sendOfferToCustomer', {
    headers,
    data: {
      offerId: offer._id,
      wordTemplateId: await templates('/api/word-template'),
      emailTemplateId: await templates('/api/email-template'),
    },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/offers?projectId=${project._id}`, { headers });
        return ((await res.json()).data as { sendState: string }[])[0]?.sendState;
      },
      { timeout: 120_000 },
    )
    .toBe('sent');

  const link = await request.post('/api/offers/customer-link', { headers, data: { projectId: project._id } });
  expect(link.status(), await link.text()).toBe(200);
  const url = new URL((await link.json()).data.url as string);
  return { id: project._id, customerLink: `${url.pathname}${url.search}`, colleague };
}

test.describe('long words on a phone (375 px)', () => {
  let project: LongProject;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    project = await makeLongProject(request);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("the project list: a city without spaces wraps in the project's card", async ({ page }) => {
    await loginAs(page, DEMO.owner, '/listing', 'de');
    await page.getByPlaceholder('Straße, Postleitzahl oder Stadt').fill(`Sonnenstrasse${unique}`);
    const card = page.getByTestId('listing-row').filter({ hasText: `Sonnenstrasse${unique}` });
    await expect(card).toHaveCount(1, { timeout: 60_000 });
    await expect(card).toContainText(CITY);
    await expectPhoneWide(page, 'project list');
  });

  test('an offer from project view to customer view and back: addresses, names and reasons wrap', async ({
    page,
    browser,
  }) => {
    // The project view: whom the offer went to, and who moved the project on sending it.
    await loginAs(page, DEMO.owner, `/projectview?projectId=${project.id}`, 'de');
    const card = page.getByTestId('offer-1');
    await expect(card.getByTestId('offer-send-state-1')).toHaveAttribute('data-state', 'sent', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('project-owner')).toContainText(FIRST_NAME);
    const sentTo = card.getByText(`Gesendet an ${CUSTOMER_EMAIL}`);
    await expect(sentTo).toBeVisible();
    await expectFits(sentTo, 'offer sent to');
    await expect(page.getByTestId('history-entry').first()).toContainText(longWord('Verkauf', 100));
    await expectPhoneWide(page, 'project view');

    // The customer's page, with the company's name and address as long as the household's.
    const customer = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
    const view = await customer.newPage();
    await changeAnswer(view, '**/api/customer-view?token=*', (data) => {
      data.companyName = COMPANY;
      data.companyEmail = COMPANY_EMAIL;
    });
    await view.goto(project.customerLink);
    await expect(view.getByTestId('customer-view')).toContainText(FIRST_NAME, { timeout: 60_000 });
    await expect(view.getByTestId('customer-view-contact')).toContainText(COMPANY_EMAIL);
    await expectPhoneWide(view, 'customer view');

    await view.getByTestId('decline-offer').click();
    const dialog = view.getByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    await expect(dialog).toContainText(COMPANY);
    await expectFits(dialog, 'decline dialog');
    const reason = longWord('Grund', 150);
    await dialog.getByRole('textbox', { name: 'Grund (optional)' }).fill(reason);
    await dialog.getByRole('button', { name: 'Angebot ablehnen' }).click();
    await expect(view.getByTestId('offer-declined-reason')).toContainText(reason);
    await expectPhoneWide(view, 'customer view, declined');

    // An acceptance with a long name as typed (the answer changed: the offer above is declined).
    const accepted = await customer.newPage();
    await changeAnswer(accepted, '**/api/customer-view?token=*', (data) => {
      data.decline = null;
      data.acceptance = {
        fullName: `${FIRST_NAME} ${LAST_NAME}`,
        acceptedAt: new Date().toISOString(),
        offerVersion: 1,
      };
    });
    await accepted.goto(project.customerLink);
    await expect(accepted.getByTestId('offer-accepted')).toContainText(FIRST_NAME, { timeout: 60_000 });
    await expectPhoneWide(accepted, 'customer view, accepted');
    await customer.close();

    // Back in the project view: the customer's reason in the stage card.
    await page.reload();
    await expect(page.getByTestId('customer-decline-reason')).toContainText(reason, { timeout: 60_000 });
    // The note cuts off what runs past its edge, so the page alone would not show it.
    await expectFits(page.getByTestId('customer-decline'), 'decline note');
    await expectPhoneWide(page, 'project view, declined');
  });

  test("settings: one's own long e-mail address and the company's long city wrap", async ({ page }) => {
    await changeAnswer(page, '**/api/user', (data) => {
      const company = data.installerDetails as { city: string };
      company.city = CITY;
    });
    await loginAs(page, project.colleague, '/profile', 'de');
    await expect(page.getByTestId('notify-by-email')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('section-company')).toContainText(CITY);
    await expect(page.getByTestId('section-notifications')).toContainText(project.colleague);
    await expectPhoneWide(page, 'settings');
  });

  test('screens that already held: dashboard, kanban, products, board, notifications, team, search', async ({
    page,
  }) => {
    const owner = await tokenOf(page.request, DEMO.owner);
    const headers = authHeaders(owner);
    const productName = longWord('Speicher', 150);
    const product = await page.request.post('/api/product/?isDuplicate=true', {
      headers,
      data: {
        type: 'battery',
        name: productName,
        manufacturer: longWord('Hersteller', 150),
        details: { capacityKwh: 10, warrantyYears: 10, description: longWord('Beschreibung', 150) },
        price: 4990,
      },
    });
    expect(product.status(), await product.text()).toBe(200);
    const taskName = longWord('Aufgabe', 150);
    await createTask(page.request, owner, { taskName, projectId: project.id });
    const invited = `${longWord('eingeladen', 140)}@sonnenbau.test`;
    const { user } = await apiLogin(page.request, DEMO.owner);
    const companyId = (user as unknown as { installerPartner: { _id: string }[] }).installerPartner[0]?._id;
    const invite = await page.request.post(`/api/installer/userAceess/${companyId}`, {
      headers,
      data: { users: [{ email: invited, role: 'INSTALLER', firstName: FIRST_NAME, lastName: LAST_NAME }] },
    });
    expect(invite.status(), await invite.text()).toBe(200);

    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
    await expectPhoneWide(page, 'dashboard');

    // The address search in the header, and the bell's panel with the household's request.
    await page.getByTestId('address-search').fill(`Sonnenstrasse${unique}`);
    await expect(page.getByTestId('address-search-results')).toContainText(`Sonnenstrasse${unique}`);
    await expectPhoneWide(page, 'header search');
    await page.getByTestId('address-search').fill('');
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await expect(panel).toContainText(FIRST_NAME);
    await expectFits(panel, 'notifications');
    await expectPhoneWide(page, 'notifications');
    await page.keyboard.press('Escape');

    await page.goto('/overview');
    await expect(page.getByTestId(`kanban-card-${project.id}`)).toBeVisible({ timeout: 60_000 });
    await expectPhoneWide(page, 'kanban');

    await page.goto('/product');
    await page.getByTestId('product-search').fill(productName.slice(0, 30));
    await expect(page.getByTestId('product-row').filter({ hasText: productName })).toHaveCount(1, {
      timeout: 60_000,
    });
    await expectPhoneWide(page, 'products');

    await page.goto('/tasks');
    await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(taskName.slice(0, 30));
    await expect(page.getByRole('grid', { name: 'Einträge' })).toContainText(taskName.slice(0, 20), {
      timeout: 60_000,
    });
    await expectPhoneWide(page, 'tasks board');

    await page.goto('/profile');
    await expect(page.getByTestId(`team-member-${invited}`)).toBeVisible({ timeout: 60_000 });
    await expectPhoneWide(page, 'team and invitations');
  });
});

test.describe('the public request page on a phone (375 px)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => window.localStorage.setItem('preferredLanguage', 'de'));
  });

  test('the thanks name a partner company of one long word: it wraps', async ({ page }) => {
    const name = COMPANY;
    await page.route('**/api/public/partner/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', json: { data: { name } } }),
    );
    // The answer as the server words it for this company (nothing is stored).
    await page.route('**/api/public/quote-request', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        json: { data: { shortId: 'E2EPHONE7', message: `Vielen Dank! ${name} meldet sich bei Ihnen.` } },
      }),
    );
    await page.goto('/request?partner=sonnenbau');
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field('Vorname').fill(FIRST_NAME);
    await field('Nachname').fill(LAST_NAME);
    await field('E-Mail').fill(CUSTOMER_EMAIL);
    await field('Straße und Hausnummer').fill(STREET);
    await field('Postleitzahl').fill('80331');
    await field('Stadt').fill('München');
    await expect(page.getByTestId('request-map')).toHaveAttribute('data-center', '48.13710,11.57540');
    await page.getByTestId('request-pin-center').click();
    await page.getByRole('textbox', { name: 'Personen im Haushalt' }).fill('3');
    await page.getByRole('textbox', { name: 'Stromverbrauch pro Jahr (kWh)' }).fill('3500');
    await page.getByRole('combobox', { name: 'Dachform' }).selectOption('Gable');
    await page.getByRole('combobox', { name: 'Gebäudeart' }).selectOption('Single-Family');
    await expectPhoneWide(page, 'request form');
    await page.getByTestId('request-submit').click();
    await expect(page.getByTestId('request-message')).toHaveText(
      `Vielen Dank! ${name} meldet sich bei Ihnen.`,
    );
    await expectPhoneWide(page, 'request sent');
  });

  test('a short partner name leaves no blank line under it, and the form does not move', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 2, name: 'Ihre Kontaktdaten' });
    const top = async () => (await heading.boundingBox())?.y ?? Number.NaN;
    const bottom = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return box ? box.y + box.height : Number.NaN;
    };
    // Without a partner link: the space between the subtitle and the form.
    await page.goto('/request');
    await expect(heading).toBeVisible();
    const plainGap = (await top()) - (await bottom(page.getByTestId('request-subtitle')));

    const release = await holdPartnerLookup(page, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        json: { data: { name: 'Sonnenbau GmbH' } },
      }),
    );
    await page.goto('/request?partner=sonnenbau');
    await expect(heading).toBeVisible();
    const before = await top();
    release();
    const note = page.getByTestId('request-partner-note');
    await expect(note).toHaveText('Ihre Anfrage geht direkt an Sonnenbau GmbH.');
    expect(await top()).toBe(before);
    // The space under the note is the one under the subtitle alone, give or take the note's own margin
    // (6 px): no line is held blank for the taller text of a link no company has.
    const gap = (await top()) - (await bottom(note));
    expect(gap - plainGap, `gap ${gap} px, without a partner link ${plainGap} px`).toBeLessThanOrEqual(6);
  });
});
