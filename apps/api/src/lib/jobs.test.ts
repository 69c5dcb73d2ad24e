import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { Database } from '../db/client';
import { PLATFORM } from '../db/tenant';
import { JobRunner } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('JobRunner', () => {
  it('survives the database going away and runs the job once it is back', async () => {
    const queue = `outage-${Date.now()}`;
    await t.database.query('INSERT INTO jobs (queue, kind, payload) VALUES ($1, $2, $3)', [
      queue,
      'note',
      JSON.stringify({ n: 1 }),
    ]);
    // The first two polls find no database (a restart, a failover), then it answers again.
    let outage = 2;
    const platform = t.database.as(PLATFORM);
    const flaky: Database = {
      ...platform,
      query: (text, params) => {
        if (outage > 0) {
          outage--;
          return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
        }
        return platform.query(text, params);
      },
      as: () => flaky,
    };
    const warn = vi.fn();
    const log = { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const seen: unknown[] = [];
    const runner = new JobRunner(flaky, { note: async (payload) => void seen.push(payload) }, log, 20, queue);
    runner.start();
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual([{ n: 1 }]);
    await runner.stop();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ queue }), 'job queue unavailable; retrying');
    expect(warn.mock.calls.filter((c) => c[1] === 'job queue unavailable; retrying')).toHaveLength(2);
    const [job] = await t.database.query<{ status: string }>('SELECT status FROM jobs WHERE queue = $1', [
      queue,
    ]);
    expect(job?.status).toBe('done');
  });
});
