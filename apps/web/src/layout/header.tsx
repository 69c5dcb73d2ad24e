import { ActionIcon, Burger, Button, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useClickOutside, useDebouncedCallback } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';
import { IconHelp, IconLogin2, IconPhoneCall, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useConstantsQuery } from '../api/constants';
import { getReference } from '../api/session-store';
import { useCurrentUser } from '../features/auth/session';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { hasNotifications } from '../features/notifications/lib/notification-text';
import { AddressSearchResults } from './address-search-results';
import classes from './header.module.css';
import { withParams } from './links';
import { screenOfPath, TITLED_SCREENS } from './screens';

interface HeaderProps {
  /** Shows the burger that opens the sidebar overlay (narrow screens). */
  showMenuButton: boolean;
  menuOpened: boolean;
  onOpenMenu: () => void;
  onOpenMeeting: () => void;
}

/** Address search: keeps the text in `?search=` 300 ms after typing stops, for the screens to read. */
function AddressSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlValue = searchParams.get('search') ?? '';
  const [value, setValue] = useState(urlValue);
  const [debounced, setDebounced] = useState(urlValue);
  const [open, setOpen] = useState(false);
  const ref = useClickOutside(() => setOpen(false));
  const inputRef = useRef<HTMLInputElement>(null);
  /** Focus put back on the field by Escape: the results stay closed. */
  const refocused = useRef(false);

  // A new screen starts from its own URL; typing must not be overwritten by the URL it just wrote.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the screen changes
  useEffect(() => {
    setValue(urlValue);
    setDebounced(urlValue);
  }, [pathname]);

  const commit = useDebouncedCallback((text: string) => {
    setDebounced(text);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('search', text);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, CONSTANTS.addressSearchDebounceMs);

  return (
    // Escape anywhere in the box (the field or a result) closes the results and returns to the field;
    // focus leaving the box (Tab past the last result) closes them too, instead of leaving them over the page.
    // biome-ignore lint/a11y/noStaticElementInteractions: keys and focus of the field and results within
    <div
      ref={ref}
      className={classes.searchBox}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        if (event.target !== inputRef.current) {
          refocused.current = true;
          inputRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        // Only focus moved elsewhere: a click (which some browsers do not focus) is left to useClickOutside.
        const to = event.relatedTarget as Node | null;
        if (to && !event.currentTarget.contains(to)) setOpen(false);
      }}
    >
      <TextInput
        ref={inputRef}
        className={classes.search}
        type="search"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setOpen(true);
          commit(event.currentTarget.value);
        }}
        onFocus={() => {
          if (refocused.current) refocused.current = false;
          else setOpen(true);
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.search')}
        data-testid="address-search"
      />
      {open && <AddressSearchResults text={debounced} onPick={() => setOpen(false)} />}
    </div>
  );
}

/**
 * The header of SPEC §2: title, address search, 'New project', user panel, notifications (installer
 * roles), help and call-now.
 */
export function Header({ showMenuButton, menuOpened, onOpenMenu, onOpenMeeting }: HeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, installerDetails } = useCurrentUser();
  const constants = useConstantsQuery();
  const screen = screenOfPath(pathname);
  const viewName = screen && TITLED_SCREENS.includes(screen) ? t(`nav.${screen}`) : null;

  const customerAppUrl = withParams(constants.data?.customerAppUrl, {});
  const newProjectUrl = withParams(constants.data?.customerAppUrl, {
    partner: user.partnerSlug || installerDetails?.partnerSlug || null,
    ref: getReference() || null,
  });
  const newTab = { target: '_blank', rel: 'noopener' } as const;
  // Until the constants arrive the links have no address: still links to assistive technology, and
  // disabled ones (an <a> without href has no role, and would be checked for contrast).
  const waiting = { role: 'link', 'aria-disabled': true } as const;

  return (
    <div className={classes.bar}>
      <header className={classes.header}>
        {showMenuButton && (
          <Burger
            opened={menuOpened}
            onClick={onOpenMenu}
            size="sm"
            aria-label={t('header.openMenu')}
            data-testid="mobile-menu-button"
          />
        )}
        {/* Not a heading: each page's own title is its one h1 (layout/page-title.tsx). */}
        <p className={classes.title} data-testid="header-title">
          {t('header.title')}
          {viewName && <span className={classes.view}> – {viewName}</span>}
        </p>
        <AddressSearch />
        <div className={classes.actions}>
          <Button
            component="a"
            href={newProjectUrl ?? undefined}
            {...newTab}
            disabled={!newProjectUrl}
            {...(newProjectUrl ? {} : waiting)}
            leftSection={<IconPlus size={16} aria-hidden />}
            classNames={{ root: classes.newProject, section: classes.newProjectIcon }}
            data-testid="new-project"
          >
            <span className={classes.newProjectLabel}>{t('header.newProject')}</span>
            <VisuallyHidden>{` (${t('common.opensInNewTab')})`}</VisuallyHidden>
          </Button>
          <Tooltip label={t('header.userPanel')} withArrow>
            <ActionIcon
              component="a"
              href={customerAppUrl ?? undefined}
              {...newTab}
              disabled={!customerAppUrl}
              {...(customerAppUrl ? {} : waiting)}
              variant="light"
              size="lg"
              aria-label={`${t('header.userPanel')} (${t('common.opensInNewTab')})`}
              data-testid="user-panel-link"
            >
              <IconLogin2 size={20} />
            </ActionIcon>
          </Tooltip>
          {hasNotifications(user) && <NotificationBell />}
          <Tooltip label={t('header.help')} withArrow>
            <ActionIcon
              component={Link}
              to="/help"
              variant="light"
              size="lg"
              aria-label={t('header.help')}
              data-testid="help-link"
            >
              <IconHelp size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('header.callNow')} withArrow>
            <ActionIcon
              variant="light"
              size="lg"
              onClick={onOpenMeeting}
              aria-label={t('header.callNow')}
              aria-haspopup="dialog"
              data-testid="call-now"
            >
              <IconPhoneCall size={20} />
            </ActionIcon>
          </Tooltip>
        </div>
      </header>
    </div>
  );
}
