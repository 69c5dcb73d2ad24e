/**
 * Recycling keys for the grid's virtual rows: a record keeps its slot while it stays drawn, and a
 * record scrolling in takes a slot one scrolling out left. Keyed by slot, React updates that row's
 * elements (text, attributes) instead of removing a row and building another: while scrolling fast
 * every row of the screen changes in every frame, and building elements was most of a frame's work.
 */
export function assignSlots(
  previous: ReadonlyMap<string, number>,
  ids: readonly string[],
): Map<string, number> {
  const slots = new Map<string, number>();
  const taken = new Set<number>();
  for (const id of ids) {
    const slot = previous.get(id);
    if (slot !== undefined && !taken.has(slot) && !slots.has(id)) {
      slots.set(id, slot);
      taken.add(slot);
    }
  }
  let free = 0;
  for (const id of ids) {
    if (slots.has(id)) continue;
    while (taken.has(free)) free++;
    slots.set(id, free);
    taken.add(free);
  }
  return slots;
}
