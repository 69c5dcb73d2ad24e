import type { LiveEvent } from '@solar/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { type LiveEventsDeps, startLiveEvents } from './connection';

/** A server's answer to GET /api/events that the test writes to as it likes. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: object) =>
      controller.enqueue(encoder.encode(`event: x\ndata: ${JSON.stringify(event)}\n\n`)),
    raw: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/**
 * Answers each opening of the stream (the API client's `stream`, tested in api/client.test.ts) with
 * the next stream the test made, and counts the openings.
 */
function fakeServer() {
  const streams: ReturnType<typeof controlledStream>[] = [];
  let opened = 0;
  const open = async (signal: AbortSignal) => {
    opened += 1;
    const stream = controlledStream();
    streams.push(stream);
    signal.addEventListener('abort', () => {
      try {
        stream.end();
      } catch {
        // already ended
      }
    });
    return stream.response;
  };
  return { open, streams, opened: () => opened };
}

/** The Web Locks API's exclusive request, enough for one lock name. */
function fakeLocks(): Pick<LockManager, 'request'> {
  let held = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    held = false;
    waiting.shift()?.();
  };
  return {
    request: ((_name: string, options: LockOptions, callback: () => Promise<void>) =>
      new Promise<void>((resolve, reject) => {
        const run = () => {
          held = true;
          callback().then(resolve, reject).finally(release);
        };
        if (!held) return run();
        waiting.push(run);
        options.signal?.addEventListener('abort', () => {
          const at = waiting.indexOf(run);
          if (at >= 0) waiting.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      })) as unknown as LockManager['request'],
  };
}

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function tab(server: ReturnType<typeof fakeServer>, shared: Partial<LiveEventsDeps> = {}) {
  const events: LiveEvent[] = [];
  const states: boolean[] = [];
  const stop = startLiveEvents({
    open: server.open,
    hasSession: () => true,
    locks: null,
    channel: null,
    onEvent: (e) => events.push(e),
    onState: (live) => states.push(live),
    ...shared,
  });
  stops.push(stop);
  return { events, states, stop };
}

describe('startLiveEvents', () => {
  it('passes on the events it knows, and opens the stream again when it ends', async () => {
    const server = fakeServer();
    const one = tab(server);
    await until(() => server.streams.length === 1);
    const first = server.streams[0];
    first?.raw('retry: 3000\n\n: ping\n\n');
    first?.send({ type: 'ready' });
    first?.send({ type: 'future-kind', whatever: 1 });
    first?.raw('event: x\ndata: not json\n\n');
    first?.send({ type: 'board', by: null });
    await until(() => one.events.length === 2);
    expect(one.events).toEqual([{ type: 'ready' }, { type: 'board', by: null }]);
    expect(one.states).toEqual([true]);

    first?.end();
    await until(() => one.states.length === 2);
    expect(one.states).toEqual([true, false]);
    // Opened again after about a second.
    await until(() => server.streams.length === 2, 2_000);
    server.streams[1]?.send({ type: 'ready' });
    await until(() => one.states.length === 3);
    expect(one.states.at(-1)).toBe(true);
  });

  it('asks for no stream without a session, and stops for good when stopped', async () => {
    const server = fakeServer();
    const none = tab(server, { hasSession: () => false });
    await new Promise((r) => setTimeout(r, 100));
    expect(server.opened()).toBe(0);
    none.stop();

    const one = tab(server);
    await until(() => server.streams.length === 1);
    one.stop();
    await new Promise((r) => setTimeout(r, 1_600));
    expect(server.streams).toHaveLength(1);
  });

  it('tries a refused or unreachable stream again after a second, then less often', async () => {
    const server = fakeServer();
    let refusals = 2;
    const times: number[] = [];
    const one = tab(server, {
      open: async (signal) => {
        times.push(Date.now());
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('refused');
        }
        return server.open(signal);
      },
    });
    await until(() => server.streams.length === 1, 5_000);
    expect(times).toHaveLength(3);
    const [a = 0, b = 0, c = 0] = times;
    // About 1 s, then about 2 s (with a quarter's jitter either way).
    expect(b - a).toBeGreaterThanOrEqual(700);
    expect(c - b).toBeGreaterThanOrEqual(1_400);
    server.streams[0]?.send({ type: 'ready' });
    await until(() => one.states.at(-1) === true);
  });

  it('keeps one stream for all tabs: the others hear its events, and one takes over when it closes', async () => {
    const server = fakeServer();
    const locks = fakeLocks();
    const name = `live-${Math.random()}`;
    const shared = { locks, channel: () => new BroadcastChannel(name) };
    const leader = tab(server, shared);
    const follower = tab(server, shared);
    await until(() => server.streams.length === 1);
    server.streams[0]?.send({ type: 'ready' });
    server.streams[0]?.send({ type: 'notifications' });
    await until(() => follower.events.length === 2);
    expect(follower.events).toEqual([{ type: 'ready' }, { type: 'notifications' }]);
    expect(leader.events).toEqual(follower.events);
    await until(() => follower.states.length === 1);
    expect(follower.states).toEqual([true]);
    expect(server.streams).toHaveLength(1);

    // A tab opened later learns that the events come.
    const late = tab(server, shared);
    await until(() => late.states.length === 1);
    expect(late.states).toEqual([true]);

    leader.stop();
    await until(() => server.streams.length === 2);
    server.streams[1]?.send({ type: 'board', by: null });
    await until(() => late.events.length === 1 || follower.events.length === 3);
    expect(server.streams).toHaveLength(2);
  });
});
