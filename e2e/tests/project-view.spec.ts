import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

interface Row {
  _id: string;
  projectStatus: string;
  responsibleUserId: string | null;
  customer: { firstName: string; lastName: string };
  quote: { lat: number | null; long: number | null };
}

/** The company's projects through the API, oldest first so the tests pick stable rows. */
async function projects(request: APIRequestContext, token: string): Promise<Row[]> {
  const res = await request.post('/api/saved-project/installer/search?page=1&limit=100&sortOrder=asc', {
    headers: authHeaders(token),
    data: {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.docs;
}

async function detail(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/saved-project/project/${id}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', {
    data: { email, password: 'Demo-Solar-2026' },
  });
  return (await res.json()).data.token;
}

test.describe('project view', () => {
  // The first screens load lazily on a busy shared machine; give each test room.
  test.describe.configure({ timeout: 150_000 });

  test('responsible person and customer-target notes are saved and kept after a reload', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const rows = await projects(page.request, token);
    // A Helios project with nobody responsible (the seeder leaves every other one unassigned).
    const project = rows.find((p) => p.responsibleUserId === null && p.quote.lat !== null);
    if (!project) throw new Error('no unassigned Helios project');
    const team = await page.request.get('/api/installer/users', { headers: authHeaders(token) });
    const member = (await team.json()).data.docs[0] as { _id: string; firstName: string; lastName: string };
    const memberName = `${member.firstName} ${member.lastName}`;

    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('project-owner')).toHaveText(
      `${project.customer.firstName} ${project.customer.lastName}`,
    );

    // The customer view opens in a new tab through a signed link made for this project.
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('customer-view-link').click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/customer-view\?token=/);
    await expect(popup.getByTestId('customer-view')).toBeVisible();
    await popup.close();

    // Responsible Person: saved as soon as it is chosen.
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/api/saved-project/update/${project._id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('combobox', { name: 'Responsible Person' }).click();
    await page.getByRole('option', { name: memberName }).click();
    expect((await saved).status()).toBe(200);

    // Customer target: a target and notes, auto-saved. A suggested target typed by its English name
    // is stored by its fixed value (the same in every language).
    const notes = `Callback after 5 pm – e2e ${Date.now()}`;
    await page.getByTestId('customer-target-button').click();
    const drawer = page.getByRole('dialog', { name: 'Customer target' });
    await expect(drawer).toBeVisible();
    const targets = drawer.getByRole('combobox', { name: 'Targets' });
    await targets.fill('heat pump');
    await targets.press('Enter');
    await expect(drawer.getByTestId('target-save-state')).toHaveAttribute('data-state', 'saved');
    await drawer.getByRole('textbox', { name: 'Notes' }).fill(notes);
    await expect(drawer.getByTestId('target-save-state')).toHaveAttribute('data-state', 'pending');
    await expect(drawer.getByTestId('target-save-state')).toHaveAttribute('data-state', 'saved');

    // What the database holds.
    const stored = await detail(page.request, token, project._id);
    expect(stored.responsibleUserId).toBe(member._id);
    expect(stored.notes).toBe(notes);
    expect(stored.customerTarget).toContain('Wärmepumpe');

    // And what the user sees after a reload.
    await page.reload();
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('combobox', { name: 'Responsible Person' })).toHaveValue(memberName);
    await page.getByTestId('customer-target-button').click();
    const reopened = page.getByRole('dialog', { name: 'Customer target' });
    await expect(reopened.getByRole('textbox', { name: 'Notes' })).toHaveValue(notes);
    await expect(reopened.getByText('Heat pump', { exact: true })).toBeVisible();
    await expect(reopened.getByText('Wärmepumpe', { exact: true })).toHaveCount(0);
  });

  test('file manager: a second file chosen while one uploads is not sent alongside it', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const rows = await projects(page.request, token);
    const project = rows[rows.length - 1];
    if (!project) throw new Error('no Helios project');
    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('file-manager-button').click();
    const drawer = page.getByRole('dialog', { name: 'File Manager' });
    const posts: string[] = [];
    // A slow line: the first upload is still on its way when the second file comes.
    await page.route('**/api/media', async (route) => {
      posts.push(route.request().method());
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const stamp = Date.now();
    const pdf = (name: string) => ({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await drawer.getByTestId('file-input').setInputFiles(pdf(`first-${stamp}.pdf`));
    await expect(drawer.getByTestId('upload-progress')).toBeVisible();
    await drawer.getByTestId('file-input').setInputFiles(pdf(`second-${stamp}.pdf`));
    await expect(drawer.locator(`[data-testid="file-row"][data-name="first-${stamp}.pdf"]`)).toBeVisible();
    await page.waitForTimeout(2000);
    expect(posts).toEqual(['POST']);
    await expect(drawer.locator(`[data-testid="file-row"][data-name="second-${stamp}.pdf"]`)).toHaveCount(0);
  });

  test('file manager: upload a PDF, see it listed, download it, refuse a wrong type, delete it', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const rows = await projects(page.request, token);
    const project = rows[rows.length - 1];
    if (!project) throw new Error('no Helios project');
    const name = `offer-${Date.now()}.pdf`;
    const content = '%PDF-1.4\n% e2e test offer\n%%EOF\n';

    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('file-manager-button').click();
    const drawer = page.getByRole('dialog', { name: 'File Manager' });
    await expect(drawer).toBeVisible();

    await drawer.getByTestId('file-input').setInputFiles({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.from(content),
    });
    const row = drawer.locator(`[data-testid="file-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();
    const stored = await detail(page.request, token, project._id);
    expect(stored.uploadedInstallerImages.map((f: { name: string }) => f.name)).toContain(name);

    // Download: fetched with the JWT header and saved as a file with the same bytes.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('latin1')).toBe(content);

    // A type the server does not take is refused with a clear message before uploading.
    await drawer.getByTestId('file-input').setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await expect(drawer.getByTestId('upload-error')).toContainText('This file type is not allowed');

    // Delete after confirming.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);
    const after = await detail(page.request, token, project._id);
    expect(after.uploadedInstallerImages.map((f: { name: string }) => f.name)).not.toContain(name);
  });

  test('satellite map with coordinates, and the message without', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const rows = await projects(page.request, token);
    const withCoords = rows.find((p) => p.quote.lat !== null);
    const withoutCoords = rows.find((p) => p.quote.lat === null);
    if (!withCoords || !withoutCoords)
      throw new Error('demo data lacks projects with and without coordinates');

    await loginAs(page, DEMO.owner, `/projectview?projectId=${withCoords._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('project-address').click();
    const modal = page.getByRole('dialog', { name: 'Satellite map' });
    await expect(modal.getByTestId('satellite-map')).toBeVisible();
    await expect(modal.locator('.leaflet-container')).toBeVisible();
    await expect(modal.getByText('Location information is not available.')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page.goto(`/projectview?projectId=${withoutCoords._id}`);
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('project-address').click();
    const empty = page.getByRole('dialog', { name: 'Satellite map' });
    await expect(empty.getByText('Location information is not available.')).toBeVisible();
    await expect(empty.getByTestId('satellite-map')).toHaveCount(0);
  });

  test('stage change offers only the allowed next stages and records the history', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const rows = await projects(page.request, token);
    const project = rows.filter((p) => p.projectStatus === 'ACQUISITION').at(-2);
    if (!project) throw new Error('no Helios project in acquisition');
    const before = await detail(page.request, token, project._id);

    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('stage-current')).toHaveText('Acquisition');
    const select = page.getByRole('combobox', { name: 'Move to' });
    // ACQUISITION may only move to OFFER_PROVIDED.
    await expect(select.locator('option')).toHaveText(['Choose the next stage', 'Offer provided']);
    await select.selectOption('OFFER_PROVIDED');
    await page.getByTestId('stage-submit').click();
    await expect(page.getByTestId('stage-current')).toHaveText('Offer provided');
    await expect(page.getByTestId('history-entry').first()).toContainText('Acquisition → Offer provided');

    const after = await detail(page.request, token, project._id);
    expect(after.projectStatus).toBe('OFFER_PROVIDED');
    expect(after.history).toHaveLength(before.history.length + 1);
  });

  test('a failed notes save says so with a retry, keeps the text, and the retry saves it', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const project = (await projects(page.request, token)).at(-3) as Row;
    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('customer-target-button').click();
    const drawer = page.getByRole('dialog', { name: 'Customer target' });
    const update = `**/api/saved-project/update/${project._id}`;
    await page.route(update, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    const notes = `Roof survey on Monday – e2e ${Date.now()}`;
    await drawer.getByRole('textbox', { name: 'Notes' }).fill(notes);
    const failed = drawer.getByTestId('target-save-failed');
    await expect(failed).toContainText('Not saved');
    await expect(drawer.getByRole('textbox', { name: 'Notes' })).toHaveValue(notes);

    await page.unroute(update);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(drawer.getByTestId('target-save-state')).toHaveAttribute('data-state', 'saved');
    expect((await detail(page.request, token, project._id)).notes).toBe(notes);
  });

  test('moving to the last stage asks first: Cancel keeps the stage, the confirmation moves it', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const signed = (await projects(page.request, token))
      .filter((p) => p.projectStatus === 'INSTALLER_SIGNED')
      .at(-1);
    if (!signed) throw new Error('no signed Helios project');

    await loginAs(page, DEMO.helios, `/projectview?projectId=${signed._id}`, 'de');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('stage-select').selectOption('PROJECT_REALIZED');
    await page.getByTestId('stage-submit').click();
    const dialog = page.getByRole('dialog', { name: 'In die letzte Phase verschieben?' });
    await expect(dialog).toContainText('„Projekt realisiert“ ist die letzte Phase');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    expect((await detail(page.request, token, signed._id)).projectStatus).toBe('INSTALLER_SIGNED');

    await page.getByTestId('stage-submit').click();
    await dialog.getByRole('button', { name: 'Nach „Projekt realisiert“ verschieben' }).click();
    await expect(page.getByTestId('stage-current')).toHaveText('Projekt realisiert');
    await expect(page.getByTestId('stage-final')).toBeVisible();
    await expect
      .poll(async () => (await detail(page.request, token, signed._id)).projectStatus)
      .toBe('PROJECT_REALIZED');
  });

  test('sales may not confirm a realization, and a refused move shows the server message', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, DEMO.sales);
    const rows = await projects(page.request, token);
    const signed = rows.find((p) => p.projectStatus === 'INSTALLER_SIGNED');
    if (!signed) throw new Error('no signed Sonnenbau project');

    await loginAs(page, DEMO.sales, `/projectview?projectId=${signed._id}`, 'en');
    await expect(page.getByTestId('project-view')).toBeVisible({ timeout: 60_000 });
    const select = page.getByRole('combobox', { name: 'Move to' });
    // INSTALLER_SIGNED → PROJECT_REALIZED is the crew's or the admin's move, not sales'.
    await expect(select.locator('option')).toHaveText(['Choose the next stage', 'Offer not accepted']);

    // When the server refuses a move (400), its message is shown and the stage stays.
    await page.route(`**/api/saved-project/update/${signed._id}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ status: 400, message: 'Move refused: Installer signed → Offer not accepted' }),
      }),
    );
    await select.selectOption('OFFER_NOT_ACCEPTED');
    await page.getByTestId('stage-submit').click();
    await expect(page.getByTestId('stage-error')).toContainText(
      'Move refused: Installer signed → Offer not accepted',
    );
    await expect(page.getByTestId('stage-current')).toHaveText('Installer signed');

    // A move the role may not make (403 `stage_move_role`: the role changed since the screen was
    // drawn) shows the server's reason as well, not a generic refusal, and the user is read again.
    const roleRefusal = 'Your role may not move a project from Installer signed to Offer not accepted';
    await page.unroute(`**/api/saved-project/update/${signed._id}`);
    await page.route(`**/api/saved-project/update/${signed._id}`, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ status: 403, message: roleRefusal, code: 'stage_move_role' }),
      }),
    );
    const userRead = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/user' && r.method() === 'GET',
    );
    await page.getByTestId('stage-submit').click();
    await expect(page.getByTestId('stage-error')).toHaveText(roleRefusal);
    await userRead;
    await expect(page.getByTestId('stage-current')).toHaveText('Installer signed');
    const stored = await detail(page.request, token, signed._id);
    expect(stored.projectStatus).toBe('INSTALLER_SIGNED');
  });

  test('an installer reports a problem with the quote, and ADMIN sees it', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.helios);
    const rows = await projects(page.request, token);
    const project = rows[rows.length - 1] as Row;
    await loginAs(page, DEMO.helios, `/projectview?projectId=${project._id}`, 'en');
    await page.getByTestId('report-problem').click();
    // No reason is chosen for the user: sending without one is refused on the spot.
    await expect(page.getByTestId('report-reason')).toHaveValue('');
    await page.getByTestId('report-submit').click();
    await expect(page.getByRole('dialog').getByText('This field is required')).toBeVisible();
    await page.getByTestId('report-reason').selectOption('wrong_roof');
    await expect(page.getByRole('dialog').getByText('This field is required')).toHaveCount(0);
    const comment = `Roof is flat, not gable ${Date.now()}`;
    await page.getByLabel('What is wrong? (optional)').fill(comment);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/change-request') && r.method() === 'POST') posts.push(r.url());
    });
    const sent = page.waitForResponse((r) => r.url().includes('/change-request'));
    // A double click sends one report.
    await page.getByTestId('report-submit').dblclick();
    expect((await sent).status()).toBe(200);
    await expect(page.getByText('Thank you — the platform team will check it.')).toBeVisible();
    const admin = await tokenOf(page.request, DEMO.admin);
    const list = await page.request.get('/api/change-requests', { headers: authHeaders(admin) });
    const mine = (await list.json()).data.docs.filter((d: { comment: string }) => d.comment === comment);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reason: 'wrong_roof', status: 'open', companyName: 'Helios Energie' });
    expect(posts).toHaveLength(1);
  });

  test('an unknown project shows the not-found state with a way back', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/projectview?projectId=00000000-0000-4000-8000-000000000000', 'en');
    await expect(page.getByText('No result Found')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Back to the project listing' }).click();
    await expect(page).toHaveURL(/\/listing/);
  });

  test('at 1280 px the components table fits its card without a sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const token = await tokenOf(page.request, DEMO.owner);
    const rows = await projects(page.request, token);
    let project: Row | undefined;
    for (const row of rows.slice(0, 10)) {
      if (((await detail(page.request, token, row._id)).components ?? []).length > 0) {
        project = row;
        break;
      }
    }
    if (!project) throw new Error('no project with components');
    await loginAs(page, DEMO.owner, `/projectview?projectId=${project._id}`, 'de');
    const table = page.getByTestId('components-table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    // The table lies within its card.
    const [tableBox, cardBox] = await Promise.all([
      table.boundingBox(),
      page.getByTestId('section-components').boundingBox(),
    ]);
    expect(tableBox && cardBox && tableBox.x + tableBox.width <= cardBox.x + cardBox.width).toBe(true);
    await expect(table.getByRole('columnheader', { name: 'Menge' })).toBeVisible();
  });
});
