import { readFileSync } from 'node:fs';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { minimalDocx } from '../fixtures/docx';

test.describe('templates page', () => {
  test.describe.configure({ timeout: 150_000 });

  test('upload, list, download and delete a Word template; a fake .docx is refused', async ({ page }) => {
    test.slow();
    const session = await loginAs(page, DEMO.installer, '/profile', 'en');
    await page.getByTestId('profile-templates-link').click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByTestId('templates-page')).toBeVisible();
    await page.getByRole('tab', { name: 'PDF templates (Word)' }).click();
    await expect(page.getByTestId('word-templates-table')).toBeVisible();

    const name = `E2E Angebot ${Date.now()}`;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('word-template-upload').click();
    await (await chooser).setFiles({
      name: `${name}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: minimalDocx('Hallo {customerName}, Preis {offerPrice}'),
    });
    const row = page.getByTestId('word-template-row').filter({ hasText: name });
    await expect(row).toBeVisible();

    const list = await page.request.get('/api/word-template', { headers: authHeaders(session.token) });
    const stored = (await list.json()).data.find((w: { name: string }) => w.name === name);
    expect(stored).toBeTruthy();
    expect(stored.isDefault).toBe(false);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download: ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.docx`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');

    await row.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);
    // Undo brings the template back; deleted again, it stays gone.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);
    const after = await page.request.get('/api/word-template', { headers: authHeaders(session.token) });
    expect((await after.json()).data.some((w: { name: string }) => w.name === name)).toBe(false);

    // A text file renamed to .docx passes the browser check and is refused by the server.
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByTestId('word-template-upload').click();
    await (await chooser2).setFiles({
      name: 'fake.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('this is just text'),
    });
    await expect(page.getByTestId('word-upload-error')).toBeVisible();
    await expect(page.getByTestId('word-template-row').filter({ hasText: 'fake' })).toHaveCount(0);

    // A .txt is refused in the browser.
    const chooser3 = page.waitForEvent('filechooser');
    await page.getByTestId('word-template-upload').click();
    await (await chooser3).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByTestId('word-upload-error')).toHaveText('Please choose a Word file (.docx).');
  });

  test('an e-mail template is created, previewed and deleted; CITY_ADMIN sees not available', async ({
    page,
    browser,
  }) => {
    test.slow();
    const session = await loginAs(page, DEMO.sales, '/templates', 'en');
    await expect(page.getByTestId('email-templates-table')).toBeVisible();
    await expect(
      page.getByTestId('email-template-row').filter({ hasText: 'Built-in' }).first(),
    ).toBeVisible();

    const name = `E2E Mail ${Date.now()}`;
    await page.getByTestId('email-template-new').click();
    const form = page.getByTestId('email-template-form');
    await form.getByTestId('email-template-name').fill(name);
    await form.getByTestId('email-template-subject').fill('Your offer ');
    await form.getByTestId('email-template-body').fill('Hello ');
    await form.getByRole('button', { name: 'Insert placeholder customerName' }).click();
    await expect(form.getByTestId('email-template-body')).toHaveValue('Hello {{customerName}}');
    await form.getByTestId('email-template-preview').click();
    await expect(form.getByTestId('email-template-preview-result')).toBeVisible();
    await expect(form.getByTestId('email-template-preview-result')).not.toContainText('{{customerName}}');
    await form.getByTestId('email-template-save').click();
    await expect(page.getByText(`Template successfully saved as ${name}`)).toBeVisible();
    const row = page.getByTestId('email-template-row').filter({ hasText: name });
    await expect(row).toBeVisible();

    const list = await page.request.get('/api/email-template', { headers: authHeaders(session.token) });
    const stored = (await list.json()).data.find((e: { name: string }) => e.name === name);
    expect(stored.body).toBe('Hello {{customerName}}');

    await row.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);
    // Deleted softly: Undo in the toast brings it back, with its text.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(row).toBeVisible();
    const again = await page.request.get('/api/email-template', { headers: authHeaders(session.token) });
    expect((await again.json()).data.find((e: { name: string }) => e.name === name)?.body).toBe(
      'Hello {{customerName}}',
    );
    await row.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);

    const cityPage = await browser.newPage();
    await loginAs(cityPage, DEMO.city, '/templates', 'en');
    await expect(cityPage.getByTestId('templates-unavailable')).toBeVisible();
    await cityPage.close();
  });

  test('an e-mail template field loses its "required" message as soon as it is filled', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/templates', 'de');
    await page.getByRole('button', { name: 'Neue E-Mail-Vorlage' }).click();
    const form = page.getByTestId('email-template-form');
    await form.getByRole('button', { name: 'Änderungen speichern' }).click();
    const required = form.getByText('Dieses Feld ist erforderlich');
    await expect(required).toHaveCount(3);

    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Nachfassen');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(required).toHaveCount(2);
    await form.getByRole('textbox', { name: 'Betreff', exact: true }).fill('Ihr Angebot');
    await expect(required).toHaveCount(1);
    const body = form.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill('Guten Tag');
    await expect(body).not.toHaveAttribute('aria-invalid', 'true');
    await expect(required).toHaveCount(0);
    // Nothing is saved: typed text is thrown away only after asking, then the dialog closes.
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByTestId('discard-changes').click();
    await expect(form).toHaveCount(0);
  });

  test('on a phone the built-in badge is shown whole and every row’s buttons are in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, '/templates', 'de');
    const badges = page.getByTestId('template-built-in');
    await expect(badges.first()).toBeVisible({ timeout: 30_000 });
    const cut = await badges.evaluateAll(
      (els) =>
        els.filter((el) => {
          const label = el.querySelector('.mantine-Badge-label') ?? el;
          return label.scrollWidth > label.clientWidth + 1;
        }).length,
    );
    expect(cut).toBe(0);
    // Each row's buttons are in view without scrolling the table sideways, on both tabs.
    const inView = async (rows: string) => {
      const buttons = page.getByTestId(rows).getByRole('button');
      await expect(buttons.first()).toBeVisible();
      const outside = await buttons.evaluateAll(
        (els) => els.filter((el) => el.getBoundingClientRect().right > window.innerWidth).length,
      );
      expect(outside).toBe(0);
    };
    await inView('email-template-row');
    await page.getByRole('tab', { name: /Word/ }).click();
    await inView('word-template-row');
  });
});
