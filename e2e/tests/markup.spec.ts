import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * User text never runs as markup (issue 8): script and HTML stored in a product name, a customer
 * target and a board record come back as text on the page, and nothing they carry runs.
 */
const probe = (tag: string) =>
  `<img src=x onerror="window.__xss='${tag}'"><script>window.__xss='${tag}'</script>`;

test.describe('stored markup is shown as text', () => {
  test.describe.configure({ timeout: 150_000 });

  test('in the catalogue, the project view and the board', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const headers = authHeaders(token);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    // A product of the company's own catalogue.
    const productName = `${probe('product')} ${stamp}`;
    const product = await page.request.post('/api/product/?isDuplicate=true', {
      headers,
      data: { type: 'battery', name: productName, manufacturer: 'Test', details: {}, price: 100 },
    });
    expect(product.status()).toBe(200);
    await page.goto('/product');
    await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
    await expect(page.getByText(productName, { exact: true }).first()).toBeVisible({ timeout: 30_000 });

    // A customer target of a project.
    const list = await page.request.post('/api/saved-project/installer/search?page=1&limit=1', {
      headers,
      data: {},
    });
    const project = (await list.json()).data.docs[0] as { _id: string };
    const target = `${probe('target')}`.slice(0, 90);
    const saved = await page.request.put(`/api/saved-project/update/${project._id}`, {
      headers,
      data: { customerTarget: [target], notes: probe('notes') },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`/projectview?projectId=${project._id}`);
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('customer-target-button').click();
    await expect(page.getByTestId('customer-notes')).toHaveValue(probe('notes'));
    await expect(page.getByTestId('customer-target-drawer').getByText(target, { exact: true })).toBeVisible();

    // A board record.
    const taskName = `${probe('task')} ${stamp}`;
    const task = await page.request.post('/api/task/create', {
      headers,
      data: { board: 'tasks', taskName, projectId: project._id },
    });
    expect(task.status()).toBe(200);
    // The project's tasks: a handful of rows, the new one among them.
    await page.goto(`/tasks?projectId=${project._id}`);
    await expect(page.getByText(taskName, { exact: true }).first()).toBeVisible({ timeout: 60_000 });

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.request.post('/api/task/delete/multiple', {
      headers,
      data: { taskIds: [(await task.json()).data._id] },
    });
  });
});
