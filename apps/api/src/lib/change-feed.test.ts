import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { ChangeFeed, LiveCache, registerChangeFeed } from './change-feed';
import { dataVersion } from './versioned-cache';

/** A load that counts its calls and answers what the test sets. */
function loader(initial: string) {
  const state = { value: initial, calls: 0 };
  const load = async () => {
    state.calls += 1;
    return state.value;
  };
  return { state, load };
}

describe('ChangeFeed', () => {
  it('has no version while it is not live, and a new one after every change and every reconnection', () => {
    const feed = new ChangeFeed();
    expect(feed.version('quote_data_version')).toBeNull();
    feed.setLive(true);
    const first = feed.version('quote_data_version');
    expect(first).toEqual(expect.any(String));
    expect(feed.version('quote_data_version')).toBe(first);
    feed.deliver('version:board_data_version');
    expect(feed.version('quote_data_version')).toBe(first);
    feed.deliver('version:quote_data_version');
    const second = feed.version('quote_data_version');
    expect(second).not.toBe(first);
    // Down and up again: what was announced meanwhile is lost, so no version may repeat.
    feed.setLive(false);
    expect(feed.version('quote_data_version')).toBeNull();
    feed.setLive(true);
    expect([first, second]).not.toContain(feed.version('quote_data_version'));
  });

  it('ignores payloads it does not know', () => {
    const feed = new ChangeFeed();
    const heard: string[] = [];
    feed.subscribe((topic, key) => heard.push(`${topic}:${key}`));
    for (const p of ['', 'session', 'session:', 'other:1', ':x']) feed.deliver(p);
    feed.deliver('session:42');
    expect(heard).toEqual(['session:42']);
  });

  it('gives the versioned caches their version from memory while live, and from the database otherwise', async () => {
    const feed = new ChangeFeed();
    let reads = 0;
    const db = {
      execute: async () => {
        reads += 1;
        return { rows: [{ v: '7' }] };
      },
    } as unknown as DbOrTx;
    registerChangeFeed(db, feed);
    expect(await dataVersion(db, 'board_data_version')).toBe('7');
    expect(reads).toBe(1);
    feed.setLive(true);
    const heard = await dataVersion(db, 'board_data_version');
    expect(heard).not.toBe('7');
    feed.deliver('version:board_data_version');
    expect(await dataVersion(db, 'board_data_version')).not.toBe(heard);
    expect(reads).toBe(1);
  });
});

describe('LiveCache', () => {
  it('loads every time while the feed is not live', async () => {
    const feed = new ChangeFeed();
    const cache = new LiveCache<string>(feed, 'session', 10, 60_000);
    const { state, load } = loader('a');
    await cache.get('u1', load);
    await cache.get('u1', load);
    expect(state.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps a value until its key, or every key, is announced, and at most keepMs', async () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new LiveCache<string>(feed, 'session', 10, 1_000);
    const { state, load } = loader('a');
    expect(await cache.get('u1', load, 0)).toBe('a');
    state.value = 'b';
    expect(await cache.get('u1', load, 10)).toBe('a');
    feed.deliver('company:u1'); // another topic
    expect(await cache.get('u1', load, 20)).toBe('a');
    feed.deliver('session:u1');
    expect(await cache.get('u1', load, 30)).toBe('b');
    state.value = 'c';
    feed.deliver('session:*');
    expect(await cache.get('u1', load, 40)).toBe('c');
    state.value = 'd';
    expect(await cache.get('u1', load, 40 + 1_000)).toBe('d');
    // The listener lost: everything goes, and nothing is kept until it is back.
    feed.setLive(false);
    expect(cache.size).toBe(0);
    state.value = 'e';
    expect(await cache.get('u1', load, 2_000)).toBe('e');
    expect(cache.size).toBe(0);
  });

  it('peeks at a kept value without loading, and only where get would not load', async () => {
    const feed = new ChangeFeed();
    const cache = new LiveCache<string | null>(feed, 'session', 10, 1_000);
    const { load } = loader('a');
    expect(cache.peek('u1', 0)).toBeUndefined();
    feed.setLive(true);
    expect(cache.peek('u1', 0)).toBeUndefined();
    await cache.get('u1', load, 0);
    expect(cache.peek('u1', 10)).toEqual(expect.objectContaining({ value: 'a' }));
    // A kept null (no such user) is a value too.
    await cache.get('u2', async () => null, 0);
    expect(cache.peek('u2', 10)).toEqual(expect.objectContaining({ value: null }));
    expect(cache.peek('u1', 1_000)).toBeUndefined();
    expect(cache.peek('u1', 10)).toBeDefined();
    feed.deliver('session:u1');
    expect(cache.peek('u1', 10)).toBeUndefined();
    expect(cache.peek('u2', 10)).toBeDefined();
    feed.setLive(false);
    expect(cache.peek('u2', 10)).toBeUndefined();
  });

  it('does not keep a value whose load a change overtook', async () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new LiveCache<string>(feed, 'session', 10, 60_000);
    let release = () => {};
    const slow = () =>
      new Promise<string>((resolve) => {
        release = () => resolve('old row');
      });
    const pending = cache.get('u1', slow);
    feed.deliver('session:u1'); // committed while the old row was on its way
    release();
    expect(await pending).toBe('old row');
    const { load } = loader('new row');
    expect(await cache.get('u1', load)).toBe('new row');
  });

  it('drops the oldest entry beyond maxEntries', async () => {
    const feed = new ChangeFeed();
    feed.setLive(true);
    const cache = new LiveCache<string>(feed, 'company', 2, 60_000);
    const { state, load } = loader('x');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    await cache.get('c', load);
    expect(state.calls).toBe(3);
    await cache.get('a', load);
    expect(state.calls).toBe(4);
  });
});
