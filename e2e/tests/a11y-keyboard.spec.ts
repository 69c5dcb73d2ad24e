import type { Page } from '@playwright/test';
import { MONTHS } from '@solar/shared';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';

/**
 * Accessibility beyond the resting screens (a11y.spec.ts, a11y-dialogs.spec.ts): open menus, the
 * board's kanban and gallery layouts, phone width, form errors and toasts, checked with axe (WCAG 2 A
 * and AA: no serious or critical violation) and with the keyboard alone: where the focus goes when a
 * menu or dialog opens and when it closes.
 */

/** The newest Sonnenbau project past acquisition, with a fresh offer of its own (its version). */
async function projectWithOffer(page: Page, token: string): Promise<{ id: string; version: number }> {
  const res = await page.request.post('/api/saved-project/installer/search?page=1&limit=50', {
    headers: authHeaders(token),
    data: {},
  });
  const docs = (await res.json()).data.docs as { _id: string; projectStatus: string }[];
  const project = docs.find((p) => p.projectStatus !== 'ACQUISITION') ?? docs[0];
  if (!project) throw new Error('no Sonnenbau project');
  const offer = await page.request.post('/api/offers', {
    headers: authHeaders(token),
    data: {
      projectId: project._id,
      moduleQuantity: 18,
      productionCapacity: 7200,
      finalPrice: 15_900,
      yearlyProduction: 7000,
      monthlySolarData: Object.fromEntries(MONTHS.map((m) => [m, 580])),
    },
  });
  expect(offer.status(), await offer.text()).toBe(200);
  return { id: project._id, version: ((await offer.json()).data as { version: number }).version };
}

test.describe('accessibility with the keyboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an open menu: only menu items inside, the first one focused, red items readable', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    await expect(page.getByTestId('stage-count-ACQUISITION').first()).toBeVisible({ timeout: 60_000 });

    // The sidebar's language menu, opened with Enter: the focus is on its first item, not on a hidden
    // placeholder, and the arrow keys move through the items.
    await page.getByTestId('language-switch').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByTestId('language-en')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('language-de')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByTestId('language-switch')).toBeFocused();

    // A view's menu on the board, with its red "delete" item.
    await page.goto('/projects');
    await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
    const options = page.getByRole('button', { name: /^Optionen der Ansicht / }).first();
    await options.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Ansicht umbenennen' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(options).toBeFocused();
  });

  test('the dashboard on a phone: the monthly chart scrolls with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    await expect(page.getByTestId('stage-count-ACQUISITION').first()).toBeVisible({ timeout: 60_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const chart = page.getByRole('region', { name: 'Diagramm der Projekte pro Monat' });
    await chart.focus();
    await expect(chart).toBeFocused();
    // Wider than the phone: the arrow keys scroll it sideways.
    expect(await chart.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('the board layouts: kanban and gallery at 1440 and 375 px, in German and English', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'de');
    const suffix = Date.now().toString(36);
    const ids: string[] = [];
    for (const viewType of ['kanban', 'gallery'] as const) {
      const res = await page.request.post('/api/view/create', {
        headers: authHeaders(token),
        data: { board: 'projects', name: `A11y ${viewType} ${suffix}`, viewType },
      });
      expect(res.status(), await res.text()).toBe(200);
      ids.push(((await res.json()).data as { _id: string })._id);
    }
    const found: string[] = [];
    try {
      for (const [language, width] of [
        ['de', 1440],
        ['de', 375],
        ['en', 375],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((lang) => window.localStorage.setItem('preferredLanguage', lang), language);
        await page.goto('/projects');
        for (const [viewType, ready] of [
          ['kanban', 'kanban-board'],
          ['gallery', 'gallery'],
        ] as const) {
          await page
            .getByRole('tab', { name: `A11y ${viewType} ${suffix}` })
            .first()
            .click({ timeout: 60_000 });
          await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 60_000 });
          for (const v of await seriousViolations(page)) found.push(`${language} ${width} ${viewType}: ${v}`);
        }
      }
    } finally {
      for (const id of ids)
        await page.request.delete(`/api/view/delete/${id}`, { headers: authHeaders(token) });
    }
    expect(found).toEqual([]);
  });

  test('the offer upload sent empty: the first field in error focused, its message readable', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'de');
    const project = await projectWithOffer(page, token);
    await page.goto(`/projectview?projectId=${project.id}`);
    await page.getByTestId('offers-section').getByTestId('offer-upload-open').click();
    const dialog = page.getByRole('dialog', { name: 'Angebot hochladen' });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('offer-upload-submit').click();
    const first = dialog.getByRole('textbox', { name: 'Anzahl Module' });
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toHaveAccessibleDescription('Dieses Feld ist erforderlich');
    // The red of the messages and of the invalid values is readable (4.5:1).
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await expect(first).toBeFocused();
  });

  test('the offer dialogs closed with Escape: the focus is back on the button that opened them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { token } = await loginAs(page, DEMO.owner, '/dashboard', 'de');
    const project = await projectWithOffer(page, token);
    await page.goto(`/projectview?projectId=${project.id}`);
    const section = page.getByTestId('offers-section');

    const upload = section.getByTestId('offer-upload-open');
    await upload.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Angebot hochladen' });
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)).catch(() => false))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(upload).toBeFocused();

    const send = section.getByTestId(`offer-send-${project.version}`);
    await send.focus();
    await page.keyboard.press('Enter');
    const sendDialog = page.getByRole('dialog', { name: `Angebot v${project.version} an Kunden senden` });
    await expect(sendDialog.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(sendDialog).toHaveCount(0);
    await expect(send).toBeFocused();
  });

  test('a toast: role alert and a close button named in the UI language', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, DEMO.owner, '/profile', 'de');
    await page.getByTestId('section-plan').getByTestId('open-pricing').click();
    // Sonnenbau is on the free plan: choosing it again says so in a toast.
    await page.getByTestId('choose-free').click();
    const toast = page.locator('.mantine-Notification-root');
    await expect(toast).toHaveAttribute('role', 'alert');
    await expect(toast.getByRole('button')).toHaveAccessibleName('Schließen');
  });
});
