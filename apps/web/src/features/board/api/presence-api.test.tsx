// @vitest-environment happy-dom
import { PRESENCE_HEARTBEAT_MS } from '@solar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const calls = vi.hoisted(() => [] as { method: string; path: string; body?: unknown; options?: unknown }[]);
vi.mock('../../../api/client', () => ({
  api: {
    put: vi.fn(async (path: string, body: unknown, options: unknown) => {
      calls.push({ method: 'PUT', path, body, options });
      return { data: { present: [] } };
    }),
    delete: vi.fn(async (path: string, options: unknown) => {
      calls.push({ method: 'DELETE', path, options });
      return { data: { left: true } };
    }),
    get: vi.fn(async () => ({ data: { present: [] } })),
  },
}));
const { newTabId, TAB_ID, useAnnouncePresence } = await import('./presence-api');

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
let hidden = false;

beforeEach(() => {
  client = new QueryClient();
  calls.length = 0;
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the tab's presence on a board", () => {
  it('says hello at once and with each record opened, as no write of the data', async () => {
    const { rerender } = renderHook(({ record }) => useAnnouncePresence('tasks', record), {
      wrapper,
      initialProps: { record: null as string | null },
    });
    await flush();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/presence',
        body: { tabId: TAB_ID, board: 'tasks', recordId: null },
        options: expect.objectContaining({ changesData: false }),
      },
    ]);
    rerender({ record: '00000000-0000-4000-8000-000000000001' });
    await flush();
    expect(calls.map((c) => (c.body as { recordId?: string })?.recordId)).toEqual([
      null,
      '00000000-0000-4000-8000-000000000001',
    ]);
    // Opening another record is no goodbye.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('repeats every heartbeat while in view, not while hidden, and again once shown', async () => {
    vi.useFakeTimers();
    renderHook(() => useAnnouncePresence('projects', null), { wrapper });
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    await act(async () => void (await vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_MS)));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    hidden = true;
    await act(async () => void (await vi.advanceTimersByTimeAsync(3 * PRESENCE_HEARTBEAT_MS)));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
  });

  it('says goodbye when the board goes, and as the page unloads with keepalive', async () => {
    const { unmount } = renderHook(() => useAnnouncePresence('tasks', null), { wrapper });
    await flush();
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: `/presence/${TAB_ID}`,
      options: { changesData: false, keepalive: true },
    });
    unmount();
    await flush();
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: `/presence/${TAB_ID}`,
      options: { changesData: false, keepalive: false },
    });
    // Gone: no more heartbeats.
    const made = calls.length;
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(calls).toHaveLength(made);
  });

  it('makes version 4 ids, also where crypto.randomUUID is missing (plain http on a LAN)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
      const ids = Array.from({ length: 50 }, newTabId);
      for (const id of ids) expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect(new Set(ids).size).toBe(50);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: original });
    }
  });
});
