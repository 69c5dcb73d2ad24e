import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoardRefresher, OWN_ECHO_MS, RETRY_MS } from './board-refresh';

const ME = '00000000-0000-4000-8000-000000000001';
const COLLEAGUE = '00000000-0000-4000-8000-000000000002';

function setup() {
  const state = { inFlight: 0, lastEndedAt: 0, busy: false, refreshed: 0 };
  const refresher = createBoardRefresher({
    me: () => ME,
    writes: () => ({ inFlight: state.inFlight, lastEndedAt: state.lastEndedAt }),
    busy: () => state.busy,
    refresh: () => {
      state.refreshed += 1;
    },
  });
  return { state, refresher };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('createBoardRefresher', () => {
  it("refreshes at once for a colleague's change when nothing is under way", () => {
    const { state, refresher } = setup();
    refresher.changed(COLLEAGUE);
    expect(state.refreshed).toBe(1);
    // Unknown changes (a lost feed) refresh too.
    refresher.changed(null);
    expect(state.refreshed).toBe(2);
  });

  it("takes this tab's own change for its echo, but not the same user's change from elsewhere", () => {
    const { state, refresher } = setup();
    state.inFlight = 1;
    refresher.changed(ME);
    state.inFlight = 0;
    state.lastEndedAt = Date.now();
    vi.advanceTimersByTime(OWN_ECHO_MS - 1);
    refresher.changed(ME);
    expect(state.refreshed).toBe(0);
    expect(refresher.isPending()).toBe(false);
    // Long after this tab's last write: the user changed it in another tab or on another device.
    vi.advanceTimersByTime(2);
    refresher.changed(ME);
    expect(state.refreshed).toBe(1);
  });

  it('waits while an edit or a write is under way, then refreshes once for every change meanwhile', () => {
    const { state, refresher } = setup();
    state.busy = true;
    refresher.changed(COLLEAGUE);
    refresher.changed(COLLEAGUE);
    vi.advanceTimersByTime(5 * RETRY_MS);
    expect(state.refreshed).toBe(0);
    expect(refresher.isPending()).toBe(true);
    state.busy = false;
    state.inFlight = 1;
    vi.advanceTimersByTime(RETRY_MS);
    expect(state.refreshed).toBe(0);
    state.inFlight = 0;
    vi.advanceTimersByTime(RETRY_MS);
    expect(state.refreshed).toBe(1);
    vi.advanceTimersByTime(10 * RETRY_MS);
    expect(state.refreshed).toBe(1);
  });

  it('drops a waiting refresh when stopped (the board or the session closed)', () => {
    const { state, refresher } = setup();
    state.busy = true;
    refresher.changed(COLLEAGUE);
    refresher.stop();
    state.busy = false;
    vi.advanceTimersByTime(5 * RETRY_MS);
    expect(state.refreshed).toBe(0);
  });
});
