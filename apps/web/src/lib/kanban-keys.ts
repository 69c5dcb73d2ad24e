import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Arrow keys jump between columns (left/right) instead of creeping 25 px at a time; the card lands near
 * the top of the next column. Other keys keep dnd-kit's defaults.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  // The columns only: cards are drop targets too (a place in a column, for the pointer).
  const columns = [...context.droppableRects.entries()]
    .filter(([id]) => String(id).startsWith('group:'))
    .map(([, rect]) => rect)
    .sort((a, b) => a.left - b.left);
  // Not measured yet (the key came right after the pick-up): ignore it.
  if (columns.length === 0) return undefined;
  const width = context.collisionRect?.width ?? 0;
  const centre = currentCoordinates.x + width / 2;
  let current = 0;
  let best = Number.POSITIVE_INFINITY;
  columns.forEach((rect, index) => {
    const distance = Math.abs(rect.left + rect.width / 2 - centre);
    if (distance < best) {
      best = distance;
      current = index;
    }
  });
  const target = columns[Math.min(columns.length - 1, Math.max(0, current + direction))];
  if (!target) return currentCoordinates;
  return { x: target.left + Math.max(0, (target.width - width) / 2), y: target.top + 48 };
};
