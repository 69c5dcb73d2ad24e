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
  let inFlight = 0;
  let lastActivity = Date.now();
  // Callback hooks, not async ones: an async hook costs every request two promises (decision 0013).
  app.addHook('onRequest', (_req, reply, done) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (draining) reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (_req, _reply, done) => {
    inFlight -= 1;
    lastActivity = Date.now();
    done();
  });
  app.decorate('drain', async ({ quietMs = 300, maxMs = 10_000 } = {}) => {
    draining = true;
    const until = Date.now() + maxMs;
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}
