import { randomUUID } from 'node:crypto';

/** The channel the database announces changes on (migration 0014). */
export const CHANGES_CHANNEL = 'solar_changes';

/**
 * What the database announces: `<topic>:<key>`, the key `*` for every key of the topic. `notification`
 * and `board` (migration 0022) are for the live events (modules/events): a reader's notifications
 * changed (key: the user id), someone changed a company's board (key: `<company id>:<user id>`);
 * `presence`: who has the company's boards open changed (key: the company id, modules/presence);
 * `family`: a login's refresh-token family ended (key: the family id, migration 0031), so the access
 * tokens of that login stop working (lib/auth-hook.ts).
 */
export type ChangeTopic =
  | 'session'
  | 'family'
  | 'company'
  | 'version'
  | 'notification'
  | 'board'
  | 'presence';

const TOPICS: ReadonlySet<string> = new Set<ChangeTopic>([
  'session',
  'family',
  'company',
  'version',
  'notification',
  'board',
  'presence',
]);

/**
 * This process's view of the database's change notifications (docs/decisions/0007-change-feed.md).
 * The database layer feeds it (db/client.ts): on PGlite its one session listens; on a server every
 * pooled connection listens (a writer sees its own change before its commit returns) and one
 * connection of its own listens while the pool is idle. The feed is **live** only while that
 * listening connection is up: then nothing can change without this process hearing of it, and
 * what is kept in memory may be used. Every time it goes down or comes back, everything kept is
 * dropped (changes announced meanwhile were missed).
 */
export class ChangeFeed {
  private live = false;
  /** Changes with every loss or return of the listener: in-memory versions never repeat. */
  private epoch = randomUUID();
  private readonly versions = new Map<string, number>();
  /** `version()`'s answers, written once per change rather than on every read (a kept answer's check). */
  private readonly versionTexts = new Map<string, string>();
  private readonly subscribers = new Set<(topic: ChangeTopic, key: string) => void>();

  isLive(): boolean {
    return this.live;
  }

  /**
   * The version of `sequence`'s data as this process knows it, or null when the feed is not live
   * (the caller reads the sequence then). Moves with every announced change of the data.
   */
  version(sequence: string): string | null {
    if (!this.live) return null;
    let text = this.versionTexts.get(sequence);
    if (text === undefined) {
      text = `feed:${this.epoch}:${this.versions.get(sequence) ?? 0}`;
      this.versionTexts.set(sequence, text);
    }
    return text;
  }

  /** Calls `fn` for every change, and with key `*` for every topic when the feed goes or comes back. */
  subscribe(fn: (topic: ChangeTopic, key: string) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** A notification's payload, as the database sent it. Unknown payloads are ignored. */
  deliver(payload: string): void {
    const at = payload.indexOf(':');
    const topic = payload.slice(0, at);
    const key = payload.slice(at + 1);
    if (at < 0 || !key || !TOPICS.has(topic)) return;
    if (topic === 'version') {
      this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
      this.versionTexts.delete(key);
    }
    for (const fn of this.subscribers) fn(topic as ChangeTopic, key);
  }

  /** The listening connection came up (true) or went down (false). */
  setLive(live: boolean): void {
    this.live = live;
    this.epoch = randomUUID();
    this.versions.clear();
    this.versionTexts.clear();
    for (const fn of this.subscribers) {
      fn('session', '*');
      fn('family', '*');
      fn('company', '*');
      // Changes may have been missed: every live stream tells its browser to ask again.
      fn('notification', '*');
      fn('board', '*');
      fn('presence', '*');
    }
  }
}

/** The feed of each open database's drizzle object (db/client.ts registers it). */
const feeds = new WeakMap<object, ChangeFeed>();

export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/**
 * The feed of a database's drizzle object; undefined for a transaction, whose own uncommitted
 * changes no notification has announced yet (the caller asks the database then).
 */
export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}

/**
 * Values kept in memory while the feed is live, each dropped when its topic announces its key (or
 * `*`). A load that a change overtook is returned but not kept: it may have read the old row.
 * Nothing is kept longer than `keepMs` in any case, a bound for what no notification covers.
 */
export class LiveCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();
  /** Advances with every drop: a load that started before one does not keep its value. */
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    topic: ChangeTopic,
    private readonly maxEntries: number,
    private readonly keepMs: number,
  ) {
    feed.subscribe((changed, key) => {
      if (changed !== topic) return;
      this.generation++;
      if (key === '*') this.entries.clear();
      else this.entries.delete(key);
    });
  }

  /**
   * The kept entry of `key` while the feed is live and the entry is fresh, without waiting for
   * anything (the auth hook's path for a known session); undefined where {@link get} would load.
   */
  peek(key: string, now = Date.now()): { value: V } | undefined {
    if (!this.feed.isLive()) return undefined;
    const hit = this.entries.get(key);
    return hit && now - hit.at < this.keepMs ? hit : undefined;
  }

  /** The kept value of `key`, or what `load` answers (kept when the feed is live and nothing changed meanwhile). */
  async get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.peek(key, now);
    if (hit) return hit.value;
    if (!this.feed.isLive()) return load();
    const generation = this.generation;
    const value = await load();
    if (this.feed.isLive() && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries)
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { at: now, value });
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

const named = new WeakMap<ChangeFeed, Map<string, LiveCache<unknown>>>();

/**
 * The live cache `name` of the feed of a database's drizzle object, made on first use; undefined
 * inside a transaction (see {@link changeFeedOf}).
 */
export function liveCacheOf<V>(
  db: object,
  name: string,
  make: (feed: ChangeFeed) => LiveCache<V>,
): LiveCache<V> | undefined {
  const feed = changeFeedOf(db);
  if (!feed) return undefined;
  let caches = named.get(feed);
  if (!caches) {
    caches = new Map();
    named.set(feed, caches);
  }
  let cache = caches.get(name) as LiveCache<V> | undefined;
  if (!cache) {
    cache = make(feed);
    caches.set(name, cache as LiveCache<unknown>);
  }
  return cache;
}
