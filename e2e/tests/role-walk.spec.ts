import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';
import { newColleague } from '../fixtures/users';

/**
 * The walk through the portal as each role: what the interface offers matches what the API allows.
 * Each screen of the role's menu loads without a refused call, a screen outside it leads home, and a
 * role changed while the portal is open is noticed at once through the live stream (the server ends
 * it, the next one reads the user again), or at the first refusal without it.
 */

/** The API calls a page answered with 4xx or 5xx while `during` ran. */
async function refusedCalls(page: Page, during: () => Promise<void>): Promise<string[]> {
  const refused: string[] = [];
  const onResponse = (r: { status: () => number; url: () => string }) => {
    if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  };
  page.on('response', onResponse);
  try {
    await during();
  } finally {
    page.off('response', onResponse);
  }
  return refused;
}

/** The demo company's admin gives its member `userId` another role, through the API. */
async function setRoleByOwner(request: APIRequestContext, userId: string, role: string) {
  const ownerLogin = await request.post('/api/user/installer/login', {
    data: { email: DEMO.owner, password: DEMO_PASSWORD },
  });
  const owner = (await ownerLogin.json()).data;
  const companyId = owner.user.installerPartner[0]._id as string;
  const changed = await request.put(`/api/installer/userAceess/${companyId}/${userId}`, {
    headers: authHeaders(owner.token),
    data: { role },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

const WALKS: { email: string; role: string; screens: string[]; outside: string[]; home: string }[] = [
  {
    email: DEMO.admin,
    role: 'Plattform-Admin',
    screens: ['/dashboard', '/listing', '/overview', '/data', '/product', '/profile', '/3D'],
    outside: ['/projects', '/tasks'],
    home: '/dashboard',
  },
  {
    email: DEMO.city,
    role: 'Stadt-Admin',
    screens: ['/listing', '/data', '/profile', '/3D'],
    outside: ['/dashboard', '/overview', '/product', '/projects', '/tasks'],
    home: '/listing',
  },
  {
    email: DEMO.installer,
    role: 'Installateur',
    screens: ['/dashboard', '/listing', '/overview', '/product', '/profile', '/templates', '/tasks'],
    outside: ['/data', '/3D'],
    home: '/dashboard',
  },
];

test.describe('the walk as each role (1280 px, German)', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const walk of WALKS) {
    test(`${walk.role}: every screen of the menu loads without a refused call; others lead home`, async ({
      page,
    }) => {
      await loginAs(page, walk.email, walk.screens[0]);
      await expect(page.getByTestId('sidebar')).toContainText(walk.role, { timeout: 30_000 });
      for (const path of walk.screens) {
        const refused = await refusedCalls(page, async () => {
          await page.goto(path);
          await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
          // The screen's own calls (the live events' stream never ends, so no wait for an idle network).
          await page.waitForTimeout(1500);
        });
        expect(refused, `${walk.role} on ${path}`).toEqual([]);
      }
      for (const path of walk.outside) {
        await page.goto(path);
        await expect(page, `${walk.role} opening ${path}`).toHaveURL(new RegExp(`${walk.home}$`));
      }
    });
  }
});

test.describe('a role changed while the portal is open', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the first refusal reads the user again: the new role shows and delete is no longer offered', async ({
    page,
    request,
  }) => {
    // A colleague of their own, so that no other spec's sales user changes role.
    const email = await newColleague(
      request,
      { role: 'INSTALLER_SALES', firstName: 'Rolf', lastName: 'Rollenwechsel' },
      { seenTour: true },
    );
    // Without the live stream (lost, or held back by a proxy), which would tell of the new role first.
    await page.route('**/api/events', (route) => route.abort());
    const me = await loginAs(page, email, '/listing');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toContainText('Vertrieb', { timeout: 30_000 });
    await page.getByTestId('select-row').first().click();
    await expect(page.getByTestId('delete-selected')).toBeVisible();

    // Meanwhile the company's admin makes them an installer, who may not delete projects.
    await setRoleByOwner(request, me.user._id, 'INSTALLER');

    await page.getByTestId('delete-selected').click();
    const refused = page.waitForResponse((r) => r.url().includes('/api/saved-project/delete'));
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    expect((await refused).status()).toBe(403);

    // The refusal is said in German, and the screen now shows what the new role may do.
    await expect(page.getByText('Dazu sind Sie nicht berechtigt')).toBeVisible();
    await expect(sidebar).toContainText('Installateur');
    await expect(sidebar).not.toContainText('Vertrieb');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('delete-selected')).toHaveCount(0);
    await expect(page.getByTestId('select-row')).toHaveCount(0);
  });

  test('with the live stream, a promotion shows without a click: the stream ends and the user is read again', async ({
    page,
    request,
  }) => {
    const email = await newColleague(
      request,
      { role: 'INSTALLER', firstName: 'Paula', lastName: 'Befoerdert' },
      { seenTour: true },
    );
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', {
      timeout: 60_000,
    });
    const me = await loginAs(page, email, '/listing');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toContainText('Installateur', { timeout: 30_000 });
    await expect(page.getByTestId('select-row')).toHaveCount(0);
    expect((await stream).status()).toBe(200);

    await setRoleByOwner(request, me.user._id, 'INSTALLER_SALES');

    // Nothing is clicked: the new role shows, and with it what a sales member may do.
    await expect(sidebar).toContainText('Vertrieb', { timeout: 15_000 });
    await expect(page.getByTestId('select-row').first()).toBeVisible();
  });
});
