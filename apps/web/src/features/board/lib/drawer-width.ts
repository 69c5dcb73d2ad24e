/** The record drawer's widths (SPEC §2). */
export const DRAWER_MIN_WIDTH = 300;
export const DRAWER_DEFAULT_WIDTH = 500;
/** The drawer's left edge stays at least this far from the window's left edge. */
export const DRAWER_EDGE_GAP = 100;

/** A drawer width within the bounds: at least 300 px, leaving 100 px of the window on its left. */
export function clampDrawerWidth(width: number, windowWidth: number): number {
  const max = Math.max(DRAWER_MIN_WIDTH, windowWidth - DRAWER_EDGE_GAP);
  return Math.round(Math.min(max, Math.max(DRAWER_MIN_WIDTH, width)));
}

/** The width while dragging the left edge of a right-hand drawer to `pointerX`. */
export function widthAtPointer(pointerX: number, windowWidth: number): number {
  return clampDrawerWidth(windowWidth - pointerX, windowWidth);
}
