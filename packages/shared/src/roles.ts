import type { Role } from './enums';

/** Menu entries of the sidebar and icon bar; the web maps each key to a route and a label. */
export const MENU_KEYS = [
  'dashboard',
  'listing',
  'mapview',
  'overview',
  'data',
  'product',
  'profile',
  'projects',
  'tasks',
  '3D',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export interface MenuContext {
  role: Role;
  /** True when the user belongs to an installer company (an installer id is present). */
  hasInstallerDetails: boolean;
}

/**
 * The sidebar menu of SPEC §6, in display order.
 * Main views depend on the role; Product, Settings and the beta boards need installer details and a
 * role other than CITY_ADMIN; the 3D link is for roles outside the installer company.
 */
export function menuForRole({ role, hasInstallerDetails }: MenuContext): MenuKey[] {
  const menu: MenuKey[] = [];
  if (role === 'ADMIN') menu.push('dashboard', 'listing', 'mapview', 'overview', 'data');
  else if (role === 'CITY_ADMIN') menu.push('listing', 'mapview', 'data');
  else menu.push('listing', 'mapview', 'overview');
  if (hasInstallerDetails && role !== 'CITY_ADMIN') menu.push('product', 'profile', 'projects', 'tasks');
  if (!isInstallerRole(role)) menu.push('3D');
  return menu;
}

/** Routes a role may open; protected routes outside the menu (project view) follow the listing. */
export function canOpenMenu(ctx: MenuContext, key: MenuKey): boolean {
  return menuForRole(ctx).includes(key);
}

export function isInstallerRole(role: Role): boolean {
  return role === 'INSTALLER_ADMIN' || role === 'INSTALLER' || role === 'INSTALLER_SALES';
}

/** Only an installer company's admin invites users and sets their access (SPEC §6). */
export function canManageTeam(role: Role): boolean {
  return role === 'INSTALLER_ADMIN';
}

/**
 * Where `/` and `/login` lead a logged-in user (SPEC §2: the dashboard). CITY_ADMIN has no dashboard
 * (SPEC §6), so it lands on the listing.
 */
export function homeRoute(role: Role): string {
  return role === 'CITY_ADMIN' ? '/listing' : '/dashboard';
}

/**
 * Screens a user may open: the menu of SPEC §6, plus the home route, settings and the project view
 * for everyone, and the product screen for ADMIN, who keeps the platform's product list there.
 */
export function canOpenRoute(ctx: MenuContext, key: MenuKey | 'projectview'): boolean {
  if (key === 'profile' || key === 'projectview') return true;
  if (`/${key}` === homeRoute(ctx.role)) return true;
  if (key === 'product' && ctx.role === 'ADMIN') return true;
  return menuForRole(ctx).includes(key);
}
