import type { Locator, Page, Route } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * A card moved on a kanban is brought into view where it lands, at once: on a phone a card moved from
 * low in a long column lands at the top of the next one (/overview), which is above the screen, and on
 * the board's kanban it may land below its column's own scroll. The user must see where it went.
 */

/** Whether the card is on screen and not under the sticky header: its middle shows the card itself. */
async function isShown(card: Locator): Promise<boolean> {
  return card.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight || rect.left < 0 || rect.right > window.innerWidth)
      return false;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + 12);
    return !!hit && node.contains(hit);
  });
}

/** The id of the last card of an /overview column (a card low in a long column). */
async function lastCardOf(page: Page, stage: string): Promise<string> {
  const cards = page.getByTestId(`kanban-column-${stage}`).locator('[data-testid^="kanban-card-"]');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  expect(await cards.count()).toBeGreaterThan(5);
  return ((await cards.last().getAttribute('data-testid')) as string).slice('kanban-card-'.length);
}

/**
 * Logs in on /tasks and opens a new kanban view of records named `${label} ${suffix} …`, grouped by
 * Status: `doing` cards in 'In Arbeit', `todo` cards in 'Nicht begonnen', and last there the card to move.
 */
async function kanbanOfNewRecords(page: Page, label: string, doing: number, todo: number) {
  const suffix = Date.now().toString(36);
  const { token } = await loginAs(page, DEMO.owner, '/tasks', 'en');
  const headers = authHeaders(token);
  const make = async (taskName: string, status: string) => {
    const res = await page.request.post('/api/task/create', {
      headers,
      data: { board: 'tasks', taskName, properties: { Status: status } },
    });
    expect(res.status()).toBe(200);
    return (await res.json()).data as { _id: string };
  };
  for (let i = 0; i < doing; i++) await make(`${label} ${suffix} doing ${i}`, 'In Arbeit');
  for (let i = 0; i < todo; i++) await make(`${label} ${suffix} todo ${i}`, 'Nicht begonnen');
  const name = `${label} ${suffix} moved`;
  const task = await make(name, 'Nicht begonnen');
  const view = await page.request.post('/api/view/create', {
    headers,
    data: {
      board: 'tasks',
      name: `${label} ${suffix}`,
      viewType: 'kanban',
      groupBy: 'Status',
      filters: [{ column: 'taskName', value: `${label} ${suffix}` }],
    },
  });
  expect(view.status()).toBe(200);

  await page.reload();
  await page.getByRole('tab', { name: `${label} ${suffix}` }).click({ timeout: 60_000 });
  const card = page.getByTestId('kanban-column-Nicht begonnen').getByTestId(`kanban-card-${task._id}`);
  await expect(card).toBeAttached({ timeout: 60_000 });
  return { task, card, name };
}

test.describe('a moved kanban card is shown where it lands, at 375 px', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 375, height: 740 } });

  test('/overview: a card dragged from low in a long column to the next one', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/overview', 'en');
    const id = await lastCardOf(page, 'ACQUISITION');
    const card = page.getByTestId(`kanban-card-${id}`);
    // The card in the middle of the screen, and both columns partly on it: the board scrolled sideways
    // (not snapped to a column), so the drag needs no scrolling on the way.
    await card.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await page.getByTestId('kanban-board').evaluate((board) => {
      board.style.scrollSnapType = 'none';
      board.scrollTo({ left: 200 });
    });
    const a = (await card.boundingBox()) as { x: number; y: number; width: number };
    const target = (await page.getByTestId('kanban-column-OFFER_PROVIDED').boundingBox()) as { x: number };
    expect(a.x + a.width).toBeGreaterThan(60);
    expect(target.x).toBeLessThan(200);
    const y = a.y + 30;
    await page.mouse.move(24, y);
    await page.mouse.down();
    await page.mouse.move(44, y, { steps: 4 });
    await page.mouse.move(250, y, { steps: 8 });
    await expect(page.getByTestId('kanban-column-OFFER_PROVIDED')).toHaveAttribute('data-over', 'true');
    await page.mouse.up();

    const moved = page.getByTestId('kanban-column-OFFER_PROVIDED').getByTestId(`kanban-card-${id}`);
    await expect(moved).toBeVisible();
    await expect.poll(() => isShown(moved), { timeout: 5_000 }).toBe(true);
  });

  test('/overview: a card moved with the keyboard shows at once, before the server answers', async ({
    page,
  }) => {
    await loginAs(page, DEMO.owner, '/overview', 'en');
    const id = await lastCardOf(page, 'OFFER_PROVIDED');
    // The move is held: what the user sees meanwhile is the move shown at once.
    const held: Route[] = [];
    await page.route(
      (url) => /\/api\/matched\/[0-9a-f-]{36}$/.test(url.pathname),
      (route) => {
        held.push(route);
      },
    );
    const handle = page.getByTestId(`kanban-handle-${id}`);
    await handle.focus();
    await expect(handle).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');

    const moved = page.getByTestId('kanban-column-INSTALLER_SIGNED').getByTestId(`kanban-card-${id}`);
    await expect(moved).toBeVisible();
    await expect.poll(() => held.length).toBe(1);
    await expect.poll(() => isShown(moved), { timeout: 5_000 }).toBe(true);
    await page.unroute((url) => /\/api\/matched\/[0-9a-f-]{36}$/.test(url.pathname));
    await held[0]?.continue();
    await expect(page.getByText('Moved to “Installer signed”.')).toBeVisible();
    await expect(moved).toBeVisible();
    await expect.poll(() => isShown(moved)).toBe(true);
  });

  test("the board's kanban: a card moved by keyboard to the next column shows there", async ({ page }) => {
    // Two long columns; the card moved is the last of its column and lands last in the next one.
    const { task, card, name } = await kanbanOfNewRecords(page, 'Reveal', 12, 12);
    await card.scrollIntoViewIfNeeded();
    await card.focus();
    await expect(card).toBeFocused();
    await page.keyboard.press('Space');
    // Picked up (the live region says so) before the arrow, and over the next column before the drop:
    // keys pressed at once were lost on a loaded runner.
    await expect(
      page.getByRole('status').filter({ hasText: `${name} is over Nicht begonnen.` }),
    ).toBeAttached();
    const next = page.getByTestId('kanban-column-In Arbeit');
    await page.keyboard.press('ArrowRight');
    // Over the next column's cards: '… is after … in In Arbeit.'
    await expect(
      page.getByRole('status').filter({ hasText: new RegExp(`^${name} is .* In Arbeit\\.$`) }),
    ).toBeAttached();
    await page.keyboard.press('Space');

    const moved = next.getByTestId(`kanban-card-${task._id}`);
    await expect(moved).toBeAttached();
    await expect.poll(() => isShown(moved), { timeout: 5_000 }).toBe(true);
  });

  test("the board's kanban: a card dragged onto a column scrolled down shows where it lands", async ({
    page,
  }) => {
    const { task, card } = await kanbanOfNewRecords(page, 'Drag', 12, 0);
    const next = page.getByTestId('kanban-column-In Arbeit');
    await expect(next.locator('[data-testid^="kanban-card-"]')).toHaveCount(12);
    // The user has scrolled the next column down; both columns partly on screen.
    await card.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await next.evaluate((column) => {
      for (const node of column.querySelectorAll<HTMLElement>('*'))
        if (getComputedStyle(node).overflowY === 'auto') node.scrollTop = node.scrollHeight;
    });
    await page.getByTestId('kanban-board').evaluate((board) => board.scrollTo({ left: 150 }));
    const a = (await card.boundingBox()) as { y: number };
    const head = (await next.getByTestId('kanban-count').boundingBox()) as { y: number; height: number };
    // Dropped on the column's header: the card keeps its place in the board's order, at the column's top.
    await page.mouse.move(30, a.y + 20);
    await page.mouse.down();
    await page.mouse.move(50, a.y + 20, { steps: 4 });
    await page.mouse.move(250, head.y + head.height / 2, { steps: 10 });
    await page.mouse.up();

    const moved = next.getByTestId(`kanban-card-${task._id}`);
    await expect(moved).toBeAttached();
    await expect.poll(() => isShown(moved), { timeout: 5_000 }).toBe(true);
  });
});
