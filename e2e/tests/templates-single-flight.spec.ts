import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { minimalDocx } from '../fixtures/docx';
import { clickTwice, countWrites, holdRequests } from '../fixtures/network';

/**
 * The template screens send an upload, a replace and an undo (restore) once, however fast the user
 * chooses or clicks again: the second choice or click comes while the first request is on its way.
 * Unique names per run: the server is shared by parallel workers.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const docx = (name: string, text: string) => ({ name, mimeType: DOCX, buffer: minimalDocx(text) });

/** The hidden file field of a FileButton: it comes just before its button. */
const fileFieldOf = (button: Locator) => button.locator('xpath=preceding-sibling::input[@type="file"][1]');

async function uploadWordTemplate(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/api/word-template', {
    headers: authHeaders(token),
    multipart: { name, language: 'en', file: docx(`${name}.docx`, 'Hello {customerName}') },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data as { _id: string })._id;
}

/** Deletes every Word template whose name starts with `prefix` (what a failed run left). */
async function deleteWordTemplates(request: APIRequestContext, token: string, prefix: string) {
  const list = await request.get('/api/word-template', { headers: authHeaders(token) });
  for (const tpl of (await list.json()).data as { _id: string; name: string }[]) {
    if (tpl.name.startsWith(prefix)) {
      await request.delete(`/api/word-template/${tpl._id}`, { headers: authHeaders(token) });
    }
  }
}

/**
 * Deletes the template through its row and clicks the toast's Undo twice in one go, the restore held
 * until both clicks are in (a second restore would answer 'Template not found').
 */
async function deleteAndUndoTwice(page: Page, row: Locator, name: string, restorePath: string) {
  await row.getByRole('button', { name: `Delete: ${name}` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(row).toHaveCount(0);
  const restoring = await holdRequests(page, `**${restorePath}`);
  await clickTwice(page.getByRole('button', { name: 'Undo', exact: true }));
  await expect.poll(restoring.asked).toBe(true);
  restoring.release();
  await expect(row).toBeVisible();
}

test.describe('template screens: one upload, replace and undo per action', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a Word template chosen twice is uploaded once, replaced once, and its undo restores once', async ({
    page,
  }) => {
    test.slow();
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const prefix = `Flight W ${Date.now().toString(36)}`;
    try {
      await page.goto('/templates');
      await page.getByRole('tab', { name: 'PDF templates (Word)' }).click();
      await expect(page.getByTestId('word-templates-table')).toBeVisible();

      // A new template: a second file chosen while the first is on its way is not sent.
      const uploads = countWrites(page, '/api/word-template');
      const uploading = await holdRequests(page, '**/api/word-template');
      const upload = page.getByTestId('word-template-upload');
      const chooser = page.waitForEvent('filechooser');
      await upload.click();
      await (await chooser).setFiles(docx(`${prefix} first.docx`, 'First {customerName}'));
      await expect.poll(uploading.asked).toBe(true);
      await fileFieldOf(upload).setInputFiles(docx(`${prefix} second.docx`, 'Second {customerName}'));
      uploading.release();
      const row = page.getByTestId('word-template-row').filter({ hasText: `${prefix} first` });
      await expect(row).toBeVisible();
      await expect(page.getByTestId('word-upload-progress')).toHaveCount(0);
      expect(uploads()).toBe(1);
      await expect(page.getByTestId('word-template-row').filter({ hasText: `${prefix} second` })).toHaveCount(
        0,
      );
      await page.unroute('**/api/word-template');

      // Replacing its file: the row shows the upload, and a second choice meanwhile is not sent.
      const name = `${prefix} replaced`;
      const id = await uploadWordTemplate(page.request, token, name);
      const path = `/api/word-template/${id}`;
      await page.reload();
      await page.getByRole('tab', { name: 'PDF templates (Word)' }).click();
      const replacedRow = page.getByTestId('word-template-row').filter({ hasText: name });
      const replace = replacedRow.getByRole('button', { name: `Replace file: ${name}` });
      const replaces = countWrites(page, path);
      const replacing = await holdRequests(page, `**${path}`);
      const chooser2 = page.waitForEvent('filechooser');
      await replace.click();
      await (await chooser2).setFiles(docx('new.docx', 'New {customerName}'));
      await expect.poll(replacing.asked).toBe(true);
      await expect(replace).toBeDisabled();
      await fileFieldOf(replace).setInputFiles(docx('newer.docx', 'Newer {customerName}'));
      replacing.release();
      await expect(page.getByTestId('word-upload-progress')).toHaveCount(0);
      await expect(replace).toBeEnabled();
      expect(replaces()).toBe(1);
      await expect(page.getByTestId('word-upload-error')).toHaveCount(0);
      await page.unroute(`**${path}`);

      // Deleted, then Undo clicked twice at once: one restore, and no error for a second one.
      const restores = countWrites(page, `${path}/restore`);
      await deleteAndUndoTwice(page, replacedRow, name, `${path}/restore`);
      expect(restores()).toBe(1);
      await expect(page.getByText('Template not found')).toHaveCount(0);
    } finally {
      await deleteWordTemplates(page.request, token, prefix);
    }
  });

  test('an e-mail template’s undo clicked twice at once restores it once', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.helios, '/dashboard', 'en');
    const name = `Flight E ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/email-template', {
      headers: authHeaders(token),
      data: { name, language: 'en', subject: 'Your offer', body: 'Hello {{customerName}}' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const path = `/api/email-template/${((await created.json()).data as { _id: string })._id}`;
    const restores = countWrites(page, `${path}/restore`);
    try {
      await page.goto('/templates');
      const row = page.getByTestId('email-template-row').filter({ hasText: name });
      await deleteAndUndoTwice(page, row, name, `${path}/restore`);
      expect(restores()).toBe(1);
      await expect(page.getByText('Template not found')).toHaveCount(0);
    } finally {
      await page.request.delete(path, { headers: authHeaders(token) });
    }
  });
});
