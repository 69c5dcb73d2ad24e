import type { LiveEvent } from '@solar/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client';
import { getToken } from '../api/session-store';
import { currentUserQuery } from '../api/user';
import { boardKeys } from '../features/board/api/board-keys';
import { notificationKeys } from '../features/notifications/api/notifications-api';
import { createBoardRefresher, isEditingElement } from '../lib/live-events/board-refresh';
import { browserDeps, startLiveEvents } from '../lib/live-events/connection';
import { announceBoardChange, setLiveEventsConnected } from '../lib/live-events/state';

/**
 * The board's shown data, asked again after a colleague's change: rows, a record read on its own,
 * columns, totals, activity and an open history (not the views). An open record's form keeps what the
 * user typed and shows the rest as it is now.
 */
function refreshBoard(queryClient: QueryClient) {
  for (const key of [
    [...boardKeys.all, 'tasks'],
    [...boardKeys.all, 'task'],
    [...boardKeys.all, 'properties'],
    [...boardKeys.all, 'calculations'],
    [...boardKeys.all, 'activity'],
    [...boardKeys.all, 'history'],
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/**
 * Follows the live events for a signed-in installer (`enabled`), for as long as the app shell is
 * shown (docs/decisions/0032-live-events.md): a change of the reader's notifications asks the badge
 * and an open panel again; a colleague's change of the board refreshes an open board when the user
 * is not in the middle of an edit; a stream regained after a loss asks for both and for the user,
 * since changes made meanwhile were not sent (and the server ends a stream when the user's role changes).
 */
export function useLiveEvents(enabled: boolean, userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const board = createBoardRefresher({
      me: () => userId,
      writes: api.writeActivity,
      busy: () => queryClient.isMutating() > 0 || document.hidden || isEditingElement(document.activeElement),
      refresh: () => refreshBoard(queryClient),
    });
    let readyBefore = false;
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'ready') {
        if (readyBefore) {
          // The server ends the stream when the user's session changes (a new role, among others):
          // the user is read again, so the menu and the screens follow a promotion or a demotion.
          void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          void queryClient.invalidateQueries({ queryKey: [...boardKeys.all, 'presence'] });
          announceBoardChange(null);
          board.changed(null);
        }
        readyBefore = true;
      } else if (event.type === 'notifications') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      } else if (event.type === 'presence') {
        // Who is on the board: asked again at once, whatever the user is doing (nothing moves).
        void queryClient.invalidateQueries({ queryKey: [...boardKeys.all, 'presence'] });
      } else {
        announceBoardChange(event.by);
        board.changed(event.by);
      }
    };
    const stop = startLiveEvents({
      ...browserDeps(),
      open: (signal) => api.stream('/events', { signal, accept: 'text/event-stream' }),
      hasSession: () => getToken() !== null,
      onEvent,
      onState: setLiveEventsConnected,
    });
    return () => {
      stop();
      board.stop();
      setLiveEventsConnected(false);
    };
  }, [enabled, userId, queryClient]);
}
