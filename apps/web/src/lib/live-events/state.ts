import { useSyncExternalStore } from 'react';

let live = false;
const listeners = new Set<() => void>();

/** Whether this tab's live events arrive now (its own stream, or the tab that streams for it). */
export function setLiveEventsConnected(next: boolean): void {
  if (next === live) return;
  live = next;
  for (const fn of listeners) fn();
}

/** Whether the live events arrive now: the badge then asks far less often (notifications-api). */
export function useLiveEventsConnected(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => live,
    () => false,
  );
}
