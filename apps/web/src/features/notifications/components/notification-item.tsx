import { Avatar, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification, NotificationKind } from '@solar/shared';
import {
  IconCalendarDue,
  IconCircleCheck,
  IconCircleX,
  IconMailbox,
  IconMapPin,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { formatDateAndTime, formatRelativeTime } from '../../../lib/relative-time';
import {
  actorName,
  notificationContext,
  notificationExcerpt,
  notificationHref,
  notificationText,
} from '../lib/notification-text';
import classes from './notifications.module.css';

interface NotificationItemProps {
  notification: Notification;
  /** Now, for the relative time (one clock for the whole list). */
  now: number;
  /** Called on a click, before the link is followed. */
  onOpen: (notification: Notification) => void;
}

/** The icon of a notification without a person: the customer's offers, a due date, new leads, an unnamed actor. */
const KIND_ICONS: Partial<Record<NotificationKind, { icon: typeof IconUser; color: string }>> = {
  offer_accepted: { icon: IconCircleCheck, color: 'green' },
  offer_declined: { icon: IconCircleX, color: 'red' },
  offer_lost: { icon: IconCircleX, color: 'gray' },
  task_due: { icon: IconCalendarDue, color: 'orange' },
  task_overdue: { icon: IconCalendarDue, color: 'red' },
  new_leads: { icon: IconMapPin, color: 'blue' },
  partner_request: { icon: IconMailbox, color: 'orange' },
};

/** Who did it: the actor's initials, or the kind's icon. */
function ActorAvatar({ notification }: { notification: Notification }) {
  const name = actorName(notification);
  if (name) return <Avatar name={name} color="initials" size={36} radius="xl" aria-hidden />;
  const { icon: Icon, color } = KIND_ICONS[notification.kind] ?? { icon: IconUser, color: 'gray' };
  return (
    <Avatar color={color} size={36} radius="xl" aria-hidden>
      <Icon size={20} />
    </Avatar>
  );
}

/**
 * One notification: who, what, where (a board's property) and when, with a dot while unread. A link to
 * what it is about (a button when there is nothing to open); a click marks it read.
 */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const lang = currentLanguage();
  const href = notificationHref(notification);
  const isUnread = notification.readAt === null;
  const context = notificationContext(notification, t);
  const excerpt = notificationExcerpt(notification);
  const content = (
    <>
      <ActorAvatar notification={notification} />
      <span className={classes.body}>
        <Text component="span" display="block" size="sm" fw={isUnread ? 600 : 400}>
          {notificationText(notification, t)}
        </Text>
        {excerpt && (
          <Text component="span" size="sm" c="gray.7" lineClamp={2} className={classes.excerpt}>
            {excerpt}
          </Text>
        )}
        {context && (
          <Text component="span" display="block" size="xs" c="gray.7">
            {context}
          </Text>
        )}
        <Text component="span" display="block" size="xs" c="gray.7" mt={2}>
          <time dateTime={notification.at} title={formatDateAndTime(notification.at, lang)}>
            {formatRelativeTime(notification.at, now, lang)}
          </time>
        </Text>
      </span>
      {isUnread && (
        <span className={classes.dot}>
          <VisuallyHidden>{t('unreadMark')}</VisuallyHidden>
        </span>
      )}
    </>
  );
  const shared = {
    className: classes.item,
    'data-unread': isUnread || undefined,
    'data-testid': 'notification',
    onClick: () => onOpen(notification),
  };
  return (
    <li>
      {href ? (
        <Link to={href} {...shared}>
          {content}
        </Link>
      ) : (
        <UnstyledButton {...shared}>{content}</UnstyledButton>
      )}
    </li>
  );
}
