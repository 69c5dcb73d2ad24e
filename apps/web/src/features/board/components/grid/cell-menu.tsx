import { Menu, Text } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconArrowDown,
  IconArrowsDiagonal,
  IconArrowUp,
  IconClipboard,
  IconCopy,
  IconCopyPlus,
  IconEraser,
  IconRowInsertBottom,
  IconRowInsertTop,
  IconScissors,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keyLabel } from '../../lib/clipboard';

/** Apple keyboards say ⌘ where others say Ctrl (the keys take both). */
const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export interface CellMenuActions {
  copy: () => void;
  cut: () => void;
  paste: () => void;
  clear: () => void;
  fillDown: () => void;
  open: () => void;
  moveUp: () => void;
  moveDown: () => void;
  insertAbove: () => void;
  insertBelow: () => void;
  duplicate: () => void;
}

/** The commands with a key of their own (shown beside them). */
const KEYED: ReadonlySet<keyof CellMenuActions> = new Set([
  'copy',
  'cut',
  'paste',
  'clear',
  'fillDown',
  'open',
  'moveUp',
  'moveDown',
]);

interface CellMenuProps {
  /** Where the menu opens (the pointer, or the active cell's corner); null while closed. */
  at: { x: number; y: number } | null;
  /** Whether the cells under the menu take values (cut, paste, clear and fill down). */
  writable: boolean;
  /** Whether rows are ordered by hand here (no sort). */
  movable: boolean;
  /** Whether records can be added here (not on /projects). */
  creatable: boolean;
  actions: CellMenuActions;
  onClose: () => void;
}

/**
 * The grid's cell menu (right click, the context-menu key or Shift+F10): the clipboard and the
 * range's commands with their keys beside them, so the mouse finds what the keyboard does.
 */
export function CellMenu({ at, writable, movable, creatable, actions, onClose }: CellMenuProps) {
  const { t } = useTranslation('board');
  const item = (key: keyof CellMenuActions, icon: ReactNode, disabled = false) => (
    <Menu.Item
      leftSection={icon}
      rightSection={
        KEYED.has(key) ? (
          <Text size="xs" c="dimmed" aria-hidden>
            {keyLabel(t(`cellMenu.keys.${key as 'copy'}`), IS_APPLE)}
          </Text>
        ) : undefined
      }
      disabled={disabled}
      onClick={actions[key]}
      data-testid={`cell-menu-${key}`}
    >
      {t(`cellMenu.${key}`)}
    </Menu.Item>
  );
  return (
    <Menu
      opened={at !== null}
      onChange={(opened) => {
        if (!opened) onClose();
      }}
      position="bottom-start"
      offset={2}
      withinPortal
      trapFocus
      returnFocus={false}
    >
      <Menu.Target>
        <div
          aria-hidden
          style={{ position: 'fixed', left: at?.x ?? 0, top: at?.y ?? 0, width: 1, height: 1 }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={t('cellMenu.label')}>
        {item('copy', <IconCopy size={14} aria-hidden />)}
        {item('cut', <IconScissors size={14} aria-hidden />, !writable)}
        {item('paste', <IconClipboard size={14} aria-hidden />, !writable)}
        {item('clear', <IconEraser size={14} aria-hidden />, !writable)}
        {item('fillDown', <IconArrowBarToDown size={14} aria-hidden />, !writable)}
        <Menu.Divider />
        {item('moveUp', <IconArrowUp size={14} aria-hidden />, !movable)}
        {item('moveDown', <IconArrowDown size={14} aria-hidden />, !movable)}
        {item('insertAbove', <IconRowInsertTop size={14} aria-hidden />, !movable || !creatable)}
        {item('insertBelow', <IconRowInsertBottom size={14} aria-hidden />, !movable || !creatable)}
        {item('duplicate', <IconCopyPlus size={14} aria-hidden />, !creatable)}
        <Menu.Divider />
        {item('open', <IconArrowsDiagonal size={14} aria-hidden />)}
      </Menu.Dropdown>
    </Menu>
  );
}
