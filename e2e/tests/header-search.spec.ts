import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

test('the header address search lists matching projects and opens one', async ({ page }) => {
  const { token } = await loginAs(page, DEMO.sales, '/listing');
  const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
    headers: authHeaders(token),
    data: {},
  });
  const project = (await res.json()).data.docs[0];
  const street = project.address.split(',')[0] as string;

  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/saved-project/installer/search')) searches.push(r.url());
  });
  await page.getByTestId('address-search').fill(street);
  const results = page.getByTestId('address-search-results');
  await expect(results).toBeVisible();
  await expect(results.getByText(project.address).first()).toBeVisible();
  // SPEC §5: page 1, limit 500.
  expect(searches.some((u) => u.includes('page=1') && u.includes('limit=500'))).toBe(true);
  await results.getByText(project.address).first().click();
  await expect(page).toHaveURL(/\/projectview\?projectId=/);
});

test('the header address search says when nothing matches', async ({ page }) => {
  await loginAs(page, DEMO.sales, '/listing');
  await page.getByTestId('address-search').fill('Keine-solche-Straße 999');
  await expect(
    page.getByRole('region', { name: 'Suchergebnisse' }).getByText('Kein Ergebnis gefunden'),
  ).toBeVisible({ timeout: 20_000 });
});

test('the header search results close from the keyboard: Escape on a result, or Tab out', async ({
  page,
}) => {
  const { token } = await loginAs(page, DEMO.sales, '/dashboard');
  const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
    headers: authHeaders(token),
    data: {},
  });
  const project = (await res.json()).data.docs[0];
  const street = project.address.split(',')[0] as string;

  const field = page.getByTestId('address-search');
  const results = page.getByTestId('address-search-results');
  await field.fill(street);
  await expect(results).toBeVisible();
  // Escape on a result closes the list and puts focus back on the field.
  await page.keyboard.press('Tab');
  await expect(results.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(street);

  // Tabbing past the last result closes the list instead of leaving it over the page.
  await field.blur();
  await field.focus();
  await expect(results).toBeVisible();
  const links = await results.getByRole('link').count();
  for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
  await expect(results).toBeHidden();
});

test('the header search counts all its matches with the thousands grouped as the language does', async ({
  page,
}) => {
  const { token } = await loginAs(page, DEMO.admin, '/dashboard', 'de');
  const res = await page.request.put('/api/quote/installer/search?page=1&limit=1', {
    headers: authHeaders(token),
    data: { search: 'straße' },
  });
  const total = (await res.json()).data.pagination.total as number;
  expect(total).toBeGreaterThan(999);

  await page.getByTestId('address-search').fill('straße');
  const results = page.getByTestId('address-search-results');
  await expect(results).toBeVisible({ timeout: 20_000 });
  await expect(
    results.getByText(`Alle ${total.toLocaleString('de-DE')} in der Projektliste zeigen`),
  ).toBeVisible();
});
