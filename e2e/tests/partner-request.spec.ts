import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { apiLogin, unreadOf } from '../fixtures/notifications';

/**
 * A household's request through Sonnenbau's partner link (docs/notifications.md `partner_request`,
 * docs/pipeline.md "Who sees what"): Sonnenbau's sales person finds it in the bell, opens the project
 * from there and reads that the customer made it; Helios, whose service area holds the address
 * (Hamburg), sees nothing of it, not even as a nearby request.
 */
test.describe.configure({ timeout: 120_000 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a partner request reaches the partner’s sales person, and no other company', async ({
  page,
  browser,
}) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const street = `E2E-Elbweg ${unique}`;
  const sales = await apiLogin(page.request, DEMO.sales);
  const before = await unreadOf(page.request, sales.token);

  // The household, from an address of its own (the test server's hourly limit is per address).
  const address = `2001:db8::${unique.slice(-4)}:1`;
  await page.route('**/api/public/quote-request', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  await page.goto('/request?partner=sonnenbau');
  await expect(page.getByTestId('request-partner-note')).toHaveText(
    'Ihre Anfrage geht direkt an Sonnenbau GmbH.',
  );
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await field('Vorname').fill('Erika');
  await field('Nachname').fill(`Hanse ${unique}`);
  await field('E-Mail').fill(`erika-${unique}@example.test`);
  await field('Straße und Hausnummer').fill(street);
  await field('Stadt').fill('Hamburg');
  await expect(page.getByTestId('request-map')).toHaveAttribute('data-center', '53.55110,9.99370');
  await page.getByTestId('request-pin-center').click();
  await page.getByRole('textbox', { name: 'Personen im Haushalt' }).fill('3');
  await page.getByRole('textbox', { name: 'Stromverbrauch pro Jahr (kWh)' }).fill('3500');
  await page.getByRole('combobox', { name: 'Dachform' }).selectOption('Gable');
  await page.getByRole('combobox', { name: 'Gebäudeart' }).selectOption('Single-Family');
  await page.getByTestId('request-submit').click();
  await expect(page.getByTestId('request-message')).toHaveText(
    'Vielen Dank! Sonnenbau GmbH meldet sich bei Ihnen.',
  );
  const shortId = ((await page.getByTestId('request-short-id').textContent()) ?? '').trim();
  await expect.poll(() => unreadOf(page.request, sales.token)).toBeGreaterThan(before);

  // Sonnenbau's sales person: the bell, the notification, the project it opens.
  const salesPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await loginAs(salesPage, DEMO.sales, '/dashboard', 'de');
  await salesPage.getByTestId('notification-bell').click();
  const panel = salesPage.getByRole('dialog', { name: 'Benachrichtigungen' });
  const entry = panel.getByRole('link', {
    name: new RegExp(
      `^Neue Anfrage von Erika Hanse ${unique} über Ihren Partnerlink: ${escapeRegExp(street)}, Hamburg`,
    ),
  });
  // Found by its own customer and street: other tests' partner requests may be newer in the same bell.
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(salesPage).toHaveURL(/\/projectview\?projectId=[0-9a-f-]{36}$/);
  await expect(salesPage.getByTestId('project-owner')).toHaveText(`Erika Hanse ${unique}`);
  const created = salesPage.getByTestId('history-entry');
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Angelegt in Akquise');
  await expect(created).toContainText(/vom Kunden am \d\d\.\d\d\.\d{4} um \d\d:\d\d/);
  await salesPage.close();

  // Helios works in Hamburg, but the request is Sonnenbau's: not among Helios's nearby requests ...
  const heliosPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const helios = await loginAs(
    heliosPage,
    DEMO.helios,
    `/listing?tab=nearby&search=${encodeURIComponent(street)}`,
  );
  await expect(heliosPage.getByTestId('listing-empty')).toBeVisible({ timeout: 30_000 });
  await expect(heliosPage.getByText(street)).toHaveCount(0);
  await heliosPage.close();
  // ... nor can it be found or saved through the API.
  const search = await page.request.put('/api/quote/installer/search?limit=50', {
    headers: authHeaders(helios.token),
    data: { search: street },
  });
  expect((await search.json()).data.docs).toEqual([]);
  const owner = await apiLogin(page.request, DEMO.owner);
  const mine = await page.request.put('/api/quote/installer/search?limit=50', {
    headers: authHeaders(owner.token),
    data: { search: street },
  });
  const quote = ((await mine.json()).data.docs as { _id: string; shortId: string }[]).find(
    (q) => q.shortId === shortId,
  );
  expect(quote, `Sonnenbau finds ${shortId}`).toBeTruthy();
  const save = await page.request.post('/api/saved-project/create', {
    headers: authHeaders(helios.token),
    data: { quoteId: quote?._id },
  });
  expect(save.status()).toBe(404);
});
