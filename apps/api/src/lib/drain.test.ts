import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDrain } from './drain';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A server with the drain hooks and a route that answers after `ms`. */
async function serve() {
  const app = Fastify();
  apps.push(app);
  registerDrain(app);
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 150));
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Sends a request and closes the connection after `abortAfterMs` (none: waits for the answer). */
function send(port: number, path: string, abortAfterMs?: number): Promise<number | 'aborted'> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve('aborted'));
    req.end();
    if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
  });
}

describe('drain', () => {
  it('waits for a request in flight, then resolves once quiet', async () => {
    const { app, port } = await serve();
    const answer = send(port, '/slow');
    await new Promise((r) => setTimeout(r, 30));
    const began = Date.now();
    await app.drain({ quietMs: 50, maxMs: 5_000 });
    expect(await answer).toBe(200);
    const took = Date.now() - began;
    expect(took).toBeGreaterThanOrEqual(100);
    expect(took).toBeLessThan(2_000);
  });

  it('does not wait for a request whose client went away (its answer never finishes)', async () => {
    const { app, port } = await serve();
    expect(await send(port, '/slow', 20)).toBe('aborted');
    // The handler answers into the closed connection; nothing is in flight after that.
    await new Promise((r) => setTimeout(r, 300));
    expect(await send(port, '/fast')).toBe(200);
    const began = Date.now();
    await app.drain({ quietMs: 50, maxMs: 5_000 });
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('still waits for a handler at work whose client went away', async () => {
    const { app, port } = await serve();
    expect(await send(port, '/slow', 20)).toBe('aborted');
    const began = Date.now();
    await app.drain({ quietMs: 10, maxMs: 5_000 });
    // The handler answers 150 ms after the request came; the client left after 20 ms.
    expect(Date.now() - began).toBeGreaterThanOrEqual(90);
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('waits for every one of many answers in flight, past the sweeps of ended ones', async () => {
    const { app, port } = await serve();
    // More than a sweep's worth of ended answers first, then more slow ones than a sweep holds.
    for (let i = 0; i < 150; i++) expect(await send(port, '/fast')).toBe(200);
    const answers = Array.from({ length: 150 }, () => send(port, '/slow'));
    await new Promise((r) => setTimeout(r, 30));
    const began = Date.now();
    await app.drain({ quietMs: 10, maxMs: 5_000 });
    const took = Date.now() - began;
    expect(new Set(await Promise.all(answers))).toEqual(new Set([200]));
    expect(took).toBeGreaterThanOrEqual(90);
    expect(took).toBeLessThan(3_000);
  });
});
