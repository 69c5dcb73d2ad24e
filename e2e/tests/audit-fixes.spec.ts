import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { cutSelects } from '../fixtures/layout';

/** Elements whose text overflows their box (truncated with an ellipsis or clipped). */
async function cutTexts(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? '')
      .filter((text) => text.length > 0),
  );
}

async function tableFits(page: Page) {
  return page.getByTestId('planning-table').evaluate((el) => {
    // The table's scroll box (Table.ScrollContainer, a region) inside the card around it.
    const box = el.closest('[role="region"]') as HTMLElement;
    const card = el.closest('.mantine-Paper-root') as HTMLElement;
    const style = getComputedStyle(card);
    return {
      table: Math.ceil(el.getBoundingClientRect().width),
      scroll: box.scrollWidth,
      box: box.clientWidth,
      card: card.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });
}

test.describe('header address search', () => {
  test('a failing search says so, not "no result", and can be retried', async ({ page }) => {
    await loginAs(page, DEMO.sales, '/listing', 'de');
    let fail = true;
    await page.route('**/api/saved-project/installer/search**', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback(),
    );
    await page.getByTestId('address-search').fill('Feldstraße');
    const results = page.getByRole('region', { name: 'Suchergebnisse' });
    await expect(results.getByText('Die Suche ist fehlgeschlagen.')).toBeVisible({ timeout: 20_000 });
    await expect(results.getByText('Kein Ergebnis gefunden')).toHaveCount(0);
    // Once the server answers again, "Erneut versuchen" shows the results.
    fail = false;
    await results.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByTestId('address-search-results')).toBeVisible({ timeout: 20_000 });
  });

  test('the failure is told in English and Spanish too (platform admin)', async ({ page }) => {
    await page.route('**/api/quote/installer/search**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await loginAs(page, DEMO.admin, '/dashboard', 'en');
    await page.getByTestId('address-search').fill('Feldstraße');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByText('The search failed.')).toBeVisible({ timeout: 20_000 });
    await expect(results.getByText('No result Found')).toHaveCount(0);
  });

  for (const user of [DEMO.admin, DEMO.city]) {
    test(`${user} picking a result opens the listing narrowed to that result`, async ({ page }) => {
      test.setTimeout(90_000);
      const { token } = await loginAs(page, user, '/dashboard', 'de');
      // The screen the user lands on: a city administrator has no dashboard and is sent on to the
      // listing, and the header's search starts empty on each new screen, so typing before that would
      // be lost on a slow machine.
      await expect(page.locator('#main-content h1')).toBeVisible({ timeout: 30_000 });
      // A street with several quotes in the user's scope.
      const res = await page.request.put('/api/quote/installer/search?page=1&limit=50', {
        headers: authHeaders(token),
        data: {},
      });
      const docs = (await res.json()).data.docs as { address: string }[];
      const streets = docs.map((q) => q.address.split(' ')[0] as string);
      let street = streets[0] as string;
      let typedTotal = 0;
      for (const candidate of streets) {
        const typed = await page.request.put('/api/quote/installer/search?page=1&limit=1', {
          headers: authHeaders(token),
          data: { search: candidate },
        });
        typedTotal = (await typed.json()).data.pagination.total;
        street = candidate;
        if (typedTotal > 1) break;
      }
      expect(typedTotal).toBeGreaterThan(1);

      await page.getByTestId('address-search').fill(street);
      const results = page.getByTestId('address-search-results');
      await expect(results).toBeVisible({ timeout: 20_000 });
      const first = results.getByRole('link').first();
      const address = (await first.locator('p').first().textContent()) as string;
      await first.click();
      await expect(page).toHaveURL(/\/listing\?search=/);
      expect(new URL(page.url()).searchParams.get('search')).toBe(address);

      // The listing asks for that address, and the server finds fewer quotes than for the typed text.
      const picked = await page.request.put('/api/quote/installer/search?page=1&limit=1', {
        headers: authHeaders(token),
        data: { search: address },
      });
      const pickedTotal = (await picked.json()).data.pagination.total as number;
      expect(pickedTotal).toBeGreaterThanOrEqual(1);
      expect(pickedTotal).toBeLessThan(typedTotal);
      await expect(page.getByTestId('listing-row').first()).toContainText(address.split(',')[0] as string, {
        timeout: 30_000,
      });
    });
  }
});

test.describe('team roles', () => {
  test('a role change asks first: Cancel keeps the role, confirming changes it', async ({ page }) => {
    test.setTimeout(90_000);
    const { token } = await loginAs(page, DEMO.owner, '/profile', 'de');
    const users = async () => {
      const res = await page.request.get('/api/installer/users', { headers: authHeaders(token) });
      return (await res.json()).data.docs as {
        _id: string;
        email: string;
        role: string;
        firstName: string;
        lastName: string;
      }[];
    };
    const member = (await users()).find((u) => u.email === DEMO.installer);
    expect(member?.role).toBe('INSTALLER');
    const name = `${member?.firstName} ${member?.lastName}`.trim();
    const select = page.getByTestId(`team-member-${DEMO.installer}`).locator('select');
    await expect(select).toHaveValue('INSTALLER', { timeout: 30_000 });

    let puts = 0;
    let accessUrl = '';
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/installer/userAceess/')) {
        puts += 1;
        accessUrl = r.url();
      }
    });
    try {
      // Promoting to company admin: a dialog naming the person and the role, and nothing is sent yet.
      await select.selectOption('INSTALLER_ADMIN');
      const dialog = page.getByRole('dialog', { name: 'Rolle ändern?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${name} erhält die Rolle „Firmen-Admin“.`);
      await expect(dialog.getByTestId('role-admin-hint')).toBeVisible();
      await page.screenshot({ path: '/tmp/h7-role-dialog.png' });
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(select).toHaveValue('INSTALLER');
      expect(puts).toBe(0);
      expect((await users()).find((u) => u.email === DEMO.installer)?.role).toBe('INSTALLER');

      // Confirming changes it.
      await select.selectOption('INSTALLER_SALES');
      await expect(dialog).toContainText(`${name} erhält die Rolle „Vertrieb“.`);
      await expect(dialog.getByTestId('role-admin-hint')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Rolle ändern' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Die Rolle wurde geändert')).toBeVisible();
      await expect
        .poll(async () => (await users()).find((u) => u.email === DEMO.installer)?.role)
        .toBe('INSTALLER_SALES');
      await expect(select).toHaveValue('INSTALLER_SALES');

      // And back, through the dialog too.
      await select.selectOption('INSTALLER');
      await dialog.getByRole('button', { name: 'Rolle ändern' }).click();
      await expect
        .poll(async () => (await users()).find((u) => u.email === DEMO.installer)?.role)
        .toBe('INSTALLER');
    } finally {
      // The database is shared by the run: whatever happened, the installer is an installer again.
      if (accessUrl && (await users()).find((u) => u.email === DEMO.installer)?.role !== 'INSTALLER') {
        await page.request.put(accessUrl, { headers: authHeaders(token), data: { role: 'INSTALLER' } });
      }
    }
  });

  test('the confirmation in Spanish addresses the user formally', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/profile', 'es');
    const select = page.getByTestId(`team-member-${DEMO.installer}`).locator('select');
    await expect(select).toHaveValue('INSTALLER', { timeout: 30_000 });
    await select.selectOption('INSTALLER_ADMIN');
    const dialog = page.getByRole('dialog', { name: '¿Cambiar el rol?' });
    await expect(dialog).toContainText('recibirá el rol «Administrador de la empresa»');
    await expect(dialog.getByTestId('role-admin-hint')).toContainText('su equipo');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(select).toHaveValue('INSTALLER');
  });
});

test.describe('planning data table (/data) at 1440 px', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const [user, lang] of [
    [DEMO.admin, 'de'],
    [DEMO.admin, 'es'],
    [DEMO.city, 'de'],
  ] as const) {
    test(`${user} (${lang}): every column fits, no status or flag cut off`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await loginAs(page, user, '/data', lang);
      const rows = page.getByTestId('quote-row');
      await expect(rows.first()).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: `/tmp/h7-data-${user.split('@')[0]}-${lang}.png`, fullPage: true });

      const fit = await tableFits(page);
      expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.box);
      expect(fit.table, JSON.stringify(fit)).toBeLessThanOrEqual(fit.card);

      const table = page.getByTestId('planning-table');
      expect(await cutSelects(table.locator('select'))).toEqual([]);
      // Badges (task status, verification, flags) and header cells show their whole text.
      expect(await cutTexts(table.locator('.mantine-Badge-label'))).toEqual([]);
      expect(await cutTexts(table.locator('th'))).toEqual([]);

      if (user === DEMO.admin) {
        // Every task status, not only the ones on the first page, fits the select.
        const select = table.getByTestId('task-status-select').first();
        const longest = await select.evaluate((el) => {
          const s = el as HTMLSelectElement;
          const style = getComputedStyle(s);
          const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room =
            s.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return Math.max(...[...s.options].map((o) => context.measureText(o.text).width)) - room;
        });
        expect(longest).toBeLessThanOrEqual(0);
      }
    });
  }

  test('at 375 px the table may scroll sideways inside its own box', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.admin, '/data', 'de');
    await expect(page.getByTestId('quote-row').first()).toBeVisible({ timeout: 60_000 });
    // The page itself does not scroll sideways.
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/h7-data-375.png' });
  });
});
