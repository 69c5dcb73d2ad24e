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
  }
}

export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  // The answers in flight. Fastify runs no `onResponse` for a request whose client went away
  // before its answer was written (the answer never finishes): a count would never come down again
  // and every later drain would wait its full `maxMs`. The drain lets go of an answer once it has
  // been ended (written, or handed to a socket already closed), which it checks when it looks,
  // without a `close` listener on every request (decision 0013).
  const inFlight = new Set<ServerResponse>();
  let lastActivity = Date.now();
  // Callback hooks, not async ones: an async hook costs every request two promises (decision 0013).
  app.addHook('onRequest', (_req, reply, done) => {
    inFlight.add(reply.raw);
    lastActivity = Date.now();
    if (draining) reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (_req, reply, done) => {
    inFlight.delete(reply.raw);
    lastActivity = Date.now();
    done();
  });
  /** Answers still being worked on (a handler still running for a client that left counts). */
  const busy = () => {
    for (const res of inFlight) if (res.writableEnded) inFlight.delete(res);
    return inFlight.size > 0;
  };
  app.decorate('drain', async ({ quietMs = 300, maxMs = 10_000 } = {}) => {
    draining = true;
    const until = Date.now() + maxMs;
    while (Date.now() < until && (busy() || Date.now() - lastActivity < quietMs)) {
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}
