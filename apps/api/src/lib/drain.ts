import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Graceful shutdown, step one: keeps serving, answers every request with `Connection: close`,
     * and resolves once nothing has been in flight for `quietMs` (or after `maxMs`). Requests a
     * client sent just before the signal are still read and answered instead of being reset, which
     * closing the listener at once would do. Then `app.close()` refuses new connections.
     */
    drain(opts?: { quietMs?: number; maxMs?: number }): Promise<void>;
    /** Runs `fn` when a drain starts: what never ends by itself (the live event streams) ends then. */
    beforeDrain(fn: () => void): void;
  }
}

/** How many answers are taken in before the ended ones are swept out (at least). */
const SWEEP_AT = 64;

export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  // The answers taken in and not yet seen ended. Fastify runs no `onResponse` for a request whose
  // client went away before its answer was written (the answer never finishes), so a count would
  // never come down again and every later drain would wait its full `maxMs`. An answer is let go
  // once it has been ended (written, or handed to a socket already closed): checked every SWEEP_AT
  // requests and whenever the drain looks. One callback hook a request and no `onResponse` hook at
  // all (decision 0013): a hook on both ends cost a measurable part of a small answer.
  let taken: ServerResponse[] = [];
  let sweepAt = SWEEP_AT;
  let seen = 0;
  const sweep = () => {
    taken = taken.filter((res) => !res.writableEnded);
    // Many long answers in flight at once must not make every request sweep them all again.
    sweepAt = Math.max(SWEEP_AT, 2 * taken.length);
  };
  app.addHook('onRequest', (_req, reply, done) => {
    seen += 1;
    if (taken.push(reply.raw) >= sweepAt) sweep();
    if (draining) reply.header('connection', 'close');
    done();
  });
  const drainListeners: (() => void)[] = [];
  app.decorate('beforeDrain', (fn: () => void) => {
    drainListeners.push(fn);
  });
  app.decorate('drain', async ({ quietMs = 300, maxMs = 10_000 } = {}) => {
    draining = true;
    for (const fn of drainListeners) fn();
    const until = Date.now() + maxMs;
    let quietSince = Date.now();
    let seenThen = seen;
    for (;;) {
      sweep();
      const now = Date.now();
      // Quiet: nothing in flight and no request taken in since the last look, for quietMs.
      if (taken.length > 0 || seen !== seenThen) {
        quietSince = now;
        seenThen = seen;
      }
      if (now >= until || now - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, Math.min(50, quietMs)));
    }
  });
}
