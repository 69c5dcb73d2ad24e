import type { Notification, NotificationList, NotificationReadRequest } from '@solar/shared';
import type { InfiniteData } from '@tanstack/react-query';

/** A notification list as the infinite query keeps it: its pages and their cursors. */
export type NotificationPages = InfiniteData<NotificationList, number | null>;

/** True when the request marks the notification read. */
function marks(request: NotificationReadRequest, doc: Notification): boolean {
  return (
    request.all === true ||
    (request.ids?.includes(doc.id) ?? false) ||
    (request.recordId !== undefined && doc.recordId === request.recordId) ||
    (request.projectId !== undefined && doc.projectId === request.projectId)
  );
}

/**
 * The pages with the notifications of `request` marked read at `readAt` (the optimistic update of
 * PUT /notification/read). Untouched pages and notifications keep their identity; an unread-only
 * list keeps them too, so the entries do not jump away under the reader until the list is asked again.
 */
export function markReadInPages(
  data: NotificationPages,
  request: NotificationReadRequest,
  readAt: string,
): NotificationPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const docs = page.docs.map((doc) => {
      if (doc.readAt !== null || !marks(request, doc)) return doc;
      pageChanged = true;
      return { ...doc, readAt };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, docs };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * The unread count once `request` is done, as far as the cached lists tell: every notification of an
 * `all` request, else those of its ids that a cached list shows unread (one the lists do not hold is
 * not counted; the server's answer corrects the count).
 */
export function unreadAfter(
  unread: number,
  lists: readonly (NotificationPages | undefined)[],
  request: NotificationReadRequest,
): number {
  if (request.all === true) return 0;
  const found = new Set<number>();
  for (const list of lists) {
    for (const page of list?.pages ?? []) {
      for (const doc of page.docs) if (doc.readAt === null && marks(request, doc)) found.add(doc.id);
    }
  }
  return Math.max(0, unread - found.size);
}
