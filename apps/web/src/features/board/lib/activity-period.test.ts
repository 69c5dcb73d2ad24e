import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodStart } from './activity-period';

afterEach(() => vi.unstubAllEnvs());

describe('periodStart', () => {
  it('starts at local midnight today, six or twenty-nine days before, or not at all', () => {
    const now = new Date(2026, 11, 1, 15, 30);
    expect(periodStart('all', now)).toBeUndefined();
    expect(periodStart('today', now)).toBe(new Date(2026, 11, 1).toISOString());
    expect(periodStart('week', now)).toBe(new Date(2026, 10, 25).toISOString());
    // Across a month's end.
    expect(periodStart('month', now)).toBe(new Date(2026, 10, 2).toISOString());
  });
});
