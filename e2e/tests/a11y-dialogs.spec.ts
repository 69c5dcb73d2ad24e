import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * Accessibility of the drawers and modals (issue 9): each is opened as the role that uses it, checked
 * with axe (WCAG 2 A and AA, scoped to the dialog: no serious or critical violation), must hold the
 * focus inside, and closes with Escape. The screens themselves are checked in a11y.spec.ts.
 */
async function checkDialog(page: Page, dialog: Locator, label: string): Promise<string[]> {
  await expect(dialog, label).toBeVisible({ timeout: 30_000 });
  // Checked once it has finished sliding or fading in: mid-animation colours are blends.
  await expect
    .poll(
      () =>
        dialog.evaluate(
          (el) => getComputedStyle(el).opacity === '1' && !el.getAnimations({ subtree: true }).length,
        ),
      {
        message: `${label}: settled`,
      },
    )
    .toBe(true);
  await page.waitForTimeout(250);
  // Focus moved into the dialog.
  await expect
    .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: `${label}: focus` })
    .toBe(true);
  const result = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 2)
          .join(', ')})`,
    );
  await page.keyboard.press('Escape');
  await expect(dialog, `${label}: closes with Escape`).toHaveCount(0);
  return found;
}

async function helios(page: Page) {
  const res = await page.request.post('/api/user/installer/login', {
    data: { email: DEMO.helios, password: 'Demo-Solar-2026' },
  });
  return (await res.json()).data.token as string;
}

test.describe('accessibility of drawers and modals', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the board: record drawer, new record, task sets, CSV import, view rename and delete, bulk delete', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.helios, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    const found: string[] = [];

    await page
      .getByRole('button', { name: /^Open / })
      .first()
      .click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Task details' }), 'record drawer')),
    );

    await page.getByRole('button', { name: 'New task' }).click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'new record drawer')));

    await page.getByRole('button', { name: 'Task sets' }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Task set templates' }), 'task sets')),
    );

    await page.getByRole('button', { name: 'Import CSV' }).click();
    found.push(
      ...(await checkDialog(
        page,
        page.getByRole('dialog', { name: 'Import tasks from a CSV file' }),
        'CSV import',
      )),
    );

    await page.getByRole('button', { name: 'Options of view Project Management' }).click();
    await page.getByRole('menuitem', { name: 'Rename view' }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Rename view' }), 'rename view')),
    );

    await page.getByRole('button', { name: 'Options of view Project Management' }).click();
    await page.getByRole('menuitem', { name: 'Delete view' }).click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'delete view confirmation')));

    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .click();
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'bulk delete confirmation')));

    expect(found).toEqual([]);
  });

  test('the project view: customer target, file manager, satellite map, report a problem, offer upload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await helios(page);
    const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
      headers: authHeaders(token),
      data: {},
    });
    const project = ((await res.json()).data.docs as { _id: string; quote: { lat: number | null } }[]).find(
      (p) => p.quote.lat !== null,
    );
    if (!project) throw new Error('no Helios project with coordinates');
    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    const found: string[] = [];

    await page.getByTestId('customer-target-button').click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Customer target' }), 'customer target')),
    );

    await page.getByTestId('file-manager-button').click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'File Manager' }), 'file manager')),
    );

    await page.getByTestId('project-address').click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Satellite map' }), 'satellite map')),
    );

    await page.getByTestId('report-problem').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'report a problem')));

    await page.getByTestId('offers-section').getByTestId('offer-upload-open').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'offer upload')));

    expect(found).toEqual([]);
  });

  test('products, plans, the listing delete confirmation and the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/product', 'en');
    const found: string[] = [];

    await page.getByTestId('new-product').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'new product')));

    await page.goto('/profile');
    await page.getByTestId('section-plan').getByTestId('open-pricing').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog', { name: 'Choose your plan' }), 'plans')));

    await page.goto('/listing');
    await page.getByTestId('listing-row').first().getByTestId('select-row').check();
    await page.getByTestId('delete-selected').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'listing delete confirmation')));

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('mobile-menu-button').click();
    found.push(...(await checkDialog(page, page.getByRole('dialog').first(), 'phone menu')));

    expect(found).toEqual([]);
  });
});
