import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LIVE_EVENTS_HEARTBEAT_MS, type LiveEvent } from '@solar/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf, principalOf, tokenFrom } from '../../lib/auth-hook';
import type { ChangeFeed, ChangeTopic } from '../../lib/change-feed';

/** A company's people get the events of their notifications and their company's board. */
const access = { access: ['INSTALLER_ADMIN', 'INSTALLER', 'INSTALLER_SALES'] } as const;

/** Streams one user may hold open at once (tabs, devices); a further one ends the oldest. */
export const MAX_STREAMS_PER_USER = 8;

/**
 * Changes announced within this time are sent as one event: on a server every pooled connection
 * hears each notification, and one bulk edit announces once per statement.
 */
const COALESCE_MS = 50;

/** What the browser waits before it opens the stream again after losing it (`retry:`). */
const RETRY_MS = 3_000;

interface Stream {
  userId: string;
  companyId: string;
  /** The login (refresh-token family) of the token it was opened with; its logout ends the stream. */
  familyId: string | null;
  res: ServerResponse;
  /** Who changed the board since the last event sent (null: unknown, anything may have changed). */
  boardBy: Set<string | null>;
  notifications: boolean;
  /** Who of the company is present on its boards changed (modules/presence). */
  presence: boolean;
  timer: NodeJS.Timeout | null;
  heartbeat: NodeJS.Timeout;
  expiry?: NodeJS.Timeout;
}

/**
 * The open streams of this process and the change feed's announcements routed to them. Each stream
 * hears only its own user's notifications and its own company's board; the key of an announcement
 * is matched, never its content trusted beyond that.
 */
export class LiveStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly byCompany = new Map<string, Set<Stream>>();
  private readonly unsubscribe: () => void;

  constructor(feed: ChangeFeed) {
    this.unsubscribe = feed.subscribe((topic, key) => this.onChange(topic, key));
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /**
   * A new stream, ended at `endAt` (ms, the expiry of the token it was opened with): a stream lives
   * no longer than the token, and the browser opens the next one with its renewed token. It ends
   * sooner when the token's login (`familyId`) is logged out.
   */
  open(
    userId: string,
    companyId: string,
    res: ServerResponse,
    endAt: number | null = null,
    familyId: string | null = null,
  ): Stream {
    const mine = this.byUser.get(userId);
    if (mine && mine.size >= MAX_STREAMS_PER_USER) {
      const [oldest] = mine;
      if (oldest) this.end(oldest);
    }
    const stream: Stream = {
      userId,
      companyId,
      familyId,
      res,
      boardBy: new Set(),
      notifications: false,
      presence: false,
      timer: null,
      heartbeat: setInterval(() => res.write(': ping\n\n'), LIVE_EVENTS_HEARTBEAT_MS),
    };
    stream.heartbeat.unref();
    if (endAt !== null) {
      stream.expiry = setTimeout(() => this.end(stream), Math.max(0, endAt - Date.now()));
      stream.expiry.unref();
    }
    add(this.byUser, userId, stream);
    add(this.byCompany, companyId, stream);
    // The browser went away: the answer is ended too, so the drain does not wait for it.
    res.on('close', () => {
      this.forget(stream);
      if (!res.writableEnded) res.end();
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    send(stream, { type: 'ready' });
    return stream;
  }

  /** Ends every stream (the server drains or closes); the browsers come back to another process. */
  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) this.end(stream);
  }

  close(): void {
    this.endAll();
    this.unsubscribe();
  }

  private onChange(topic: ChangeTopic, key: string): void {
    if (topic === 'notification') {
      const streams = key === '*' ? this.all() : this.byUser.get(key);
      for (const stream of streams ?? []) this.schedule(stream, () => (stream.notifications = true));
    } else if (topic === 'board') {
      // The user part is empty where the database cannot say (a column change).
      const to = this.companyOf(key);
      for (const stream of to?.streams ?? [])
        this.schedule(stream, () => stream.boardBy.add(to?.userId ?? null));
    } else if (topic === 'presence') {
      // The user's own streams are not told (they do not show themselves).
      const to = this.companyOf(key);
      for (const stream of to?.streams ?? []) {
        if (!to?.userId || stream.userId !== to.userId) this.schedule(stream, () => (stream.presence = true));
      }
    } else if (topic === 'session') {
      // A session changed (logout, new role, disabled, another company): the stream ends, and the
      // browser's next one is checked again like any request.
      const streams = key === '*' ? this.all() : this.byUser.get(key);
      for (const stream of [...(streams ?? [])]) this.end(stream);
    } else if (topic === 'family') {
      // A login ended (logout, a refresh token used twice): so do the streams opened with its tokens.
      for (const stream of [...this.all()]) if (key === '*' || stream.familyId === key) this.end(stream);
    }
  }

  /**
   * The streams an announcement keyed `<company>:<user>` is for: the company's (every stream for `*`),
   * and the user who made the change (null when not known, or for `*`). Null for a malformed key.
   */
  private companyOf(key: string): { streams: Iterable<Stream>; userId: string | null } | null {
    if (key === '*') return { streams: this.all(), userId: null };
    const [companyId, userId] = key.split(':');
    if (!companyId || userId === undefined) return null;
    return { streams: this.byCompany.get(companyId) ?? [], userId: userId || null };
  }

  private schedule(stream: Stream, mark: () => void): void {
    mark();
    stream.timer ??= setTimeout(() => this.flush(stream), COALESCE_MS);
  }

  private flush(stream: Stream): void {
    stream.timer = null;
    if (stream.notifications) send(stream, { type: 'notifications' });
    stream.notifications = false;
    if (stream.presence) send(stream, { type: 'presence' });
    stream.presence = false;
    const by = stream.boardBy;
    stream.boardBy = new Set();
    // One unknown writer stands for everyone; otherwise one event per writer.
    if (by.has(null)) send(stream, { type: 'board', by: null });
    else for (const userId of by) send(stream, { type: 'board', by: userId });
  }

  private *all(): Iterable<Stream> {
    for (const set of this.byUser.values()) yield* set;
  }

  private end(stream: Stream): void {
    this.forget(stream);
    stream.res.end();
  }

  private forget(stream: Stream): void {
    clearInterval(stream.heartbeat);
    clearTimeout(stream.expiry);
    if (stream.timer) clearTimeout(stream.timer);
    stream.timer = null;
    remove(this.byUser, stream.userId, stream);
    remove(this.byCompany, stream.companyId, stream);
  }
}

function send(stream: Stream, event: LiveEvent): void {
  if (stream.res.writableEnded) return;
  stream.res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

function add(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function remove(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

declare module 'fastify' {
  interface FastifyInstance {
    liveStreams: LiveStreams;
  }
}

/** The process's streams, ended when it drains (lib/drain.ts) or closes. */
export function registerLiveStreams(app: FastifyInstance): void {
  const streams = new LiveStreams(app.ctx.database.changes);
  app.decorate('liveStreams', streams);
  app.beforeDrain(() => streams.endAll());
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });
}

/**
 * GET /events: a server-sent event stream of what changed for the caller (`LiveEvent`), so the
 * notification badge and an open board follow without asking every minute
 * (docs/decisions/0032-live-events.md). Authenticated like every call (the JWT header: the browser
 * reads it with fetch, not EventSource, which cannot send one).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/events', { config: access, schema: { hide: true } }, (req, reply) => {
    const me = principalOf(req);
    const companyId = companyOf(me);
    // The answer is written here, by hand and uncompressed, as it goes; the security headers the
    // request's hooks set are kept.
    reply.hijack();
    const headers = reply.getHeaders() as OutgoingHttpHeaders;
    reply.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // A proxy in front (nginx) must not hold the events back.
      'x-accel-buffering': 'no',
      // The connection is the stream's alone: it closes with it, never left idle for reuse.
      connection: 'close',
    });
    reply.raw.flushHeaders();
    const token = tokenFrom(req.headers.authorization);
    const claims = token ? app.ctx.tokens.known(token) : null;
    app.liveStreams.open(
      me.id,
      companyId,
      reply.raw,
      token ? app.ctx.tokens.expiresAt(token) : null,
      claims?.sid ?? null,
    );
  });
};
