import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { countWrites, holdRequests, submitTwice } from '../fixtures/network';
import { offerOnRealizedProject, tokenOf } from '../fixtures/offers';

/**
 * The offer dialogs: one upload and one e-mail however often they are sent (a double click, Enter
 * twice), and the send dialog whole on a phone. Realized projects: a new offer keeps their stage, so
 * the other specs' ACQUISITION and OFFER_PROVIDED picks stay untouched.
 */

async function offerVersions(request: APIRequestContext, token: string, projectId: string) {
  const res = await request.get(`/api/offers?projectId=${projectId}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { version: number; sendState: string }[];
}

test.describe('offers: one upload, one e-mail', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an offer uploaded twice at once is uploaded once', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId } = await offerOnRealizedProject(page.request, token, {
      pick: 4,
      finalPrice: 12000,
      monthly: () => 600,
    });
    const before = (await offerVersions(page.request, token, projectId)).length;
    const uploads = countWrites(page, '/api/installer/storePDFdata');
    const held = await holdRequests(page, '**/api/installer/storePDFdata');

    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'en');
    await page.getByTestId('offer-upload-open').click();
    const form = page.getByTestId('offer-upload-form');
    await form.getByTestId('offer-moduleQuantity').fill('20');
    await form.getByTestId('offer-productionCapacity').fill('8.4');
    await form.getByTestId('offer-finalPrice').fill('15000');
    await form.getByTestId('offer-yearlyProduction').fill('7800');
    await form.getByTestId('offer-distribute').click();
    await submitTwice(form.getByTestId('offer-moduleQuantity'));
    // The first upload is held at the server's door: a second one would leave now.
    await expect.poll(held.asked).toBe(true);
    await page.waitForTimeout(500);
    held.release();
    await expect(form).toBeHidden({ timeout: 60_000 });
    expect(uploads()).toBe(1);
    expect((await offerVersions(page.request, token, projectId)).length).toBe(before + 1);
  });

  test('an offer sent twice at once mails the customer once', async ({ page }) => {
    const token = await tokenOf(page.request, DEMO.owner);
    const { projectId, version } = await offerOnRealizedProject(page.request, token, {
      pick: 5,
      finalPrice: 13000,
      monthly: () => 650,
    });
    const sends = countWrites(page, '/api/installer/sendOfferToCustomer');
    const held = await holdRequests(page, '**/api/installer/sendOfferToCustomer');

    await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, 'en');
    await page.getByTestId(`offer-send-${version}`).click();
    const form = page.getByTestId('offer-send-form');
    await expect(form.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
    await submitTwice(form.getByTestId('send-to'));
    await expect.poll(held.asked).toBe(true);
    await page.waitForTimeout(500);
    held.release();
    await expect(form).toBeHidden({ timeout: 60_000 });
    expect(sends()).toBe(1);
    const sent = (await offerVersions(page.request, token, projectId)).find((o) => o.version === version);
    expect(['queued', 'sent']).toContain(sent?.sendState);
  });
});

test.describe('offers: the send dialog on a phone', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const lang of ['de', 'es'] as const) {
    test(`the send dialog fits 375 px, its templates shown whole (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const token = await tokenOf(page.request, DEMO.owner);
      const { projectId, version } = await offerOnRealizedProject(page.request, token, {
        pick: 4,
        finalPrice: 14000,
        monthly: () => 700,
      });
      await loginAs(page, DEMO.owner, `/projectview?projectId=${projectId}`, lang);
      await page.getByTestId(`offer-send-${version}`).click();
      const form = page.getByTestId('offer-send-form');
      // The templates have loaded and are chosen (the button waits for both).
      await expect(form.getByTestId('send-submit')).toBeEnabled({ timeout: 30_000 });
      await expect(form.getByTestId('send-email-template')).toHaveValue(
        new RegExp(`\\(${lang.toUpperCase()}\\)`),
      );
      const dialog = page.getByRole('dialog').filter({ has: form });

      // No part of the dialog reaches past either edge of the screen, and the page does not scroll sideways.
      const outside = await dialog.evaluate((root) =>
        [root, ...root.querySelectorAll('*')]
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
          .map(
            ({ el, box }) => `${el.tagName} ${el.getAttribute('data-testid') ?? ''} ${box.left}–${box.right}`,
          ),
      );
      expect(outside).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // Each template box shows its whole choice: no text cut off at its right edge.
      for (const id of ['send-word-template', 'send-email-template']) {
        const box = form.getByTestId(id);
        const fit = await box.evaluate((input: HTMLInputElement) => ({
          text: input.value,
          scroll: input.scrollWidth,
          client: input.clientWidth,
        }));
        expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
      }
      // The list still tells the built-in templates apart.
      await form.getByTestId('send-email-template').click();
      const builtIn = { de: 'Standard', es: 'Predeterminada' }[lang];
      await expect(page.getByRole('option').filter({ hasText: builtIn }).first()).toBeVisible();
    });
  }
});
