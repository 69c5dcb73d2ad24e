import type { APIRequestContext } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

// Wide enough for all five columns side by side.
test.use({ viewport: { width: 1800, height: 1000 } });

interface Card {
  _id: string;
  address: string;
}

async function acquisitionCards(request: APIRequestContext, token: string): Promise<Card[]> {
  const res = await request.put('/api/matched/installer/search?limit=50', {
    headers: authHeaders(token),
    data: {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.buckets.ACQUISITION;
}

async function stageOf(request: APIRequestContext, token: string, id: string): Promise<string> {
  const res = await request.get(`/api/saved-project/project/${id}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.projectStatus;
}

test.describe('status view (kanban)', () => {
  test.beforeEach(() => test.slow());

  test('a card dragged with the keyboard from Acquisition to Offer provided stays there', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/overview');
    const card = (await acquisitionCards(page.request, token))[0];
    expect(card).toBeTruthy();
    if (!card) return;

    const acquisition = page.getByTestId('kanban-column-ACQUISITION');
    const offer = page.getByTestId('kanban-column-OFFER_PROVIDED');
    await expect(acquisition.getByTestId(`kanban-card-${card._id}`)).toBeVisible({ timeout: 30_000 });
    await expect(acquisition.getByRole('heading', { name: 'Akquise' })).toBeVisible();

    const handle = page.getByTestId(`kanban-handle-${card._id}`);
    await handle.focus();
    await page.keyboard.press('Space');
    // Columns the card cannot go to are greyed out while it is lifted.
    await expect(page.getByTestId('kanban-column-PROJECT_REALIZED')).toHaveAttribute('data-disabled', 'true');
    await expect(offer).not.toHaveAttribute('data-disabled', 'true');
    // ArrowRight jumps one column; a key pressed before dnd-kit has measured the columns is ignored, so
    // press until the card is over Offer provided.
    await expect(async () => {
      if ((await offer.getAttribute('data-over')) !== 'true') await page.keyboard.press('ArrowRight');
      await expect(offer).toHaveAttribute('data-over', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');

    await expect(offer.getByTestId(`kanban-card-${card._id}`)).toBeVisible();
    await expect(page.getByText('Nach „Angebot abgegeben“ verschoben.')).toBeVisible();
    // The keyboard user keeps their place: the moved card's handle has the focus.
    await expect(page.getByTestId(`kanban-handle-${card._id}`)).toBeFocused();
    await expect.poll(() => stageOf(page.request, token, card._id)).toBe('OFFER_PROVIDED');

    await page.reload();
    await expect(offer.getByTestId(`kanban-card-${card._id}`)).toBeVisible({ timeout: 30_000 });
    await expect(acquisition.getByTestId(`kanban-card-${card._id}`)).toHaveCount(0);
  });

  test('a refused move (Acquisition to Project realized) snaps back with the server message', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/overview', 'en');
    const cards = await acquisitionCards(page.request, token);
    // The second card: the other test moves the first one; this one stays near the top of its column.
    const card = cards[1];
    expect(card).toBeTruthy();
    if (!card) return;

    const acquisition = page.getByTestId('kanban-column-ACQUISITION');
    const realized = page.getByTestId('kanban-column-PROJECT_REALIZED');
    const source = acquisition.getByTestId(`kanban-card-${card._id}`);
    await expect(source).toBeVisible({ timeout: 30_000 });

    // Mouse drag in steps onto the Project realized column.
    const from = await source.boundingBox();
    if (!from) throw new Error('no layout');
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + 30, { steps: 5 });
    await expect(realized).toHaveAttribute('data-disabled', 'true');
    const to = await realized.boundingBox();
    if (!to) throw new Error('no layout');
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
    await page.mouse.up();

    await expect(
      page.getByText('This project cannot move from Acquisition to Project realized'),
    ).toBeVisible();
    await expect(acquisition.getByTestId(`kanban-card-${card._id}`)).toBeVisible();
    await expect(realized.getByTestId(`kanban-card-${card._id}`)).toHaveCount(0);
    expect(await stageOf(page.request, token, card._id)).toBe('ACQUISITION');
  });

  test('a search without matches shows the empty state', async ({ page }) => {
    await loginAs(page, DEMO.sales, '/overview', 'en');
    await expect(page.getByTestId('kanban-board')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Search by address').fill('no such street 999');
    await expect(page.getByText('No projects are available with current filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(page.getByTestId('kanban-board')).toBeVisible();
  });

  test('ADMIN sees a notice instead of a board', async ({ page }) => {
    await loginAs(page, DEMO.admin, '/overview', 'en');
    await expect(page.getByTestId('kanban-no-company')).toBeVisible({ timeout: 30_000 });
    // No instructions for a board that is not there.
    await expect(page.getByText('Drag a card to another column')).toHaveCount(0);
  });
  test('a card moved to Project realized asks first, and Cancel keeps it where it was', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/overview', 'de');
    const res = await page.request.put('/api/matched/installer/search?limit=50', {
      headers: authHeaders(token),
      data: {},
    });
    const card = ((await res.json()).data.buckets.INSTALLER_SIGNED as Card[])[0];
    if (!card) throw new Error('no signed Sonnenbau project');
    const signed = page.getByTestId('kanban-column-INSTALLER_SIGNED');
    const realized = page.getByTestId('kanban-column-PROJECT_REALIZED');
    await expect(signed.getByTestId(`kanban-card-${card._id}`)).toBeVisible({ timeout: 30_000 });

    await page.getByTestId(`kanban-handle-${card._id}`).focus();
    await page.keyboard.press('Space');
    await expect(async () => {
      if ((await realized.getAttribute('data-over')) !== 'true') await page.keyboard.press('ArrowRight');
      await expect(realized).toHaveAttribute('data-over', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Space');

    const dialog = page.getByRole('dialog', { name: 'In die letzte Phase verschieben?' });
    await expect(dialog).toContainText(card.address);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await expect(signed.getByTestId(`kanban-card-${card._id}`)).toBeVisible();
    expect(await stageOf(page.request, token, card._id)).toBe('INSTALLER_SIGNED');
  });

  test('on a phone, a card moved with the keyboard brings the column it moves into into view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { token } = await loginAs(page, DEMO.owner, '/overview', 'en');
    // A card near the top of its column (the first two are the other tests').
    const card = (await acquisitionCards(page.request, token))[2];
    if (!card) throw new Error('no third Acquisition card');
    const acquisition = page.getByTestId('kanban-column-ACQUISITION');
    const offer = page.getByTestId('kanban-column-OFFER_PROVIDED');
    const signed = page.getByTestId('kanban-column-INSTALLER_SIGNED');
    await expect(acquisition.getByTestId(`kanban-card-${card._id}`)).toBeVisible({ timeout: 30_000 });

    /** Where `column` is, left and right, in the same task as the arrow key (before any animation). */
    const press = (key: 'ArrowLeft' | 'ArrowRight', column: string) =>
      page.evaluate(
        ([code, testId]) => {
          (document.activeElement ?? document.body).dispatchEvent(
            new KeyboardEvent('keydown', { key: code, code, bubbles: true, cancelable: true }),
          );
          const box = document.querySelector(`[data-testid="${testId}"]`)?.getBoundingClientRect();
          return box ? { left: Math.round(box.left), right: Math.round(box.right) } : null;
        },
        [key, column] as const,
      );
    const inView = async (column: typeof offer) => {
      const box = await column.boundingBox();
      expect(box).not.toBeNull();
      if (!box) return;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    };

    await page.getByTestId(`kanban-handle-${card._id}`).focus();
    await page.keyboard.press('Space');
    // Measured: the card is over its own column.
    await expect(acquisition).toHaveAttribute('data-over', 'true');
    // Each arrow shows the column the card moves into, whole, at once (the board scrolls with it).
    const toOffer = await press('ArrowRight', 'kanban-column-OFFER_PROVIDED');
    expect(toOffer?.left).toBeGreaterThanOrEqual(0);
    expect(toOffer?.right).toBeLessThanOrEqual(375);
    await expect(offer).toHaveAttribute('data-over', 'true');
    await inView(offer);
    const toSigned = await press('ArrowRight', 'kanban-column-INSTALLER_SIGNED');
    expect(toSigned?.left).toBeGreaterThanOrEqual(0);
    expect(toSigned?.right).toBeLessThanOrEqual(375);
    await expect(signed).toHaveAttribute('data-over', 'true');
    await inView(signed);
    // And back to the left.
    const back = await press('ArrowLeft', 'kanban-column-OFFER_PROVIDED');
    expect(back?.left).toBeGreaterThanOrEqual(0);
    expect(back?.right).toBeLessThanOrEqual(375);
    await expect(offer).toHaveAttribute('data-over', 'true');
    await inView(offer);
    await page.keyboard.press('Space');

    await expect(offer.getByTestId(`kanban-card-${card._id}`)).toBeVisible();
    await expect(page.getByText('Moved to “Offer provided”.')).toBeVisible();
    await inView(offer);
    await expect.poll(() => stageOf(page.request, token, card._id)).toBe('OFFER_PROVIDED');
  });
});
