import {
  type Board,
  PRESENCE_HEARTBEAT_MS,
  PresenceAnswer,
  type PresenceEntry,
  type PresenceRequest,
} from '@solar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { boardKeys } from './board-keys';

/** A version 4 UUID; `crypto.randomUUID` exists only in secure contexts (not over plain http on a LAN). */
export function newTabId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This tab's own id on the boards (one per page load: two tabs of one person are two). */
export const TAB_ID = newTabId();

/** The tab's presence calls, one after the other: a goodbye never overtakes the next hello. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(call: () => Promise<T>): Promise<T> {
  const next = queue.then(call, call);
  queue = next.catch(() => undefined);
  return next;
}

const NOBODY: PresenceEntry[] = [];

const say = (body: PresenceRequest) =>
  inTurn(() => api.put('/presence', body, { schema: PresenceAnswer, changesData: false })).then(
    (r) => r.data.present,
  );

/** Colleagues on the board now (the presence live event and every heartbeat's answer refresh it). */
export function usePresent(board: Board): PresenceEntry[] {
  const query = useQuery({
    queryKey: boardKeys.presence(board),
    queryFn: ({ signal }) =>
      api.get('/presence', { query: { board }, signal, schema: PresenceAnswer }).then((r) => r.data.present),
    staleTime: PRESENCE_HEARTBEAT_MS,
  });
  return query.data ?? NOBODY;
}

/**
 * Tells the company this tab shows `board`, with `recordId` open in the drawer (docs/decisions/
 * 0034-presence.md): at once, whenever the record changes, then every 25 s while the tab is in view.
 * A hidden tab stops (a minute later it no longer counts) and says so again when shown; leaving the
 * board says goodbye. Each answer is the list of colleagues there. A failed call is let be: the next
 * heartbeat tries again, and presence is never worth an error message.
 */
export function useAnnouncePresence(board: Board, recordId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    const tell = () => {
      if (document.hidden) return;
      say({ tabId: TAB_ID, board, recordId })
        .then((present) => {
          if (!stopped) queryClient.setQueryData(boardKeys.presence(board), present);
        })
        .catch(() => undefined);
    };
    tell();
    const timer = setInterval(tell, PRESENCE_HEARTBEAT_MS);
    const onVisibility = () => {
      if (!document.hidden) tell();
    };
    // Back from the browser's back-forward cache, after the goodbye of `pagehide`.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) tell();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [board, recordId, queryClient]);

  // Leaving the board (not merely opening another record) ends this tab's presence at once: another
  // page of the app unmounts the board; closing the tab, a reload or another site unloads the page,
  // which still sends a `keepalive` request.
  useEffect(() => {
    const leave = (keepalive: boolean) =>
      api.delete(`/presence/${TAB_ID}`, { changesData: false, keepalive }).catch(() => undefined);
    // The page is going: no waiting for a hello in flight (the script stops with the page).
    const onPageHide = () => void leave(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void inTurn(() => leave(false));
    };
  }, []);
}
