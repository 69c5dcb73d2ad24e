import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * The pages' headings (docs/decisions/0035): each page behind the login has one h1, its own title (the
 * header's 'Solar Project' is no heading), and a page change puts the focus on it. The buttons and tabs
 * with a count badge say the count in their names.
 */

const h1s = (page: Page) => page.getByRole('heading', { level: 1 });

/** One h1 on the page, the title in the content, and it has the focus. */
async function expectFocusedTitle(page: Page, name: string) {
  const title = page.locator('main#main-content').getByRole('heading', { level: 1, name, exact: true });
  await expect(title).toBeVisible({ timeout: 60_000 });
  await expect(h1s(page)).toHaveCount(1);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(title).toBeFocused();
  return title;
}

test.describe('page headings', () => {
  test.describe.configure({ timeout: 150_000 });

  test("an installer's pages: one h1, the page's title, focused after a move by the sidebar", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DEMO.installer, '/dashboard', 'en');
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
    // The header's title looks as before but is no heading.
    await expect(page.getByTestId('header-title')).toHaveText('Solar Project – Dashboard');
    await expect(page.getByTestId('header-title')).not.toHaveRole('heading');

    const screens: [string, string][] = [
      ['listing', 'Project listing'],
      ['mapview', 'Map listing'],
      ['product', 'Product catalogue'],
      ['profile', 'Settings'],
      ['projects', 'Projects'],
    ];
    for (const [key, name] of screens) {
      // A menu link followed with the keyboard: the new page's title takes the focus.
      await page.getByTestId(`nav-${key}`).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${key}$`));
      await expectFocusedTitle(page, name);
    }

    // Followed with a click: the title has the focus too, with no ring drawn around it.
    await page.getByTestId('nav-listing').click();
    const listing = await expectFocusedTitle(page, 'Project listing');
    expect(await listing.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

    // The project view's title is the project owner's name.
    const open = page.getByTestId('open-project').first();
    await expect(open).toBeVisible({ timeout: 60_000 });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    const owner = (await page.getByTestId('project-owner').textContent()) ?? '';
    expect(owner).not.toBe('');
    await expectFocusedTitle(page, owner);
  });

  test("the planning data's change-request tab says its count in its name", async ({ page }) => {
    // Three open requests, whatever other tests leave open meanwhile.
    const request = (i: number) => ({
      _id: `00000000-0000-4000-8000-0000000000a${i}`,
      quoteId: `00000000-0000-4000-8000-0000000000b${i}`,
      shortId: `QA${i}`,
      address: `Bahnhofstraße ${i}, 66111 Saarbrücken`,
      companyName: 'Sonnenbau',
      reason: 'other',
      comment: '',
      status: 'open',
      createdAt: '2026-12-01T08:00:00.000Z',
      resolvedAt: null,
      resolvedByName: null,
    });
    const open = (url: URL) =>
      url.pathname === '/api/change-requests' && url.searchParams.get('status') === 'open';
    await page.route(open, (route) => route.fulfill({ json: { data: { docs: [1, 2, 3].map(request) } } }));
    await loginAs(page, DEMO.admin, '/data', 'en');
    const tab = page.getByRole('tab', { name: 'Change requests, 3 open', exact: true });
    await expect(tab).toBeVisible({ timeout: 60_000 });
    await expect(tab.getByText('3', { exact: true })).toBeVisible();
  });

  const COUNTS = [
    {
      lang: 'en',
      targets: 2,
      files: 3,
      target: 'Customer target, 2 selected',
      manager: 'File Manager, 3 files',
    },
    {
      lang: 'de',
      targets: 2,
      files: 1,
      target: 'Kundenziel, 2 ausgewählt',
      manager: 'Dateimanager, 1 Datei',
    },
    {
      lang: 'es',
      targets: 1,
      files: 2,
      target: 'Objetivo del cliente, 1 seleccionado',
      manager: 'Gestor de archivos, 2 archivos',
    },
  ];
  for (const { lang, targets, files, target, manager } of COUNTS) {
    test(`the project view's header buttons say their counts in their names (${lang})`, async ({ page }) => {
      const { token } = await loginAs(page, DEMO.installer, '/listing', lang);
      const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
        headers: { authorization: `JWT ${token}` },
        data: {},
      });
      const project = (await res.json()).data.docs[0] as { _id: string };
      // The project as the server has it, with the counts of this test (no other test's uploads in them).
      await page.route(`**/api/saved-project/project/${project._id}`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const file = (i: number) => ({
          _id: `00000000-0000-4000-8000-00000000000${i}`,
          name: `plan-${i}.pdf`,
          url: `/media/plan-${i}.pdf`,
          mimeType: 'application/pdf',
          size: 1000,
          createdAt: '2026-12-01T08:00:00.000Z',
          createdBy: null,
        });
        body.data.customerTarget = ['Autarkie', 'Wallbox', 'Wärmepumpe'].slice(0, targets);
        body.data.uploadedInstallerImages = Array.from({ length: files }, (_, i) => file(i + 1));
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/projectview?projectId=${project._id}`);
      await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });

      const targetButton = page.getByRole('button', { name: target, exact: true });
      await expect(targetButton).toHaveAttribute('data-testid', 'customer-target-button');
      const managerButton = page.getByRole('button', { name: manager, exact: true });
      await expect(managerButton).toHaveAttribute('data-testid', 'file-manager-button');
      // The badges still show the numbers.
      await expect(targetButton.getByText(String(targets), { exact: true })).toBeVisible();
      await expect(managerButton.getByText(String(files), { exact: true })).toBeVisible();
    });
  }
});
