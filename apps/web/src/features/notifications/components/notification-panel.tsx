import {
  Anchor,
  Button,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import type { Notification, NotificationReadRequest } from '@solar/shared';
import { IconAlertTriangle, IconBell, IconChecks } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { useNotificationPages } from '../api/notifications-api';
import { NOTIFICATION_SETTINGS_HREF } from '../lib/notification-text';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

type Filter = 'all' | 'unread';

interface NotificationPanelProps {
  /** The badge's count: "Mark all as read" is off at 0. */
  unread: number;
  /** The heading's id, which names the popover around the panel. */
  titleId: string;
  /** Shows the heading (the phone's drawer has its own title). */
  withTitle: boolean;
  /** Fills its container, the list scrolling (the phone's drawer). */
  fill?: boolean;
  onMarkRead: (request: NotificationReadRequest) => void;
  onClose: () => void;
}

/** The list's placeholder while the first page loads. */
function ListSkeleton() {
  const { t } = useTranslation('notifications');
  return (
    <div role="status" className={classes.skeletons}>
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className={classes.skeleton} aria-hidden>
          <Skeleton circle height={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="90%" />
            <Skeleton height={10} width="40%" />
          </Stack>
        </div>
      ))}
    </div>
  );
}

/** No notifications (or none unread), and what will show here. */
function EmptyState({ filter }: { filter: Filter }) {
  const { t } = useTranslation('notifications');
  return (
    <Stack align="center" gap={6} className={classes.state} ta="center" data-testid="notifications-empty">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        <IconBell size={24} />
      </ThemeIcon>
      <Text fw={600} size="sm">
        {t(filter === 'unread' ? 'empty.unread' : 'empty.all')}
      </Text>
      <Text size="sm" c="gray.7" maw={300}>
        {t(filter === 'unread' ? 'empty.unreadHint' : 'empty.allHint')}
      </Text>
    </Stack>
  );
}

/**
 * The notifications panel (docs/notifications.md): all or only the unread ones, newest first, twenty at
 * a time, "Mark all as read", and a link to the e-mail setting. Asked again each time it opens.
 */
export function NotificationPanel({
  unread,
  titleId,
  withTitle,
  fill,
  onMarkRead,
  onClose,
}: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const { t: tApp } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useNotificationPages(filter === 'unread', true);
  const docs = query.data?.pages.flatMap((page) => page.docs) ?? [];
  // One clock for every entry's "5 minutes ago", read as the panel renders.
  const now = Date.now();

  const open = (notification: Notification) => {
    if (notification.readAt === null) onMarkRead({ ids: [notification.id] });
    onClose();
  };

  const markAll = (
    <Button
      variant="subtle"
      size={withTitle ? 'compact-xs' : 'compact-sm'}
      className={classes.markAll}
      leftSection={<IconChecks size={withTitle ? 14 : 16} aria-hidden />}
      disabled={unread === 0}
      onClick={() => onMarkRead({ all: true })}
    >
      {t('markAllRead')}
    </Button>
  );
  const filterControl = (
    <SegmentedControl
      className={classes.filter}
      size="xs"
      fullWidth
      value={filter}
      onChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}
      data={[
        { value: 'all', label: t('filter.all') },
        { value: 'unread', label: t('filter.unread') },
      ]}
      aria-label={t('filter.label')}
    />
  );

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && docs.length === 0) {
    body = (
      <Stack align="center" gap="xs" className={classes.state} ta="center" role="alert">
        <IconAlertTriangle size={24} color="var(--mantine-color-red-8)" aria-hidden />
        <Text size="sm" fw={600}>
          {t('loadFailed')}
        </Text>
        <Text size="sm" c="gray.7">
          {errorMessage(query.error, tApp)}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
          {tApp('common.retry')}
        </Button>
      </Stack>
    );
  } else if (docs.length === 0) body = <EmptyState filter={filter} />;
  else {
    body = (
      <ul className={classes.list} data-testid="notification-list">
        {docs.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
        ))}
        {query.hasNextPage && (
          <li>
            <Button
              variant="subtle"
              fullWidth
              radius={0}
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </li>
        )}
      </ul>
    );
  }

  return (
    <div className={classes.panel} data-fill={fill || undefined} data-testid="notification-panel">
      {withTitle ? (
        <>
          <div className={classes.head}>
            <h2 id={titleId} className={classes.title}>
              {t('title')}
            </h2>
            {markAll}
          </div>
          <div className={classes.controls}>{filterControl}</div>
        </>
      ) : (
        // The phone's drawer has the title: the filter and the button share a row.
        <div className={classes.controls}>
          {filterControl}
          {markAll}
        </div>
      )}
      {body}
      <div className={classes.foot}>
        <Anchor component={Link} to={NOTIFICATION_SETTINGS_HREF} size="sm" onClick={onClose}>
          {t('settings')}
        </Anchor>
      </div>
    </div>
  );
}
