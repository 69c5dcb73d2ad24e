import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { ChangeFeed, registerChangeFeed } from './change-feed';
import { KEEP_MS, versionedCache } from './versioned-cache';

/** A database that answers only the version query, with a version the test moves. */
function fakeDb() {
  const state = { version: 1 };
  const db = { execute: async () => ({ rows: [{ v: String(state.version) }] }) } as unknown as DbOrTx;
  return { db, state };
}

describe('versionedCache', () => {
  it('builds once for callers that miss at the same time, then answers from memory', async () => {
    const { db } = fakeDb();
    const cache = versionedCache<number>('board_data_version', 10);
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.get(db, ['k'], build)));
    expect(answers).toEqual(Array(8).fill(42));
    expect(builds).toBe(1);
    expect(await cache.get(db, ['k'], build)).toBe(42);
    expect(builds).toBe(1);
  });

  it('builds again when the version moves, when the answer is too old, and per key', async () => {
    const { db, state } = fakeDb();
    const cache = versionedCache<number>('quote_data_version', 10);
    let n = 0;
    const build = async () => ++n;
    expect(await cache.get(db, ['a'], build, { now: 0 })).toBe(1);
    expect(await cache.get(db, ['a'], build, { now: 1 })).toBe(1);
    expect(await cache.get(db, ['b'], build, { now: 1 })).toBe(2);
    state.version = 2;
    expect(await cache.get(db, ['a'], build, { now: 2 })).toBe(3);
    expect(await cache.get(db, ['a'], build, { now: 2 + KEEP_MS })).toBe(4);
  });

  it('keeps nothing from a failed build', async () => {
    const { db } = fakeDb();
    const cache = versionedCache<number>('board_data_version', 10);
    await expect(cache.get(db, ['x'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, ['x'], async () => 7)).toBe(7);
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const { db } = fakeDb();
    const cache = versionedCache<string>('board_data_version', 2);
    let builds = 0;
    const build = (v: string) => async () => {
      builds += 1;
      return v;
    };
    await cache.get(db, ['1'], build('1'));
    await cache.get(db, ['2'], build('2'));
    await cache.get(db, ['3'], build('3'));
    expect(builds).toBe(3);
    await cache.get(db, ['3'], build('3'));
    expect(builds).toBe(3);
    await cache.get(db, ['1'], build('1'));
    expect(builds).toBe(4);
  });

  it('peeks at a kept answer only while the change feed vouches for its version', async () => {
    const { db } = fakeDb();
    const feed = new ChangeFeed();
    registerChangeFeed(db, feed);
    const cache = versionedCache<number>('quote_data_version', 10);
    let n = 0;
    const build = async () => ++n;
    // Without a live feed nothing can be told at once, not even a kept answer.
    expect(await cache.get(db, ['a'], build, { now: 0 })).toBe(1);
    expect(cache.peek(db, ['a'], 0)).toBeUndefined();
    feed.setLive(true);
    expect(cache.peek(db, ['a'], 0)).toBeUndefined();
    expect(await cache.get(db, ['a'], build, { now: 0 })).toBe(2);
    expect(cache.peek(db, ['a'], 1)).toBe(2);
    expect(cache.peek(db, ['b'], 1)).toBeUndefined();
    expect(cache.peek(db, ['a'], KEEP_MS)).toBeUndefined();
    // Another sequence moving leaves it; its own moving drops it, as the feed going down does.
    feed.deliver('version:board_data_version');
    expect(cache.peek(db, ['a'], 1)).toBe(2);
    feed.deliver('version:quote_data_version');
    expect(cache.peek(db, ['a'], 1)).toBeUndefined();
    expect(await cache.get(db, ['a'], build, { now: 1 })).toBe(3);
    expect(cache.peek(db, ['a'], 1)).toBe(3);
    feed.setLive(false);
    expect(cache.peek(db, ['a'], 1)).toBeUndefined();
  });
});
