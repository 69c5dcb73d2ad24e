/** Template cards visible in the task-set slider (SPEC §9): 3, 2 under 1024 px, 1 under 640 px. */
export function cardsPerView(windowWidth: number): number {
  if (windowWidth < 640) return 1;
  if (windowWidth < 1024) return 2;
  return 3;
}

/** The first card index of the last full page. */
export function lastStart(total: number, perView: number): number {
  return Math.max(0, total - perView);
}

/** The start index after moving one step (a card) in `direction`, kept within the list. */
export function stepStart(start: number, direction: -1 | 1, total: number, perView: number): number {
  return Math.min(lastStart(total, perView), Math.max(0, start + direction));
}
