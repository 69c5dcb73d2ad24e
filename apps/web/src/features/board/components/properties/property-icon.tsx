import { type DataType, TYPE_ICONS } from '@solar/shared';
import {
  IconAlertTriangle,
  IconAlignLeft,
  IconArrowUpRight,
  IconBattery,
  IconBolt,
  IconBuilding,
  IconCalendar,
  IconCheck,
  IconClick,
  IconClock,
  IconClockEdit,
  IconCurrencyEuro,
  IconFlag,
  IconHash,
  IconHome,
  IconId,
  IconLetterCase,
  IconLink,
  IconList,
  IconMail,
  IconMapPin,
  IconMathFunction,
  IconPaperclip,
  IconPhone,
  IconPlus,
  IconProgress,
  IconSearch,
  IconSelector,
  IconSolarPanel,
  IconSquareCheck,
  IconStar,
  IconSun,
  IconTag,
  IconTool,
  IconTruck,
  IconUser,
  IconUserCircle,
  IconUserEdit,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type TablerIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** Icons by the Tabler name the API stores in a column's `icon`. */
export const PROPERTY_ICONS: Record<string, TablerIcon> = {
  IconAlignLeft,
  IconHash,
  IconSelector,
  IconList,
  IconProgress,
  IconCalendar,
  IconUser,
  IconPaperclip,
  IconSquareCheck,
  IconLink,
  IconMail,
  IconPhone,
  IconMathFunction,
  IconArrowUpRight,
  IconSearch,
  IconClock,
  IconUserCircle,
  IconClockEdit,
  IconUserEdit,
  IconClick,
  IconId,
  IconPlus,
  IconLetterCase,
  IconStar,
  IconFlag,
  IconTag,
  IconBolt,
  IconSun,
  IconSolarPanel,
  IconBattery,
  IconHome,
  IconBuilding,
  IconMapPin,
  IconTool,
  IconTruck,
  IconCurrencyEuro,
  IconAlertTriangle,
  IconCheck,
};

/** The default icon of each type (the API's defaults). */
export const TYPE_ICON = TYPE_ICONS;

/** A column's icon (its own, else its type's), decorative. */
export function PropertyIcon({ icon, type, size = 15 }: { icon?: string; type: DataType; size?: number }) {
  const Icon = (icon && PROPERTY_ICONS[icon]) || PROPERTY_ICONS[TYPE_ICON[type]] || IconAlignLeft;
  return <Icon size={size} stroke={1.7} aria-hidden />;
}
