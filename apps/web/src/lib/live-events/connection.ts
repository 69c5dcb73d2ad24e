import { LIVE_EVENTS_HEARTBEAT_MS, LiveEvent } from '@solar/shared';
import { createSseParser } from './sse';

/** Waits before opening the stream again: the first time, then doubling up to the last. */
export const RECONNECT_DELAYS_MS = { first: 1_000, max: 60_000 };

/** A stream that sent nothing (not even its heartbeat) for this long is taken for lost. */
export const SILENT_LIMIT_MS = 2 * LIVE_EVENTS_HEARTBEAT_MS + 10_000;

const LOCK_NAME = 'solar-live-events';
const CHANNEL_NAME = 'solar-live-events';

type Message = { kind: 'event'; event: LiveEvent } | { kind: 'state'; live: boolean } | { kind: 'hello' };

export interface LiveEventsDeps {
  /**
   * Opens `GET /api/events` through the app's API client (its headers, its token renewal on 403 and
   * its session end); answers the stream, or throws when refused or unreachable.
   */
  open: (signal: AbortSignal) => Promise<Response>;
  /** Whether a session is there at all (no stream is asked for without one). */
  hasSession: () => boolean;
  /** The tabs' lock manager (one tab holds the stream for all); null: this tab streams for itself. */
  locks: Pick<LockManager, 'request'> | null;
  /** The tabs' channel, which the tab holding the stream relays its events on; null: none. */
  channel: (() => Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener'>) | null;
  onEvent: (event: LiveEvent) => void;
  /** Whether this tab's events arrive live now (its own stream, or the tab streaming for it). */
  onState: (live: boolean) => void;
}

export function browserDeps(): Pick<LiveEventsDeps, 'locks' | 'channel'> {
  return {
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    channel: typeof BroadcastChannel === 'undefined' ? null : () => new BroadcastChannel(CHANNEL_NAME),
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows `GET /api/events` until stopped (docs/decisions/0032-live-events.md). The browser allows
 * six connections to a host, so of a user's tabs only one holds the stream, the one holding the
 * `solar-live-events` lock; it relays every event to the other tabs on a BroadcastChannel, and when
 * it closes another tab takes the lock and the stream. A lost stream is opened again after 1 s, then
 * 2, 4, ... up to a minute (with jitter); one silent for longer than two heartbeats is closed first.
 * Returns the function that stops it all.
 */
export function startLiveEvents(deps: LiveEventsDeps): () => void {
  const stopped = new AbortController();
  const channel = deps.channel?.() ?? null;
  let leading = false;
  let live = false;
  /** Whether the current connection got as far as its `ready`. */
  let reached = false;

  let closed = false;
  const post = (message: Message) => {
    if (!closed) channel?.postMessage(message);
  };
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    deps.onState(next);
    if (leading) post({ kind: 'state', live: next });
  };

  channel?.addEventListener('message', (message: MessageEvent<Message>) => {
    const data = message.data;
    if (leading) {
      // A new tab asks where things stand.
      if (data?.kind === 'hello') post({ kind: 'state', live });
      return;
    }
    if (data?.kind === 'event') {
      const parsed = LiveEvent.safeParse(data.event);
      if (parsed.success) deps.onEvent(parsed.data);
    } else if (data?.kind === 'state') {
      setLive(data.live);
    }
  });

  const emit = (event: LiveEvent) => {
    deps.onEvent(event);
    post({ kind: 'event', event });
  };

  /** One connection, until it ends, fails, falls silent or everything stops. */
  const connect = async (): Promise<void> => {
    if (!deps.hasSession()) return;
    const connection = new AbortController();
    const stop = () => connection.abort();
    stopped.signal.addEventListener('abort', stop);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(stop, SILENT_LIMIT_MS);
    };
    try {
      heard();
      // An expired token is renewed by the client, which then asks again; a session that cannot be
      // renewed ends there (the app leaves for the login).
      const response = await deps.open(connection.signal);
      if (!response.body) return;
      const parser = createSseParser((_type, data) => {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          return;
        }
        // An event this version does not know is passed over, not taken for a broken stream.
        const parsed = LiveEvent.safeParse(json);
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') {
          reached = true;
          setLive(true);
        }
        emit(parsed.data);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.push(value);
      }
    } catch {
      // Lost, refused or stopped: the caller decides when to try again.
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', stop);
      connection.abort();
      setLive(false);
    }
  };

  const lead = async () => {
    leading = true;
    let delay = RECONNECT_DELAYS_MS.first;
    while (!stopped.signal.aborted) {
      reached = false;
      await connect();
      if (stopped.signal.aborted) break;
      // A stream that was open (a server restart, a drain) is tried again soon; a refused or
      // unreachable one less and less often.
      if (reached) delay = RECONNECT_DELAYS_MS.first;
      await sleep(delay * (0.75 + Math.random() * 0.5), stopped.signal);
      delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.max);
    }
    leading = false;
  };

  if (deps.locks) {
    deps.locks.request(LOCK_NAME, { signal: stopped.signal }, lead).catch(() => undefined);
    post({ kind: 'hello' });
  } else {
    void lead();
  }

  return () => {
    stopped.abort();
    // The other tabs hear that the events stop until one of them takes the stream over.
    setLive(false);
    closed = true;
    channel?.close();
  };
}
