import { describe, expect, it } from 'vitest';
import { runSoak } from './soak';

/**
 * The soak of `npm run soak`, short (CI): 15 seconds at 20 connections against the real server. The
 * full run (3 minutes at 100 connections) is one command; its figures are in docs/operations.md.
 */
describe('soak', () => {
  it('answers a mix of reads and writes without a server error, keeps every write and its memory', async () => {
    const result = await runSoak({ seconds: 15, connections: 20 });
    expect(result.serverErrors, JSON.stringify(result.byStatus)).toBe(0);
    expect(result.writes).toBeGreaterThan(50);
    expect(result.missingWrites).toBe(0);
    expect(result.wrongValues).toBe(0);
    expect(result.memoryGrowth).toBeLessThanOrEqual(0.2);
    expect(result.ok).toBe(true);
  }, 240_000);
});
