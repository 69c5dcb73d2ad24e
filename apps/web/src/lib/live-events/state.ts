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

type BoardListener = (by: string | null) => void;
const boardListeners = new Set<BoardListener>();

/** A `board` live event arrived: someone (`by`; null: unknown) changed the company's board. */
export function announceBoardChange(by: string | null): void {
  for (const fn of boardListeners) fn(by);
}

/**
 * Hears every board change at once, unlike the board's refresh, which waits until the user is not
 * editing (the open record's drawer can follow while its form keeps what the user typed). Returns the
 * function that stops listening.
 */
export function onBoardChange(fn: BoardListener): () => void {
  boardListeners.add(fn);
  return () => {
    boardListeners.delete(fn);
  };
}
