import { ActionIcon, Drawer, Popover, Tooltip } from '@mantine/core';
import { useId, useMediaQuery } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';
import { IconBell } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../layout/named-loader';
import { preloadable } from '../../../lib/preloadable';
import { useMarkRead, useUnreadCount } from '../api/notifications-api';
import { badgeText, bellLabel } from '../lib/notification-text';
import classes from './notifications.module.css';

/** Below the sidebar's breakpoint the panel is a full-width drawer instead of a popover. */
const MOBILE_QUERY = `(max-width: ${CONSTANTS.sidebarMobileBreakpoint - 0.02}px)`;

/**
 * The panel comes with its own chunk, asked for when the pointer or the focus reaches the bell, so the
 * app shell that every screen loads first does not carry it.
 */
const NotificationPanel = preloadable(
  () => import('./notification-panel'),
  (m) => m.NotificationPanel,
);

/** The unread count on the bell; the count is in the button's name, so the badge is hidden. */
function UnreadBadge({ unread }: { unread: number }) {
  const badge = badgeText(unread);
  if (!badge) return null;
  return (
    <span className={classes.badge} aria-hidden data-testid="notification-badge">
      {badge}
    </span>
  );
}

/**
 * The header's bell (docs/notifications.md): the unread count, asked every minute and when the window
 * gets the focus back, and the notifications panel (a popover; a drawer on a phone). Only for the
 * installer roles with a company, whom the API serves.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { t: tApp } = useTranslation();
  const [opened, setOpened] = useState(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const unread = useUnreadCount(true).data ?? 0;
  const markRead = useMarkRead();
  const titleId = useId();
  const label = bellLabel(unread, t);
  const close = () => setOpened(false);
  const panel = (
    <Suspense fallback={<NamedLoader size="sm" m="md" label={tApp('common.loading')} />}>
      <NotificationPanel
        unread={unread}
        titleId={titleId}
        withTitle={!isMobile}
        fill={isMobile}
        onMarkRead={(request) => markRead.mutate(request)}
        onClose={close}
      />
    </Suspense>
  );
  const preload = () => void NotificationPanel.preload();
  const button = (
    <ActionIcon
      variant="light"
      size="lg"
      onClick={() => setOpened((o) => !o)}
      onPointerEnter={preload}
      onFocus={preload}
      aria-label={label}
      data-testid="notification-bell"
      {...(isMobile ? { 'aria-haspopup': 'dialog' as const, 'aria-expanded': opened } : {})}
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );

  if (isMobile) {
    return (
      <>
        <span className={classes.bell}>
          <Tooltip label={t('bell.label')} withArrow disabled={opened}>
            {button}
          </Tooltip>
          <UnreadBadge unread={unread} />
        </span>
        <Drawer
          opened={opened}
          onClose={close}
          position="right"
          size="100%"
          padding={0}
          title={t('title')}
          closeButtonProps={{ 'aria-label': tApp('common.close') }}
          styles={{
            header: { paddingInline: 16 },
            content: { display: 'flex', flexDirection: 'column' },
            body: { flex: 1, minHeight: 0 },
          }}
        >
          {panel}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={440}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <span className={classes.bell}>
        <Popover.Target>
          <Tooltip label={t('bell.label')} withArrow disabled={opened}>
            {button}
          </Tooltip>
        </Popover.Target>
        <UnreadBadge unread={unread} />
      </span>
      <Popover.Dropdown p={0} aria-labelledby={titleId} maw="calc(100vw - 16px)">
        {panel}
      </Popover.Dropdown>
    </Popover>
  );
}
