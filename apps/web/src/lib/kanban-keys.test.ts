import type { ClientRect, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { cardCoordinates, columnCoordinates } from './kanban-keys';

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

// Two columns 280 wide; the first holds cards a (own), b and c, 100 high with gaps of 10.
const rects = new Map<UniqueIdentifier, ClientRect>([
  ['todo', rect(0, 0, 280, 600)],
  ['doing', rect(300, 0, 280, 600)],
  ['card:a', rect(8, 40, 264, 100)],
  ['card:b', rect(8, 150, 264, 100)],
  ['card:c', rect(8, 260, 264, 100)],
  ['card:x', rect(308, 40, 264, 100)],
]);

/** What a getter answers for a key, the dragged card `a` at `at` (its top left corner). */
function press(getter: KeyboardCoordinateGetter, code: string, at: { x: number; y: number }) {
  const event = { code, preventDefault: () => undefined } as unknown as KeyboardEvent;
  return getter(event, {
    active: 'a',
    currentCoordinates: at,
    context: {
      active: { id: 'a' },
      collisionRect: rect(at.x, at.y, 264, 100),
      droppableRects: rects,
      // No nodes: nothing to scroll into view.
      droppableContainers: new Map(),
    },
  } as unknown as Parameters<KeyboardCoordinateGetter>[1]);
}

describe('columnCoordinates', () => {
  it('jumps to the next column, whatever cards are drop targets too', () => {
    expect(press(columnCoordinates, 'ArrowRight', { x: 8, y: 40 })).toEqual({ x: 308, y: 48 });
    expect(press(columnCoordinates, 'ArrowLeft', { x: 308, y: 48 })).toEqual({ x: 8, y: 48 });
    expect(press(columnCoordinates, 'ArrowDown', { x: 8, y: 40 })).toBeUndefined();
  });
});

describe('cardCoordinates', () => {
  it('takes the card past the next card below (its lower half) or above (its upper half)', () => {
    // From a's place, down: the middle of the card goes to b's lower quarter (after b).
    expect(press(cardCoordinates, 'ArrowDown', { x: 8, y: 40 })).toEqual({ x: 8, y: 150 + 75 - 50 });
    // From there, down again: past c.
    expect(press(cardCoordinates, 'ArrowDown', { x: 8, y: 175 })).toEqual({ x: 8, y: 260 + 75 - 50 });
    // Up from past c: before c (its upper quarter).
    expect(press(cardCoordinates, 'ArrowUp', { x: 8, y: 285 })).toEqual({ x: 8, y: 260 + 25 - 50 });
    // Nothing further down; the left and right arrows still jump columns.
    expect(press(cardCoordinates, 'ArrowDown', { x: 8, y: 285 })).toBeUndefined();
    expect(press(cardCoordinates, 'ArrowRight', { x: 8, y: 40 })).toEqual({ x: 308, y: 48 });
  });
});
