import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authHeaders, expect as baseExpect, DEMO, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { cutSelects } from '../fixtures/layout';

/**
 * /listing on a phone (under 787 px): every list shows cards instead of the wide table, with a sort
 * menu in place of the headers. The menu sets the sort the table uses, kept in the address, so a
 * reload or a wider window shows the same order. Nothing here changes data.
 */

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

// The server under test is shared by two workers on a small machine: give slow first loads room.
const expect = baseExpect.configure({ timeout: 30_000 });

const cards = (page: Page) => page.getByTestId('listing-cards');
const rows = (page: Page) => page.getByTestId('listing-row');

/** The total costs of the rows shown, in their order. */
function shownCosts(page: Page): Promise<number[]> {
  return page
    .getByTestId('cell-totalCost')
    .evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).dataset.value)));
}

function shownRatings(page: Page): Promise<number[]> {
  return rows(page).evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.rating)));
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v);
const descending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? v) >= v);

/** The first page of the company's projects as the API orders them. */
async function projectCosts(request: APIRequestContext, token: string, order: 'asc' | 'desc') {
  const res = await request.post('/api/saved-project/installer/search', {
    headers: authHeaders(token),
    params: { page: 1, limit: 20, sortColumn: 'totalCost', sortOrder: order },
    data: {},
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data.docs as { totalCost: number }[]).map((d) => d.totalCost);
}

/** The options of a sort menu whose text is cut at this width. */
async function cutOptions(select: Locator): Promise<string[]> {
  const count = await select.locator('option').count();
  const cut: string[] = [];
  for (let i = 0; i < count; i++) {
    // Shown without a change event: measuring each option's text does not sort the list.
    const before = await select.evaluate((el: HTMLSelectElement, index) => {
      const was = el.selectedIndex;
      el.selectedIndex = index;
      return was;
    }, i);
    cut.push(...(await cutSelects(select)));
    await select.evaluate((el: HTMLSelectElement, index) => {
      el.selectedIndex = index;
    }, before);
  }
  return cut;
}

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('the listing on a phone', () => {
  test.beforeEach(() => test.slow());

  test('"My projects" shows cards; the sort menu reorders them, is kept in the address and by the table', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { token } = await loginAs(page, DEMO.owner, '/listing', 'en');
    await expect(cards(page)).toBeVisible();
    await expect(page.getByTestId('listing-table')).toHaveCount(0);
    await expect(cards(page)).toHaveAccessibleName('Project listing');
    await expect(rows(page)).toHaveCount(20);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // A card: its address, stage, figures, customer and a named link to its project.
    const first = rows(page).first();
    await expect(first.getByTestId('cell-stage')).toBeVisible();
    await expect(first.locator('[data-column="totalCost"]')).toContainText('Total cost (€)');
    await expect(first.locator('[data-column="customer"]').getByRole('link')).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    const address = (await first.locator('p').first().textContent()) ?? '';
    await expect(first.getByRole('link', { name: `Open project: ${address}` })).toBeVisible();

    // The sort menu: newest first by default, every choice whole at 375 px.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('date.desc');
    expect(await cutOptions(sort)).toEqual([]);
    await sort.selectOption({ label: 'Lowest total cost first' });
    await expect(page).toHaveURL(/\/listing\?sort=totalCost&order=asc$/);
    const asc = await projectCosts(page.request, token, 'asc');
    await expect.poll(async () => (await shownCosts(page)).slice(0, 10)).toEqual(asc.slice(0, 10));
    expect(ascending(await shownCosts(page))).toBe(true);

    await sort.selectOption({ label: 'Highest total cost first' });
    await expect(page).toHaveURL(/\/listing\?sort=totalCost&order=desc$/);
    const desc = await projectCosts(page.request, token, 'desc');
    await expect.poll(async () => (await shownCosts(page)).slice(0, 10)).toEqual(desc.slice(0, 10));

    // "Load more" adds the next cards in the same order.
    await page.getByTestId('load-more').click();
    await expect(rows(page)).toHaveCount(40);
    expect(descending(await shownCosts(page))).toBe(true);

    // A reload keeps it.
    await page.reload();
    await expect(sort).toHaveValue('totalCost.desc');

    // Turned sideways or on a wide screen: the table, sorted by the same column its header shows.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId('listing-table')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(sort).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Total cost (€)' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByTestId('sort-totalCost').click();
    await expect(page).toHaveURL(/\/listing\?sort=totalCost&order=asc$/);

    // And back on the phone the menu shows the header's sort.
    await page.setViewportSize(PHONE);
    await expect(sort).toHaveValue('totalCost.asc');
    await expect.poll(async () => (await shownCosts(page)).slice(0, 10)).toEqual(asc.slice(0, 10));
  });

  test('a card opens its project from the keyboard, and a card is selected for deleting as a row is', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.owner, '/listing', 'de');
    await expect(cards(page)).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="listing-cards"]')).toEqual([]);
    await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('date.desc');

    const card = rows(page).nth(1);
    const id = await card.getAttribute('data-id');
    const box = card.getByRole('checkbox', { name: /^Projekt .+ auswählen$/ });
    await box.check();
    await expect(page.getByTestId('selected-count')).toHaveText('1 ausgewählt');
    await expect(page.getByRole('button', { name: 'Ausgewählte Projekte löschen' })).toBeVisible();
    await box.uncheck();
    await expect(page.getByTestId('selected-count')).toHaveCount(0);

    const open = card.getByRole('link', { name: /^Projekt öffnen: / });
    await open.focus();
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projectview\\?projectId=${id}$`));
  });

  test('"Nearby requests" sorts its cards with the same menu, in Spanish too', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.helios, '/listing?tab=nearby', 'es');
    await expect(cards(page)).toBeVisible();
    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    // Best rated first, the list's default.
    await expect(sort).toHaveValue('rating.desc');
    expect(descending(await shownRatings(page))).toBe(true);
    expect(await cutOptions(sort)).toEqual([]);

    await sort.selectOption({ label: 'Menor coste total primero' });
    await expect(page).toHaveURL(/\/listing\?tab=nearby&sort=totalCost&order=asc$/);
    await expect.poll(async () => ascending(await shownCosts(page))).toBe(true);
    expect((await shownCosts(page)).length).toBeGreaterThan(5);
    // Each request still offers saving (or opening, once saved) in its card.
    await expect(
      rows(page).first().locator('[data-testid="save-project"], [data-testid="open-project"]'),
    ).toBeVisible();

    // The other tab starts with its own default sort.
    await page.getByRole('tab', { name: 'Mis proyectos' }).click();
    await expect(page).toHaveURL(/\/listing$/);
    await expect(sort).toHaveValue('date.desc');
  });

  test('the platform admin (no tabs) gets read-only cards with the sort menu', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, DEMO.admin, '/listing', 'en');
    await expect(cards(page)).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByTestId('listing-table')).toHaveCount(0);
    await expect(cards(page).getByRole('link', { name: /^Open project/ })).toHaveCount(0);
    await expect(cards(page).getByRole('button')).toHaveCount(0);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort).toHaveValue('rating.desc');
    await sort.selectOption({ label: 'Lowest rated first' });
    await expect(page).toHaveURL(/\/listing\?sort=rating&order=asc$/);
    await expect.poll(async () => ascending(await shownRatings(page))).toBe(true);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
