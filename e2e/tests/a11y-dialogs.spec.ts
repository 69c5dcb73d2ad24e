import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';
import { minimalDocx } from '../fixtures/docx';

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

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  return (await res.json()).data.token as string;
}

async function helios(page: Page) {
  return tokenOf(page.request, DEMO.helios);
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

    await page
      .getByRole('button', { name: /^Options of view / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Rename view' }).click();
    found.push(
      ...(await checkDialog(page, page.getByRole('dialog', { name: 'Rename view' }), 'rename view')),
    );

    await page
      .getByRole('button', { name: /^Options of view / })
      .first()
      .click();
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
  test('the board columns: column menu and its pages, insert and delete property, formula editor, filter, add property', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.helios, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    const found: string[] = [];
    const header = page.getByRole('button', { name: 'Column Kosten (€)' });
    // A dialog (it holds the name field) with the menu of the column's actions.
    const menu = page.getByRole('dialog', { name: 'Column Kosten (€)' });

    await header.click();
    found.push(...(await checkDialog(page, menu, 'column menu')));

    await header.click();
    await menu.getByRole('menuitem', { name: 'Change type' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Back' })).toBeVisible();
    found.push(...(await checkDialog(page, menu, 'column menu: change type')));

    await header.click();
    await menu.getByRole('menuitem', { name: 'Choose icon' }).click();
    await expect(menu.getByRole('group', { name: 'Choose icon' })).toBeVisible();
    found.push(...(await checkDialog(page, menu, 'column menu: choose icon')));

    // Items of the menu that open a dialog of their own: [item, dialog, label].
    for (const [item, dialog, label] of [
      ['Edit formula', 'Formula of Kosten (€)', 'formula editor'],
      ['Insert left', 'Insert left', 'insert property'],
      ['Delete', 'Delete property', 'delete property confirmation'],
    ] as const) {
      await header.click();
      await menu.getByRole('menuitem', { name: item }).click();
      found.push(...(await checkDialog(page, page.getByRole('dialog', { name: dialog }), label)));
    }

    // 'Filter' adds a condition on the column to the view; it is removed again afterwards.
    await header.click();
    await menu.getByRole('menuitem', { name: 'Filter' }).click();
    const filters = page.getByRole('dialog', { name: /^Filter/ });
    await expect(filters.getByRole('button', { name: 'Remove filter Kosten (€)' })).toBeVisible();
    found.push(...(await checkDialog(page, filters, 'filter panel')));
    await page.getByTestId('toolbar-filter').click();
    await filters.getByRole('button', { name: 'Remove filter Kosten (€)' }).click();
    await expect(filters.getByRole('button', { name: 'Remove filter Kosten (€)' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(filters).toHaveCount(0);

    for (const [button, label] of [
      ['toolbar-sort', 'Sort'],
      ['toolbar-group', 'Group'],
      ['toolbar-properties', 'Properties'],
    ] as const) {
      await page.getByTestId(button).click();
      found.push(
        ...(await checkDialog(
          page,
          page.getByRole('dialog', { name: label }),
          `${label.toLowerCase()} panel`,
        )),
      );
    }

    await page.getByRole('columnheader').getByRole('button', { name: 'Add property' }).click();
    const add = page.getByRole('dialog').filter({ has: page.getByTestId('add-property-form') });
    found.push(...(await checkDialog(page, add, 'add property')));

    // The new-property form with a formula: its editor and the type list.
    await page.getByRole('columnheader').getByRole('button', { name: 'Add property' }).click();
    await add.getByRole('combobox', { name: 'Type', exact: true }).click();
    await add.getByRole('option', { name: 'Formula', exact: true }).click();
    await add.getByRole('textbox', { name: 'Formula' }).fill('prop("Aufwand (h)") * 2');
    await expect(add.getByTestId('formula-preview')).toBeVisible();
    found.push(...(await checkDialog(page, add, 'add property: formula')));

    expect(found).toEqual([]);
  });

  test('the product catalogue: price modal and delete confirmation of an own product', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await tokenOf(page.request, DEMO.owner);
    const name = `A11y Battery ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/product/', {
      headers: authHeaders(token),
      params: { isDuplicate: 'true' },
      data: {
        type: 'battery',
        name,
        manufacturer: 'E2E Energy',
        details: { capacityKwh: 10, warrantyYears: 10 },
        price: 4990,
        bulkPrices: [{ minQuantity: 5, price: 4790 }],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await loginAs(page, DEMO.owner, '/product', 'en');
    await page.getByTestId('product-search').fill(name);
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    const found: string[] = [];

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit price & bulk prices' }).click();
    found.push(
      ...(await checkDialog(
        page,
        page.getByRole('dialog', { name: 'Price and bulk prices' }),
        'price modal',
      )),
    );

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete product' }).click();
    found.push(
      ...(await checkDialog(
        page,
        // One product: the title says so.
        page.getByRole('dialog', { name: 'Delete product', exact: true }),
        'product delete confirmation',
      )),
    );

    expect(found).toEqual([]);
  });

  test('the send-offer form on the project view', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const found: string[] = [];

    // Helios uploads an offer on a project past acquisition (the stage tests pick acquisition ones).
    const token = await helios(page);
    const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
      headers: authHeaders(token),
      data: {},
    });
    const docs = (await res.json()).data.docs as { _id: string; projectStatus: string }[];
    const project = docs.find((p) => p.projectStatus !== 'ACQUISITION') ?? docs[0];
    if (!project) throw new Error('no Helios project');
    const offer = await page.request.post('/api/offers', {
      headers: authHeaders(token),
      data: {
        projectId: project._id,
        moduleQuantity: 20,
        productionCapacity: 8000,
        finalPrice: 16_500,
        yearlyProduction: 7800,
        monthlySolarData: Object.fromEntries(MONTHS.map((m) => [m, 650])),
      },
    });
    expect(offer.status(), await offer.text()).toBe(200);
    const { version } = (await offer.json()).data as { version: number };
    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await page.getByTestId('offers-section').getByTestId(`offer-send-${version}`).click();
    const send = page.getByRole('dialog', { name: `Send offer v${version} to the customer` });
    await expect(send.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
    found.push(...(await checkDialog(page, send, 'send offer')));

    expect(found).toEqual([]);
  });

  test('the paywall of a PV Sol download on the free plan', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Sonnenbau is on the free plan: a PV Sol file meets the paywall without using the OBJ quota that
    // plans.spec.ts counts. The oldest project, as the plans tests use the newest.
    const ownerToken = await tokenOf(page.request, DEMO.owner);
    const rows = await page.request.post(
      '/api/saved-project/installer/search?page=1&limit=100&sortColumn=date&sortOrder=asc',
      { headers: authHeaders(ownerToken), data: {} },
    );
    const oldest = ((await rows.json()).data.docs as { _id: string; quoteId: string }[])[0];
    if (!oldest) throw new Error('no Sonnenbau project');
    const upload = await page.request.post('/api/planning-files', {
      headers: authHeaders(await tokenOf(page.request, DEMO.admin)),
      multipart: {
        quoteId: oldest.quoteId,
        kind: 'pvsol',
        file: { name: 'roof.pvsol', mimeType: 'application/octet-stream', buffer: Buffer.from('pvsol') },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    await loginAs(page, DEMO.owner, `/projectview?projectId=${oldest._id}`, 'en');
    await page.getByTestId('planning-file-pvsol').getByTestId('download-pvsol').click();
    const paywall = page.getByRole('dialog', { name: 'Premium plan required' });
    await expect(paywall.getByTestId('paywall-message')).toBeVisible();
    expect(await checkDialog(page, paywall, 'paywall')).toEqual([]);
  });

  test('the templates: e-mail template editor, Word template rename, and the delete confirmations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await tokenOf(page.request, DEMO.installer);
    const suffix = Date.now().toString(36);
    const mail = `A11y Mail ${suffix}`;
    const word = `A11y Word ${suffix}`;
    const created = await page.request.post('/api/email-template', {
      headers: authHeaders(token),
      data: { name: mail, language: 'en', subject: 'Your offer', body: 'Hello {{customerName}}' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const uploaded = await page.request.post('/api/word-template', {
      headers: authHeaders(token),
      multipart: {
        name: word,
        language: 'en',
        file: {
          name: `${word}.docx`,
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          buffer: minimalDocx('Hello {customerName}'),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    // Removed again afterwards: a company's own templates come first in the send-offer form.
    const cleanUp = async () => {
      for (const [kind, res] of [
        ['email-template', created],
        ['word-template', uploaded],
      ] as const) {
        const id = ((await res.json()).data as { _id: string })._id;
        const removed = await page.request.delete(`/api/${kind}/${id}`, { headers: authHeaders(token) });
        expect.soft(removed.status(), `${kind} removed`).toBe(200);
      }
    };
    try {
      await loginAs(page, DEMO.installer, '/templates', 'en');
      await expect(page.getByTestId('email-templates-table')).toBeVisible({ timeout: 60_000 });
      const found: string[] = [];

      await page.getByTestId('email-template-new').click();
      found.push(
        ...(await checkDialog(
          page,
          page.getByRole('dialog', { name: 'New e-mail template' }),
          'new e-mail template',
        )),
      );

      const mailRow = page.getByTestId('email-template-row').filter({ hasText: mail });
      await mailRow.getByRole('button', { name: `Edit: ${mail}` }).click();
      const editor = page.getByRole('dialog', { name: 'Edit e-mail template' });
      await editor.getByTestId('email-template-preview').click();
      await expect(editor.getByTestId('email-template-preview-result')).toBeVisible();
      found.push(...(await checkDialog(page, editor, 'e-mail template editor with preview')));

      await mailRow.getByRole('button', { name: `Delete: ${mail}` }).click();
      found.push(
        ...(await checkDialog(
          page,
          page.getByRole('dialog', { name: 'Delete template' }),
          'e-mail template delete confirmation',
        )),
      );

      await page.getByRole('tab', { name: 'PDF templates (Word)' }).click();
      const wordRow = page.getByTestId('word-template-row').filter({ hasText: word });
      await wordRow.getByRole('button', { name: `Rename: ${word}` }).click();
      found.push(
        ...(await checkDialog(page, page.getByRole('dialog', { name: 'Rename' }), 'Word template rename')),
      );

      await wordRow.getByRole('button', { name: `Delete: ${word}` }).click();
      found.push(
        ...(await checkDialog(
          page,
          page.getByRole('dialog', { name: 'Delete template' }),
          'Word template delete confirmation',
        )),
      );

      expect(found).toEqual([]);
    } finally {
      await cleanUp();
    }
  });
});
