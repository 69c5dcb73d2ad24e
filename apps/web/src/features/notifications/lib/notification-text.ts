import { isInstallerRole, type Notification, type NotificationKind, type User } from '@solar/shared';
import type { TFunction } from 'i18next';

/** The `notifications` namespace's translate function. */
export type NotificationsT = TFunction<'notifications'>;

/**
 * Whether the user has notifications: the installer roles with a company, whom the API serves (it
 * answers 403 to platform and city users).
 */
export function hasNotifications(user: Pick<User, 'role' | 'installerPartner'>): boolean {
  return isInstallerRole(user.role) && user.installerPartner.length > 0;
}

/** The profile's notification card, where the panel's settings link leads. */
export const NOTIFICATION_SETTINGS_ID = 'notification-settings';
export const NOTIFICATION_SETTINGS_HREF = `/profile#${NOTIFICATION_SETTINGS_ID}`;

/** The server caps the unread count at 100; the badge says "99+" above 99. */
export const BADGE_MAX = 99;

/** The actor's full name, or null when nobody is named (the customer, a deleted user). */
export function actorName(notification: Pick<Notification, 'actor'>): string | null {
  const { actor } = notification;
  const name = actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
  return name || null;
}

/** What a notification says, in the reader's language ("Stefan Sonne hat Ihnen „Dach prüfen“ zugewiesen"). */
export function notificationText(notification: Notification, t: NotificationsT): string {
  const actor = actorName(notification) ?? t('someone');
  const title = notification.title.trim() || t('untitled');
  switch (notification.kind) {
    case 'task_assigned':
      return t('text.task_assigned', { actor, title });
    case 'tasks_assigned':
      return t('text.tasks_assigned', { actor, count: notification.count ?? 0 });
    case 'project_assigned':
      return t('text.project_assigned', { actor, title });
    case 'offer_accepted':
      return t('text.offer_accepted', {
        customer: notification.customerName?.trim() || t('customer'),
        title,
      });
    case 'offer_declined':
      return t('text.offer_declined', {
        customer: notification.customerName?.trim() || t('customer'),
        title,
      });
    case 'offer_lost':
      return t('text.offer_lost', { title });
    case 'task_due':
      return t('text.task_due', { title });
    case 'task_overdue':
      return t('text.task_overdue', { title });
    case 'mentioned':
      return t('text.mentioned', { actor, title });
    case 'new_leads':
      return t('text.new_leads', { count: notification.count ?? 0 });
    case 'status_changed':
      return t('text.status_changed', { actor, title, value: notification.value?.trim() || t('noValue') });
    case 'partner_request':
      return t('text.partner_request', {
        customer: notification.customerName?.trim() || t('customer'),
        title,
      });
  }
}

/** The kinds about records of a board, which say which property and board. */
const BOARD_KINDS: ReadonlySet<NotificationKind> = new Set([
  'task_assigned',
  'tasks_assigned',
  'task_due',
  'task_overdue',
  'mentioned',
  'status_changed',
]);

/**
 * The small line under a board notification: the property (the person property, the date one of a
 * due record, or the status that changed) and the board ("Zuständig · Aufgabenboard"), or the board alone (a mention); null for
 * the other kinds.
 */
export function notificationContext(notification: Notification, t: NotificationsT): string | null {
  if (!BOARD_KINDS.has(notification.kind)) return null;
  const board = t(notification.board === 'projects' ? 'board.projects' : 'board.tasks');
  const property = notification.property?.trim();
  return property ? t('context', { property, board }) : board;
}

/** Where a click on a notification leads (the e-mail's links lead there too). */
export { notificationHref } from '@solar/shared';

/** The line of the notes that mentions the reader (a mention), the customer's reason (a decline), or null. */
export function notificationExcerpt(notification: Notification): string | null {
  if (notification.kind !== 'mentioned' && notification.kind !== 'offer_declined') return null;
  return notification.excerpt?.trim() || null;
}

/** The badge's text: the count, "99+" above 99, nothing at 0. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** The bell's accessible name, with the unread count ("Benachrichtigungen, 3 ungelesen"). */
export function bellLabel(unread: number, t: NotificationsT): string {
  if (unread <= 0) return t('bell.label');
  if (unread > BADGE_MAX) return t('bell.unreadMany', { count: BADGE_MAX });
  return t('bell.unread', { count: unread });
}
