import {
  NotificationListResponse,
  type NotificationReadRequest,
  NotificationUnreadResponse,
} from '@solar/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { notifyError } from '../../../lib/errors';
import { useLiveEventsConnected } from '../../../lib/live-events/state';
import { useCurrentUser } from '../../auth/session';
import { hasNotifications } from '../lib/notification-text';
import { markReadInPages, type NotificationPages, unreadAfter } from '../lib/read-state';

/** Entries a page of the panel. */
const PAGE_SIZE = 20;

/** How often the badge asks for the unread count while the tab is visible and no live events come. */
export const UNREAD_POLL_MS = 60_000;
/** How often it asks while the live events come (they announce every change): a safety net only. */
export const UNREAD_POLL_LIVE_MS = 10 * 60_000;

/** TanStack Query keys of the notifications; all start with 'notifications' (a logout clears them). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly ? 'unread' : 'all'] as const,
};

/**
 * GET /notification/unread: the badge's count, asked again on every live event of the reader's
 * notifications (app/live-events.ts), when the window gets the focus back, and every minute while the
 * tab is visible and the live events do not come; only for the installer roles (`enabled`).
 */
export function useUnreadCount(enabled: boolean) {
  const live = useLiveEventsConnected();
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      api
        .get('/notification/unread', { signal, schema: NotificationUnreadResponse })
        .then((r) => r.data.unread),
    enabled,
    staleTime: 0,
    refetchInterval: live ? UNREAD_POLL_LIVE_MS : UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * GET /notification: the reader's notifications (or the unread ones), newest first, twenty a page on
 * the answer's cursor; asked again each time the panel opens (`enabled`), and every minute while it is
 * open. Every page brings the unread count too, which the badge takes.
 */
export function useNotificationPages(unreadOnly: boolean, enabled: boolean) {
  const queryClient = useQueryClient();
  const live = useLiveEventsConnected();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: async ({ pageParam, signal }) => {
      const { data } = await api.get('/notification', {
        signal,
        query: { limit: PAGE_SIZE, cursor: pageParam, unread: unreadOnly ? 'true' : undefined },
        schema: NotificationListResponse,
      });
      queryClient.setQueryData(notificationKeys.unread, data.unread);
      return data;
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
    // An open panel takes in new notifications as the badge does.
    refetchInterval: enabled ? (live ? UNREAD_POLL_LIVE_MS : UNREAD_POLL_MS) : false,
  });
}

/**
 * PUT /notification/read: marks some notifications (`ids`) or all of them read. The badge and the lists
 * change at once; a failure puts them back and says so; the server's count is kept, and the lists are
 * asked again.
 */
export function useMarkRead() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NotificationReadRequest) =>
      api
        .put('/notification/read', request, { schema: NotificationUnreadResponse })
        .then((r) => r.data.unread),
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const previous = queryClient.getQueriesData({ queryKey: notificationKeys.all });
      const lists = queryClient
        .getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists })
        .map(([, data]) => data);
      const unread = queryClient.getQueryData<number>(notificationKeys.unread);
      if (unread !== undefined) {
        queryClient.setQueryData(notificationKeys.unread, unreadAfter(unread, lists, request));
      }
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationPages>(
        { queryKey: notificationKeys.lists },
        (data) => data && markReadInPages(data, request, readAt),
      );
      return { previous };
    },
    onError: (error, _request, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error, t);
    },
    onSuccess: (unread) => queryClient.setQueryData(notificationKeys.unread, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}

/**
 * Marks the reader's notifications of a record or project read when it is opened (its drawer, its
 * project view), as reading the notification itself does. Asks only while the badge counts any.
 */
export function useReadOnOpen(target: { recordId: string } | { projectId: string } | null) {
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  const { user } = useCurrentUser();
  const key = target && ('recordId' in target ? target.recordId : target.projectId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each record or project opened
  useEffect(() => {
    if (!target || !hasNotifications(user)) return;
    if ((queryClient.getQueryData<number>(notificationKeys.unread) ?? 0) > 0) markRead.mutate(target);
  }, [key]);
}
