import { DEMO, expect, loginAs, test } from '../fixtures/auth';

test.describe('customer-target drawer: nothing typed is lost to a failed save', () => {
  test.describe.configure({ timeout: 150_000 });

  test('notes typed just before closing: the failure says so, a reopened drawer keeps them, the retry saves them', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.helios, '/projects', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    const opener = page.getByRole('button', { name: /^Customer target of / }).first();
    const label = (await opener.getAttribute('aria-label')) as string;
    const openTarget = async () => {
      await page.getByRole('button', { name: label, exact: true }).click({ force: true });
      const drawer = page.getByRole('dialog', { name: 'Customer target' });
      await expect(drawer.getByRole('textbox', { name: 'Notes' })).toBeVisible({ timeout: 30_000 });
      return drawer;
    };

    const puts: string[] = [];
    const update = '**/api/saved-project/update/**';
    await page.route(update, (route) => {
      puts.push(route.request().url());
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' });
    });
    const notes = `Call back after the roof survey – e2e ${Date.now()}`;
    let drawer = await openTarget();
    await drawer.getByRole('textbox', { name: 'Notes' }).fill(notes);
    // Closed at once, before the 1 s auto-save: closing saves, and that save fails.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const notice = page.getByTestId('target-failed-notice');
    await expect(page.getByText('Customer target and notes not saved')).toBeVisible();
    await expect(notice).toContainText(notes);

    // Opened again, the drawer shows what was typed, said to be unsaved.
    drawer = await openTarget();
    await expect(drawer.getByRole('textbox', { name: 'Notes' })).toHaveValue(notes);
    await expect(drawer.getByTestId('target-save-state')).toHaveAttribute('data-state', 'failed');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(notice).toContainText(notes);

    // The toast's retry saves it.
    await page.unroute(update);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toHaveCount(0);
    const projectId = (puts[0] as string).split('/').pop() as string;
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/saved-project/project/${projectId}`, {
          headers: { authorization: `JWT ${token}` },
        });
        return (await res.json()).data.notes;
      })
      .toBe(notes);
  });
});

test.describe('task-set templates: a failed list is not an empty one', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the modal says the list could not be loaded and the retry shows the task sets', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.helios, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    const name = `QA set ${Date.now()}`;
    const created = await page.request.post('/api/task-templates/create', {
      headers: { authorization: `JWT ${token}` },
      data: { name, filterData: { board: 'tasks' } },
    });
    expect(created.status()).toBe(200);

    const list = '**/api/task-templates/list';
    await page.route(list, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await page.getByRole('button', { name: 'Task sets' }).click();
    const modal = page.getByRole('dialog', { name: 'Task set templates' });
    const failed = modal.getByTestId('templates-failed');
    await expect(failed).toContainText('This could not be loaded.', { timeout: 30_000 });
    await expect(modal.getByText('No task sets yet')).toHaveCount(0);

    await page.unroute(list);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(modal.getByRole('button', { name: `Load ${name} into the project` })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test.describe('record drawer on a phone', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 375, height: 800 } });

  test("the 'show all values' button's Spanish label wraps inside the drawer instead of being cut", async ({
    page,
  }) => {
    await loginAs(page, DEMO.helios, '/projects', 'es');
    await expect(page.getByRole('grid', { name: 'Registros' })).toBeVisible({ timeout: 60_000 });
    await page
      .getByRole('grid')
      .getByRole('button', { name: /^Abrir / })
      .first()
      .click({ force: true });
    const drawer = page.getByTestId('record-drawer');
    const showAll = drawer.getByRole('button', { name: /^Mostrar todos los valores/ });
    await expect(showAll).toBeVisible({ timeout: 30_000 });
    const fit = await showAll.evaluate((button) => {
      const label = button.querySelector('.mantine-Button-label') as HTMLElement;
      const body = button.closest('.mantine-Drawer-body') as HTMLElement;
      return {
        cut: label.scrollWidth - label.clientWidth,
        beyond: button.getBoundingClientRect().right - body.getBoundingClientRect().right,
      };
    });
    expect(fit.cut).toBeLessThanOrEqual(1);
    expect(fit.beyond).toBeLessThanOrEqual(0);
  });
});

test.describe('record drawer width', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 1440, height: 850 } });

  test('a drawer dragged wide keeps 100 px of the window free when the window narrows', async ({ page }) => {
    await loginAs(page, DEMO.helios, '/tasks', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page
      .getByRole('grid')
      .getByRole('button', { name: /^Open / })
      .first()
      .click({ force: true });
    const drawer = page.getByTestId('record-drawer');
    const handle = drawer.getByTestId('drawer-resize');
    await expect(handle).toBeVisible({ timeout: 30_000 });
    // Slid in completely before the handle is measured and grabbed (on a loaded runner the drag
    // started where the handle was mid-slide and missed it).
    await expect.poll(async () => (await drawer.boundingBox())?.x, { timeout: 10_000 }).toBe(1440 - 500);
    const box = (await handle.boundingBox()) as { x: number; y: number };
    await page.mouse.move(box.x + 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(20, box.y + 200, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '1340');

    await page.setViewportSize({ width: 800, height: 850 });
    await expect(handle).toHaveAttribute('aria-valuenow', '700');
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBeGreaterThanOrEqual(100);
  });
});

test.describe('customer target from the /projects board', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a project that cannot be loaded says so instead of the drawer never opening', async ({ page }) => {
    await loginAs(page, DEMO.helios, '/projects', 'en');
    await expect(page.getByRole('grid', { name: 'Records' })).toBeVisible({ timeout: 60_000 });
    await page.route('**/api/saved-project/project/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"status":500,"message":"Project store unavailable"}',
      }),
    );
    await page
      .getByRole('button', { name: /^Customer target of / })
      .first()
      .click({ force: true });
    await expect(page.getByText('Project store unavailable')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Customer target' })).toHaveCount(0);
  });
});
