import { describe, expect, it } from 'vitest';
import { assignSlots } from './row-slots';

const slotsOf = (map: Map<string, number>) => Object.fromEntries(map);

describe('assignSlots', () => {
  it.each([
    { name: 'numbers the first rows from 0', previous: {}, ids: ['a', 'b', 'c'], want: { a: 0, b: 1, c: 2 } },
    {
      name: 'keeps the slots of rows still drawn and gives the freed ones to rows scrolling in',
      previous: { a: 0, b: 1, c: 2 },
      ids: ['b', 'c', 'd'],
      want: { b: 1, c: 2, d: 0 },
    },
    {
      name: 'reuses every slot when the whole screen changes',
      previous: { a: 0, b: 1, c: 2 },
      ids: ['x', 'y', 'z'],
      want: { x: 0, y: 1, z: 2 },
    },
    {
      name: 'adds slots when more rows are drawn',
      previous: { a: 0, b: 1 },
      ids: ['a', 'b', 'c', 'd'],
      want: { a: 0, b: 1, c: 2, d: 3 },
    },
    {
      name: 'fills the lowest free slot first',
      previous: { a: 0, b: 1, c: 2, d: 3 },
      ids: ['b', 'd', 'e'],
      want: { b: 1, d: 3, e: 0 },
    },
  ])('$name', ({ previous, ids, want }) => {
    expect(slotsOf(assignSlots(new Map(Object.entries(previous)), ids))).toEqual(want);
  });

  it('never gives two rows the same slot', () => {
    const slots = assignSlots(
      new Map([
        ['a', 0],
        ['b', 0],
      ]),
      ['a', 'b', 'c'],
    );
    expect(new Set(slots.values()).size).toBe(3);
  });
});
