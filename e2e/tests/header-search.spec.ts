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
