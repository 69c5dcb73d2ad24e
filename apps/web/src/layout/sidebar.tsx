import { ActionIcon, Avatar, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconSun,
  IconX,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useSaveLanguage } from '../api/user';
import { useCurrentUser, useMenu } from '../features/auth/session';
import { notifyError } from '../lib/errors';
import { LanguageSwitch } from './language-switch';
import { MENU_ICONS, routeOf } from './screens';
import classes from './sidebar.module.css';

interface SidebarProps {
  /** Icons only (70 px); labels become tooltips. */
  collapsed: boolean;
  /** Toggles the desktop collapse; absent in the mobile overlay. */
  onToggleCollapsed?: () => void;
  /** Closes the mobile overlay; present only there. */
  onClose?: () => void;
  onLogout: () => void;
}

/**
 * Label of an item: visible when expanded, a tooltip and screen-reader text when collapsed. An
 * expanded sidebar renders no tooltip at all rather than a disabled one: each Mantine tooltip sets
 * up its floating element's hooks, and the menu's eleven took a measurable part of the render that
 * first shows a signed-in page (bench/README.md, "Lighthouse").
 */
function ItemTooltip({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactElement;
}) {
  if (!collapsed) return children;
  return (
    <Tooltip label={label} position="right" withArrow openDelay={150}>
      {children}
    </Tooltip>
  );
}

function ItemLabel({ label, collapsed }: { label: string; collapsed: boolean }) {
  return collapsed ? (
    <VisuallyHidden>{label}</VisuallyHidden>
  ) : (
    <span className={classes.label}>{label}</span>
  );
}

/** The dark sidebar of SPEC §2: user, role menu, language switch, logout and the collapse toggle. */
export function Sidebar({ collapsed, onToggleCollapsed, onClose, onLogout }: SidebarProps) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const saveLanguage = useSaveLanguage();
  const menu = useMenu();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className={classes.root} data-collapsed={collapsed || undefined} data-testid="sidebar">
      <div className={classes.brand}>
        <span className={classes.brandName}>
          <IconSun size={24} color="#f59e0b" aria-hidden />
          {!collapsed && t('header.title')}
        </span>
        {onToggleCollapsed && (
          <Tooltip label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              className={classes.iconButton}
              onClick={onToggleCollapsed}
              aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
              aria-expanded={!collapsed}
              data-testid="sidebar-toggle"
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={20} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
        {onClose && (
          <ActionIcon
            variant="subtle"
            className={classes.iconButton}
            onClick={onClose}
            aria-label={t('sidebar.closeMenu')}
          >
            <IconX size={20} />
          </ActionIcon>
        )}
      </div>

      <ItemTooltip label={user.firstName || fullName} collapsed={collapsed}>
        <Link to="/profile" className={classes.user} aria-label={`${t('sidebar.openProfile')}: ${fullName}`}>
          <Avatar src={user.image} name={fullName} color="initials" radius="xl" size={36} alt="" />
          {!collapsed && (
            <span style={{ minWidth: 0 }}>
              <div className={classes.userName}>{user.firstName || fullName}</div>
              <div className={classes.userRole} data-testid="sidebar-role">
                {t(`roles.${user.role}`)}
              </div>
            </span>
          )}
        </Link>
      </ItemTooltip>

      <nav className={classes.nav} aria-label={t('nav.label')}>
        <ul className={classes.list}>
          {menu.map((key) => {
            const Icon = MENU_ICONS[key];
            const label = t(`nav.${key}`);
            return (
              <li key={key}>
                <ItemTooltip label={label} collapsed={collapsed}>
                  <NavLink to={routeOf(key)} className={classes.item} data-testid={`nav-${key}`}>
                    <Icon size={20} stroke={1.6} aria-hidden />
                    <ItemLabel label={label} collapsed={collapsed} />
                  </NavLink>
                </ItemTooltip>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className={classes.footer}>
        <LanguageSwitch
          className={classes.item}
          collapsed={collapsed}
          onChosen={(language) =>
            saveLanguage.mutate(language, { onError: (error) => notifyError(error, t) })
          }
        />
        <ItemTooltip label={t('sidebar.logout')} collapsed={collapsed}>
          <button type="button" className={classes.item} onClick={onLogout} data-testid="logout">
            <IconLogout size={20} stroke={1.6} aria-hidden />
            <ItemLabel label={t('sidebar.logout')} collapsed={collapsed} />
          </button>
        </ItemTooltip>
      </div>
    </div>
  );
}
