import type { MenuKey } from '@solar/shared';
import {
  IconChecklist,
  IconCube3dSphere,
  IconDatabase,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconList,
  IconMap2,
  IconSettings,
  IconSolarPanel,
  IconTable,
  type TablerIcon,
} from '@tabler/icons-react';

/** Screens behind the login: every menu key plus the project view, which has no menu entry. */
export type ScreenKey = MenuKey | 'projectview';

/** Sidebar icon of each menu entry. */
export const MENU_ICONS: Record<MenuKey, TablerIcon> = {
  dashboard: IconLayoutDashboard,
  listing: IconList,
  mapview: IconMap2,
  overview: IconLayoutKanban,
  data: IconDatabase,
  product: IconSolarPanel,
  profile: IconSettings,
  projects: IconTable,
  tasks: IconChecklist,
  '3D': IconCube3dSphere,
};

/** Screens whose name follows 'Solar Project' in the header (SPEC §2). */
export const TITLED_SCREENS: readonly ScreenKey[] = ['overview', 'listing', 'mapview', 'dashboard'];

export function routeOf(key: ScreenKey): string {
  return `/${key}`;
}

/** The screen of a path such as `/listing`, if it is one. */
export function screenOfPath(pathname: string): ScreenKey | null {
  const first = pathname.split('/')[1] ?? '';
  const keys: readonly string[] = [...Object.keys(MENU_ICONS), 'projectview'];
  return keys.includes(first) ? (first as ScreenKey) : null;
}
