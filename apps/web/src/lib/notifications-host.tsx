import type { NotificationData, NotificationsProps } from '@mantine/notifications';
import { type ComponentType, Suspense, useSyncExternalStore } from 'react';
import { preloadable } from './preloadable';

/**
 * The toast container loads on first use, so the login page does not download it before its first
 * render: `showNotification` (and the screens behind the login, through {@link requestNotifications})
 * mount it. Modules that call `notifications.show` directly share the same store, so a toast shown
 * before the container is up appears once it is.
 */
const loadNotifications = () => import('@mantine/notifications');

let isRequested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the toast container (once). */
export function requestNotifications(): void {
  if (isRequested) return;
  isRequested = true;
  // Loaded before the container renders, it shows without a fallback (src/lib/preloadable.tsx).
  void LazyNotifications.preload();
  for (const listener of listeners) listener();
}

/** Shows a toast, loading the notifications code first when it is not loaded yet. */
export function showNotification(data: NotificationData): void {
  requestNotifications();
  loadNotifications()
    .then(({ notifications }) => notifications.show(data))
    .catch((error: unknown) => console.error('Notifications could not be loaded', error));
}

/** Closes every toast shown so far (a successful login clears the failed attempts' errors). */
export function clearNotifications(): void {
  if (!isRequested) return;
  loadNotifications()
    .then(({ notifications }) => notifications.clean())
    .catch(() => undefined);
}

// A failed download leaves the page without toasts rather than breaking it.
const LazyNotifications = preloadable(
  (): Promise<ComponentType<NotificationsProps>> =>
    loadNotifications()
      .then((module) => module.Notifications)
      .catch(() => () => null),
  (Notifications) => Notifications,
);

/** The app's toast container, rendered once something asked for it. */
export function NotificationsHost() {
  const isShown = useSyncExternalStore(
    subscribe,
    () => isRequested,
    () => false,
  );
  if (!isShown) return null;
  return (
    <Suspense fallback={null}>
      <LazyNotifications position="top-right" limit={4} />
    </Suspense>
  );
}
