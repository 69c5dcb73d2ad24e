import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks } from '../fixtures/board';
import { minimalDocx } from '../fixtures/docx';
import { clickTwice, countWrites, holdRequests, submitTwice } from '../fixtures/network';
import { requestQuote } from '../fixtures/quotes';

/**
 * Robustness QA: double submits (Enter pressed twice, a double click), edge inputs and several tabs.
 * Unique names per run: the server is shared by parallel workers.
 */

async function viewsNamed(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.get('/api/view/user-views/tasks', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { name: string }[]).filter((v) => v.name === name).length;
}

async function taskSetsNamed(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.post('/api/task-templates/list', {
    headers: authHeaders(token),
    data: { page: 1, limit: 100 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data.docs as { name: string }[]).filter((s) => s.name === name).length;
}

test.describe('robustness: double submits', () => {
  test.describe.configure({ timeout: 150_000 });

  test('Enter pressed twice in the new view name creates one view', async ({ page }) => {
    const name = `Twice ${Date.now().toString(36)}`;
    const creates = countWrites(page, '/api/view/create');
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add view' }).click();
    const field = page.getByRole('textbox', { name: 'View name' });
    await field.fill(name);
    await submitTwice(field);
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    expect(creates()).toBe(1);
    await page.reload();
    await expect(page.getByRole('tab', { name })).toHaveCount(1, { timeout: 60_000 });
    expect(await viewsNamed(page.request, token, name)).toBe(1);
  });

  test('a double click saves a task set once and imports it once', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const saves = countWrites(page, '/api/task-templates/create');
    const imports = countWrites(page, '/api/task-templates/import-to-project');
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'en');
    const res = await page.request.get('/api/view/user-projects', { headers: authHeaders(token) });
    const projects = (await res.json()).data as { _id: string; address: string; shortId: string }[];
    const [from, to] = projects;
    if (!from || !to) throw new Error('the demo company needs two projects');
    await createTask(page.request, token, { taskName: `Dbl ${suffix} survey`, projectId: from._id });

    await page.goto(`/tasks?projectId=${from._id}`);
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Search records' }).fill(suffix);
    await expect(page.getByTestId('board-row').filter({ hasText: `Dbl ${suffix}` })).toHaveCount(1);
    await page.getByRole('button', { name: 'Task sets' }).click();
    const modal = page.getByRole('dialog', { name: 'Task set templates' });
    await modal.getByRole('button', { name: 'Save new task set' }).click();
    const name = `Dbl ${suffix}`;
    await modal.getByRole('textbox', { name: 'Template name' }).fill(name);
    await modal.getByRole('button', { name: 'Save task set' }).dblclick();
    await expect(modal.getByRole('button', { name: 'Load task set templates' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(saves()).toBe(1);
    expect(await taskSetsNamed(page.request, token, name)).toBe(1);

    await modal.getByRole('combobox', { name: 'Load into this project' }).fill(to.shortId);
    await page.getByRole('option', { name: `${to.address} (${to.shortId})` }).click();
    const load = modal.getByRole('button', { name: `Load ${name} into the project` });
    await modal.getByTestId('template-card').first().waitFor();
    for (let i = 0; i < 30 && !(await load.isVisible()); i += 1) {
      await modal.getByRole('button', { name: 'Next template' }).click();
    }
    await load.dblclick();
    await expect(page.getByText('1 task was added to the project').first()).toBeVisible();
    expect(imports()).toBe(1);
    expect((await findTasks(page.request, token, `Dbl ${suffix}`, to._id)).length).toBe(1);
  });

  test('a product sent twice at once is created once', async ({ page }) => {
    const creates = countWrites(page, '/api/product/');
    const { token } = await loginAs(page, DEMO.owner, '/product', 'en');
    const name = `Twice ${Date.now().toString(36)}`;
    await page.getByTestId('new-product').click();
    await page.getByTestId('form-name').fill(name);
    await page.getByTestId('form-type').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('product-form').getByLabel(/price/i).first().fill('100');
    await submitTwice(page.getByTestId('form-name'));
    await expect(page.getByText('Product created')).toBeVisible();
    const found = await page.request.put('/api/product/v2', {
      headers: authHeaders(token),
      params: { query: name, limit: 50 },
    });
    const ids = ((await found.json()).data.docs as { _id: string; name: string }[])
      .filter((p) => p.name === name)
      .map((p) => p._id);
    await page.request.put('/api/product/delete', {
      headers: authHeaders(token),
      params: { isDuplicate: 'true' },
      data: { deletedProducts: ids },
    });
    expect(creates()).toBe(1);
    expect(ids).toHaveLength(1);
  });

  test('an e-mail template sent twice at once is created once', async ({ page }) => {
    const creates = countWrites(page, '/api/email-template');
    // Helios: a company's own template hides the built-in ones, which other specs look for at Sonnenbau.
    const { token } = await loginAs(page, DEMO.helios, '/templates', 'en');
    const name = `Twice ${Date.now().toString(36)}`;
    await page.getByTestId('email-template-new').click();
    const form = page.getByTestId('email-template-form');
    await form.getByTestId('email-template-name').fill(name);
    await form.getByTestId('email-template-subject').fill('Your offer');
    await form.getByTestId('email-template-body').fill('Hello');
    await submitTwice(form.getByTestId('email-template-name'));
    await expect(page.getByTestId('email-template-row').filter({ hasText: name }).first()).toBeVisible();
    const list = await page.request.get('/api/email-template', { headers: authHeaders(token) });
    const ids = ((await list.json()).data as { _id: string; name: string }[])
      .filter((tpl) => tpl.name === name)
      .map((tpl) => tpl._id);
    for (const id of ids)
      await page.request.delete(`/api/email-template/${id}`, { headers: authHeaders(token) });
    expect(creates()).toBe(1);
    expect(ids).toHaveLength(1);
  });

  test('a Word template renamed and deleted twice at once is renamed once and deleted once', async ({
    page,
  }) => {
    // Helios: a company's own template comes first in the send-offer form, which other specs use at Sonnenbau.
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const name = `Twice W ${Date.now().toString(36)}`;
    const uploaded = await page.request.post('/api/word-template', {
      headers: authHeaders(token),
      multipart: {
        name,
        language: 'en',
        file: {
          name: `${name}.docx`,
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          buffer: minimalDocx('Hello {customerName}'),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const id = ((await uploaded.json()).data as { _id: string })._id;
    const path = `/api/word-template/${id}`;
    const writes = countWrites(page, path);
    try {
      await page.goto('/templates');
      await page.getByRole('tab', { name: 'PDF templates (Word)' }).click();
      const renamed = `${name} renamed`;
      await page
        .getByTestId('word-template-row')
        .filter({ hasText: name })
        .getByRole('button', { name: `Rename: ${name}` })
        .click();
      const field = page.getByRole('dialog', { name: 'Rename' }).getByRole('textbox', { name: 'Name' });
      await field.fill(renamed);
      // The answer held back: a second submit meanwhile must not be sent.
      const renaming = await holdRequests(page, `**${path}`);
      await submitTwice(field);
      await expect.poll(renaming.asked).toBe(true);
      renaming.release();
      const row = page.getByTestId('word-template-row').filter({ hasText: renamed });
      await expect(row).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Rename' })).toHaveCount(0);
      expect(writes()).toBe(1);

      const deleting = await holdRequests(page, `**${path}`);
      await row.getByRole('button', { name: `Delete: ${renamed}` }).click();
      await clickTwice(page.getByTestId('confirm-delete'));
      await expect.poll(deleting.asked).toBe(true);
      deleting.release();
      await expect(row).toHaveCount(0);
      expect(writes()).toBe(2);
      // A second delete would have answered 404 and said so instead.
      await expect(page.getByText('Template deleted successfully').first()).toBeVisible();
      await expect(page.getByText('Failed to delete template')).toHaveCount(0);
    } finally {
      await page.request.delete(path, { headers: authHeaders(token) });
    }
  });

  test('an e-mail template deleted twice at once is deleted once', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const name = `Twice D ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/email-template', {
      headers: authHeaders(token),
      data: { name, language: 'en', subject: 'Your offer', body: 'Hello {{customerName}}' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()).data as { _id: string })._id;
    const path = `/api/email-template/${id}`;
    const deletes = countWrites(page, path);
    try {
      await page.goto('/templates');
      const row = page.getByTestId('email-template-row').filter({ hasText: name });
      await row.getByRole('button', { name: `Delete: ${name}` }).click();
      const deleting = await holdRequests(page, `**${path}`);
      await clickTwice(page.getByTestId('confirm-delete'));
      await expect.poll(deleting.asked).toBe(true);
      deleting.release();
      await expect(row).toHaveCount(0);
      expect(deletes()).toBe(1);
      await expect(page.getByText('Template deleted successfully').first()).toBeVisible();
      await expect(page.getByText('Failed to delete template')).toHaveCount(0);
    } finally {
      await page.request.delete(path, { headers: authHeaders(token) });
    }
  });

  test('an invitation sent twice at once is sent once', async ({ page }) => {
    const { user } = await loginAs(page, DEMO.owner, '/profile', 'en');
    const companyId = (user as unknown as { installerPartner: { _id: string }[] }).installerPartner[0]?._id;
    const invites = countWrites(page, `/api/installer/userAceess/${companyId}`);
    const invite = page.getByTestId('section-invite');
    const email = invite.getByRole('textbox', { name: 'E-mail', exact: true });
    await email.fill(`twice-${Date.now().toString(36)}@sonnenbau.test`);
    const answered = page.waitForResponse((r) => r.url().includes('/api/installer/userAceess/'));
    await submitTwice(email);
    await answered;
    expect(invites()).toBe(1);
    await expect(page.getByText('User has been invited').first()).toBeVisible();
    await expect(email).toHaveValue('');
  });
});

test.describe('robustness: leaving a page and long text', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reloading or closing the tab with an unsaved product form asks first', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/product', 'en');
    await page.getByTestId('new-product').click();
    const name = page.getByTestId('form-name');
    // Nothing typed: the page reloads without a question.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload();
    await expect(page.getByTestId('new-product')).toBeVisible();
    expect(asked).toEqual([]);

    await page.getByTestId('new-product').click();
    await name.fill('Half-typed product');
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    expect((await question).type()).toBe('beforeunload');
  });

  test('closing the tab with an unsaved new board record asks first', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'New task' }).click();
    await page.getByRole('dialog').getByRole('textbox').first().fill('Half-typed task');
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    expect((await question).type()).toBe('beforeunload');
  });

  test('a template name without spaces wraps on a phone: its actions stay in reach', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'de');
    const name = `Lang${Date.now().toString(36)}${'x'.repeat(180)}`;
    const res = await page.request.post('/api/email-template', {
      headers: authHeaders(token),
      data: { name, language: 'de', subject: 'Betreff', body: 'Hallo {{customerName}}' },
    });
    expect(res.status()).toBe(200);
    const id = (await res.json()).data._id as string;
    try {
      await page.goto('/templates');
      const row = page.getByTestId('email-template-row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(row.getByRole('button', { name: `Bearbeiten: ${name}` })).toBeInViewport();
      const table = page.getByTestId('email-templates-table');
      const widths = await table.evaluate((el) => ({
        table: el.scrollWidth,
        box: el.parentElement?.clientWidth,
      }));
      expect(widths.table).toBeLessThanOrEqual(widths.box ?? 0);
    } finally {
      await page.request.delete(`/api/email-template/${id}`, { headers: authHeaders(token) });
    }
  });
});

test('a customer name and address without spaces wrap in the project view on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const unique = Date.now().toString(36);
  const lastName = `Lang${unique}${'y'.repeat(80)}`;
  const street = `Sonnen${unique}${'x'.repeat(150)}strasse 12`;
  const shortId = await requestQuote(page.request, {
    lastName,
    email: `long-${unique}@example.test`,
    phone: '+49 89 1234567',
    address: street,
    partner: 'sonnenbau',
  });

  await page.setViewportSize({ width: 375, height: 800 });
  const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'de');
  const search = await page.request.post('/api/saved-project/installer/search?page=1&limit=5', {
    headers: authHeaders(token),
    data: { search: shortId },
  });
  const project = (await search.json()).data.docs[0] as { _id: string };
  expect(project).toBeTruthy();
  await page.goto(`/projectview?projectId=${project._id}`);
  await expect(page.getByTestId('project-owner')).toContainText(lastName);
  await expect(page.getByTestId('project-address')).toContainText(street);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // The whole address shows: its button grows with the wrapped lines instead of cutting them off.
  const address = await page.getByTestId('project-address').evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    return { scroll: label.scrollHeight, client: label.clientHeight };
  });
  expect(address.scroll).toBeLessThanOrEqual(address.client + 1);
});
