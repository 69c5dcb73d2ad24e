import { Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../api/auth';
import { useLiveEvents } from '../app/live-events';
import { useCurrentUser } from '../features/auth/session';
import { OnboardingTour } from '../features/help/onboarding-tour';
import { hasNotifications } from '../features/notifications/lib/notification-text';
import { LeaveGuardHost } from '../lib/discard-guard';
import { focusNewPage } from '../lib/page-focus';
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
  const location = useLocation();
  const { pathname } = location;
  const isMobile = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  // The phone menu gives the focus back to its button when closed, except when a link in it was
  // followed: then the focus goes to the new page (below).
  const [menuReturnsFocus, setMenuReturnsFocus] = useState(true);
  const mainRef = useRef<HTMLElement>(null);
  const [meetingOpened, meeting] = useDisclosure(false);
  const { user } = useCurrentUser();
  useLiveEvents(hasNotifications(user), user._id);

  // The overlay closes on navigation and when the window grows past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path and breakpoint changes
  useEffect(() => {
    setMenuReturnsFocus(false);
    mobileMenu.close();
  }, [pathname, isMobile]);

  // After a move to another page (a menu link, a search result, a link in the page that is gone now),
  // the focus goes to the new page's title (its h1; `main` while the page has none yet), so the keyboard
  // goes on from there and a screen reader reads the new page's name, instead of staying in the menu or
  // falling to the page's body. Not on the first page loaded, and not when the focus is in the content
  // or in a dialog already (a page or a drawer took it). Only another page counts (another project is
  // one): the header's search writes `?search=` as one types.
  const projectId = new URLSearchParams(location.search).get('projectId');
  const shown = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => {
    const first = !shown.current;
    shown.current = true;
    // The page the visit began on (a login, by contrast, arrives here by a move).
    if (first && location.key === 'default') return;
    const main = mainRef.current;
    const active = document.activeElement;
    if (!main || main.contains(active)) return;
    const lost = active === null || active === document.body;
    if (lost || active.closest('aside, header, [data-app-menu]')) return focusNewPage(main);
  }, [pathname, projectId]);

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
          <Drawer.Root
            opened={mobileOpened}
            onClose={mobileMenu.close}
            size={CONSTANTS.sidebarWidth}
            returnFocus={menuReturnsFocus}
          >
            <Drawer.Overlay />
            <Drawer.Content aria-label={t('nav.label')} bg="#111827" data-app-menu>
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
            onOpenMenu={() => {
              setMenuReturnsFocus(true);
              mobileMenu.open();
            }}
            onOpenMeeting={meeting.open}
          />
          <main id="main-content" ref={mainRef} className={classes.content} tabIndex={-1}>
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
