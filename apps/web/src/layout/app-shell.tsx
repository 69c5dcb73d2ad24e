import { Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/auth';
import { useLiveEvents } from '../app/live-events';
import { useCurrentUser } from '../features/auth/session';
import { OnboardingTour } from '../features/help/onboarding-tour';
import { hasNotifications } from '../features/notifications/lib/notification-text';
import { LeaveGuardHost } from '../lib/discard-guard';
import { useIsPhone } from '../lib/use-is-phone';
import classes from './app-shell.module.css';
import { ContentLoader } from './full-page-state';
import { Header } from './header';
import { MeetingModal } from './meeting-modal';
import { Sidebar } from './sidebar';

/**
 * The logged-in frame: dark sidebar (240 px, 70 px collapsed; an overlay under 787 px opened by the
 * header's burger), header, and the screen in the content area.
 */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const isMobile = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  const [meetingOpened, meeting] = useDisclosure(false);
  const { user } = useCurrentUser();
  useLiveEvents(hasNotifications(user), user._id);

  // The overlay closes on navigation and when the window grows past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path and breakpoint changes
  useEffect(() => mobileMenu.close(), [pathname, isMobile]);

  const onLogout = async () => {
    await logout(queryClient);
    navigate('/login', { replace: true });
  };

  const width = isMobile ? 0 : collapsed ? CONSTANTS.sidebarCollapsedWidth : CONSTANTS.sidebarWidth;

  return (
    // A page change (Back, a link) while a dialog or the record drawer holds unsaved changes asks first.
    <LeaveGuardHost>
      <div className={classes.shell} style={{ '--sidebar-width': `${width}px` } as CSSProperties}>
        <a href="#main-content" className={classes.skipLink}>
          {t('common.skipToContent')}
        </a>
        {isMobile ? (
          <Drawer.Root opened={mobileOpened} onClose={mobileMenu.close} size={CONSTANTS.sidebarWidth}>
            <Drawer.Overlay />
            <Drawer.Content aria-label={t('nav.label')} bg="#111827">
              <Drawer.Body h="100%" p={0}>
                <Sidebar collapsed={false} onClose={mobileMenu.close} onLogout={onLogout} />
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Root>
        ) : (
          <aside className={classes.sidebar}>
            <Sidebar
              collapsed={collapsed}
              onToggleCollapsed={() => setCollapsed((c) => !c)}
              onLogout={onLogout}
            />
          </aside>
        )}
        <div className={classes.main}>
          <Header
            showMenuButton={isMobile}
            menuOpened={mobileOpened}
            onOpenMenu={mobileMenu.open}
            onOpenMeeting={meeting.open}
          />
          <main id="main-content" className={classes.content} tabIndex={-1}>
            <Suspense fallback={<ContentLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <MeetingModal opened={meetingOpened} onClose={meeting.close} />
        <OnboardingTour />
      </div>
    </LeaveGuardHost>
  );
}
