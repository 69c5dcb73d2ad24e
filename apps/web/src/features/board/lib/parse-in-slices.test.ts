import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInSlices } from './parse-in-slices';

const Item = z.object({ n: z.number() });
const noYield = () => Promise.resolve();

describe('parseInSlices', () => {
  it('parses every item, in order, across slices', async () => {
    const items = Array.from({ length: 250 }, (_, n) => ({ n, extra: 'dropped' }));
    const parsed = await parseInSlices(items, Item, noYield);
    expect(parsed).toEqual({ success: true, data: items.map(({ n }) => ({ n })) });
  });

  it('yields between slices, not before the first', async () => {
    let yields = 0;
    await parseInSlices(
      Array.from({ length: 250 }, (_, n) => ({ n })),
      Item,
      async () => {
        yields++;
      },
    );
    expect(yields).toBe(2);
  });

  it('fails with the issues of the slice holding a bad item', async () => {
    const items = Array.from({ length: 150 }, (_, n) => ({ n: n === 120 ? 'x' : n }));
    const parsed = await parseInSlices(items, Item, noYield);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual([20, 'n']);
  });

  it('parses an empty list', async () => {
    expect(await parseInSlices([], Item, noYield)).toEqual({ success: true, data: [] });
  });
});
