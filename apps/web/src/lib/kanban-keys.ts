import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';

/** A card as a drop target (a place among the cards of a column), not a column. */
export const isCardTarget = (id: UniqueIdentifier) => String(id).startsWith('card:');

/**
 * Arrow keys jump between columns (left/right) instead of creeping 25 px at a time; the card lands near
 * the top of the next column, which is scrolled into view first (on a phone the board shows one
 * column at a time). Other keys keep dnd-kit's defaults.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  // The columns only: on the board's kanban, cards are drop targets too (`card:<id>`, a place).
  const columns = [...context.droppableRects.entries()]
    .filter(([id]) => !isCardTarget(id))
    .map(([id, rect]) => ({ id, rect }))
    .sort((a, b) => a.rect.left - b.rect.left);
  // Not measured yet (the key came right after the pick-up): ignore it.
  if (columns.length === 0) return undefined;
  const width = context.collisionRect?.width ?? 0;
  const centre = currentCoordinates.x + width / 2;
  let current = 0;
  let best = Number.POSITIVE_INFINITY;
  columns.forEach(({ rect }, index) => {
    const distance = Math.abs(rect.left + rect.width / 2 - centre);
    if (distance < best) {
      best = distance;
      current = index;
    }
  });
  const next = columns[Math.min(columns.length - 1, Math.max(0, current + direction))];
  if (!next) return currentCoordinates;
  const target = next.rect;
  const left = target.left;
  // On a narrow screen the next column is off to the side: bring it into view now (not smoothly, so
  // the card and the column stay where the next key press expects them) and follow it by the scroll.
  const node = context.droppableContainers.get(next.id)?.node.current;
  const moved = node ? revealInline(node) : 0;
  return { x: left - moved + Math.max(0, (target.width - width) / 2), y: target.top + 48 };
};

/** The nearest ancestor of `node` that scrolls sideways, if any. */
function inlineScroller(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const { overflowX } = getComputedStyle(parent);
    if ((overflowX === 'auto' || overflowX === 'scroll') && parent.scrollWidth > parent.clientWidth)
      return parent;
  }
  return null;
}

/**
 * Scrolls `node`'s sideways-scrolling ancestor at once so that `node` is in view (its start edge
 * first when it is wider than the view); answers how far the content moved (px, positive = to the
 * left).
 */
function revealInline(node: HTMLElement): number {
  const scroller = inlineScroller(node);
  if (!scroller) return 0;
  const view = scroller.getBoundingClientRect();
  const rect = node.getBoundingClientRect();
  let delta = 0;
  if (rect.left < view.left) delta = rect.left - view.left;
  else if (rect.right > view.right) delta = Math.min(rect.right - view.right, rect.left - view.left);
  if (delta === 0) return 0;
  const before = scroller.scrollLeft;
  scroller.scrollTo({ left: before + delta, behavior: 'instant' });
  return scroller.scrollLeft - before;
}

/**
 * The board's kanban: left and right jump columns (`columnCoordinates`); up and down move the card
 * past the next card above or below it in its column, so it lands before or after that card (the
 * drop reads which half of the card the dragged card's middle is in).
 */
export const cardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  if (direction === 0) return columnCoordinates(event, args);
  event.preventDefault();
  const { currentCoordinates, context } = args;
  const size = context.collisionRect;
  if (!size) return undefined;
  const centreX = currentCoordinates.x + size.width / 2;
  const centreY = currentCoordinates.y + size.height / 2;
  const own = `card:${String(context.active?.id ?? '')}`;
  const cards = [...context.droppableRects.entries()]
    .filter(
      ([id, rect]) =>
        isCardTarget(id) && id !== own && rect.left <= centreX && centreX <= rect.left + rect.width,
    )
    .map(([, rect]) => rect)
    .sort((a, b) => a.top - b.top);
  const middle = (rect: { top: number; height: number }) => rect.top + rect.height / 2;
  // The next card whose middle is past the dragged card's middle, in the direction of the key.
  const target =
    direction === 1
      ? cards.find((rect) => middle(rect) > centreY + 1)
      : cards.reverse().find((rect) => middle(rect) < centreY - 1);
  if (!target) return undefined;
  // Its lower half going down (after it), its upper half going up (before it).
  const at = target.top + target.height * (direction === 1 ? 0.75 : 0.25);
  return { x: currentCoordinates.x, y: at - size.height / 2 };
};

/**
 * Once the card `id` is drawn in the column `column` (a kanban's `kanban-column-<column>`: a move shows
 * at once, before the server answers), scrolls it into view at once, by the nearest edge, both ways:
 * a card moved from low in a long column lands at the top of the next one, which on a phone (the page
 * scrolls, not the column) is above the screen, and on the board's kanban may be below the column's
 * own scroll. Looks for up to a second of frames: a move refused at once leaves the card where it was.
 */
export function revealMovedCard(column: string, id: string): void {
  const selector = `[data-testid="kanban-column-${CSS.escape(column)}"] [data-testid="kanban-card-${CSS.escape(id)}"]`;
  const look = (framesLeft: number) =>
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>(selector);
      if (card) reveal(card);
      else if (framesLeft > 0) look(framesLeft - 1);
    });
  look(60);
}

/** Scrolls `card` into view at once, clear of the bar that stays at the top of the window (the header). */
function reveal(card: HTMLElement) {
  const rect = card.getBoundingClientRect();
  const covered = coveredTop(rect.left + rect.width / 2);
  const before = card.style.scrollMarginTop;
  if (covered > 0) card.style.scrollMarginTop = `${covered + 8}px`;
  card.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  card.style.scrollMarginTop = before;
}

/** How far down the top of the window is covered by a sticky or fixed bar at `x` (px; 0: none). */
function coveredTop(x: number): number {
  for (let node = document.elementFromPoint(x, 0); node instanceof HTMLElement; node = node.parentElement) {
    const { position } = getComputedStyle(node);
    if (position === 'sticky' || position === 'fixed')
      return Math.max(0, node.getBoundingClientRect().bottom);
  }
  return 0;
}
