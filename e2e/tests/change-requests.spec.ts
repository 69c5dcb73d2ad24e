import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, DEMO, DEMO_PASSWORD, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';

interface ChangeRequestDoc {
  _id: string;
  shortId: string;
  address: string;
  comment: string;
  status: 'open' | 'resolved';
  resolvedAt: string | null;
  resolvedByName: string | null;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/installer/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  return (await res.json()).data.token as string;
}

/** The change requests of one status as ADMIN reads them from the API. */
async function listed(request: APIRequestContext, admin: string, status: 'open' | 'resolved') {
  const res = await request.get(`/api/change-requests?status=${status}`, { headers: authHeaders(admin) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.docs as ChangeRequestDoc[];
}

/** A change request of Sonnenbau's installer on a quote it sees, with a comment no other test writes. */
async function reportProblem(request: APIRequestContext) {
  const installer = await tokenOf(request, DEMO.installer);
  const quotes = await request.put('/api/quote/installer/search?page=1&limit=5', {
    headers: authHeaders(installer),
    data: {},
  });
  const quote = (await quotes.json()).data.docs[0] as { _id: string };
  const comment = `QA ${Date.now()}-${Math.floor(Math.random() * 1e6)}: Dach ist Flachdach`;
  const res = await request.post(`/api/quote/${quote._id}/change-request`, {
    headers: authHeaders(installer),
    data: { reason: 'other', comment },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as ChangeRequestDoc;
}

const rowOf = (page: Page, id: string) => page.locator(`[data-testid="change-request-row"][data-id="${id}"]`);

test.describe('change requests on /data (ADMIN)', () => {
  test.describe.configure({ timeout: 150_000 });

  test('resolving asks first, can be cancelled or undone, and resolved requests stay findable', async ({
    page,
  }) => {
    const created = await reportProblem(page.request);
    const admin = await tokenOf(page.request, DEMO.admin);
    const resolveCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/resolve')) resolveCalls.push(r.url());
    });

    await loginAs(page, DEMO.admin, '/data?tab=requests', 'de');
    const row = rowOf(page, created._id);
    await expect(row).toBeVisible({ timeout: 60_000 });
    const resolveButton = row.getByRole('button', { name: /^Als erledigt markieren/ });
    await expect(resolveButton).toHaveText('Als erledigt markieren');

    // 1. Asked first, naming the quote, its address and the reason; Cancel keeps the request open.
    await resolveButton.click();
    const dialog = page.getByRole('dialog', { name: 'Änderungswunsch als erledigt markieren?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(created.shortId);
    await expect(dialog).toContainText(created.address);
    await expect(dialog).toContainText('„Sonstiges“');
    await expect(dialog).toContainText(created.comment);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();

    // Escape cancels as well.
    await resolveButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
    expect(resolveCalls).toEqual([]);
    expect((await listed(page.request, admin, 'open')).map((r) => r._id)).toContain(created._id);

    // 2. Enter confirms: the request leaves the open list; the toast's Undo brings it back.
    await resolveButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('confirm-resolve')).toBeFocused();
    const resolved = page.waitForResponse((r) => r.url().includes(`/change-requests/${created._id}/resolve`));
    await page.keyboard.press('Enter');
    expect((await resolved).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    const toast = page.getByRole('alert').filter({ hasText: 'Änderungswunsch erledigt' });
    await expect(toast).toBeVisible();
    const reopened = page.waitForResponse((r) => r.url().includes(`/change-requests/${created._id}/reopen`));
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    expect((await reopened).status()).toBe(200);
    await expect(row).toBeVisible();

    // 3. Resolved with the mouse this time; it is gone from "Offen" and found under "Erledigt".
    await resolveButton.click();
    await dialog.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await expect(row).toHaveCount(0);
    const stored = (await listed(page.request, admin, 'resolved')).find((r) => r._id === created._id);
    expect(stored).toMatchObject({ status: 'resolved', resolvedByName: 'Anna Admin' });
    expect((await listed(page.request, admin, 'open')).map((r) => r._id)).not.toContain(created._id);

    await page.getByTestId('change-request-status').getByText('Erledigt', { exact: true }).click();
    await expect(page.getByTestId('change-requests-table')).toHaveAttribute('data-status', 'resolved');
    await expect(row).toBeVisible();
    await expect(row.getByTestId('resolved-by')).toContainText('von Anna Admin');
    const today = new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: '2-digit', day: '2-digit' });
    await expect(row.getByTestId('resolved-by')).toContainText(
      today.format(new Date(stored?.resolvedAt as string)),
    );
    await expect(row.getByRole('button', { name: /Als erledigt markieren/ })).toHaveCount(0);
    // The choice is in the address: a reload shows the resolved list again.
    await expect(page).toHaveURL(/[?&]requests=resolved/);
    await page.reload();
    await expect(page.getByTestId('change-requests-table')).toHaveAttribute('data-status', 'resolved');
    await expect(row).toBeVisible();

    // 4. Reopened from the resolved list: back under "Offen".
    const reopenedAgain = page.waitForResponse((r) =>
      r.url().includes(`/change-requests/${created._id}/reopen`),
    );
    await row.getByRole('button', { name: /^Wieder öffnen/ }).click();
    expect((await reopenedAgain).status()).toBe(200);
    await expect(row).toHaveCount(0);
    // The undo's toast of step 2 may still be up on a slow machine: this one is the last.
    await expect(page.getByText('Änderungswunsch wieder geöffnet').last()).toBeVisible();
    await page.getByTestId('change-request-status').getByText('Offen', { exact: true }).click();
    await expect(row).toBeVisible();
    await expect(page).not.toHaveURL(/requests=resolved/);
    expect((await listed(page.request, admin, 'open')).find((r) => r._id === created._id)).toMatchObject({
      status: 'open',
      resolvedAt: null,
      resolvedByName: null,
    });

    // Leave no open request behind for other tests.
    const cleanup = await page.request.put(`/api/change-requests/${created._id}/resolve`, {
      headers: authHeaders(admin),
    });
    expect(cleanup.status()).toBe(200);
  });

  test('on a phone each request is a card with its reason, comment and button in view', async ({ page }) => {
    const created = await reportProblem(page.request);
    const admin = await tokenOf(page.request, DEMO.admin);
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, DEMO.admin, '/data?tab=requests', 'en');
    const card = rowOf(page, created._id);
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Other');
    await expect(card).toContainText(created.comment);
    const button = card.getByRole('button', { name: /^Mark as resolved/ });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The same confirmation as on a desk.
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Mark the change request as resolved?' });
    await expect(dialog).toContainText(created.shortId);
    await dialog.getByRole('button', { name: 'Mark as resolved' }).click();
    await expect(card).toHaveCount(0);
    expect((await listed(page.request, admin, 'resolved')).map((r) => r._id)).toContain(created._id);
  });
});
