import { Menu } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { Column, DataType } from '@solar/shared';
import {
  IconArrowLeft,
  IconArrowRight,
  IconColumnInsertLeft,
  IconColumnInsertRight,
  IconEyeOff,
  IconFilter,
  IconIcons,
  IconMathFunction,
  IconSortAscending,
  IconSortDescending,
  IconTransform,
  IconTrash,
} from '@tabler/icons-react';
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../auth/session';
import { useBoard } from '../../hooks/board-context';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { canEditSchema, mayChangeColumns, TITLE_KEY } from '../../lib/columns';
import { IconPage, RenameField, TypePage } from './column-menu-pages';

export interface ColumnMenuActions {
  onSort: (order: 'asc' | 'desc') => void;
  onHide: () => void;
  onInsert: (side: 'left' | 'right') => void;
  /** Moves the column one place (keyboard alternative to dragging); absent for the title. */
  onMove?: (direction: -1 | 1) => void;
  onDelete: () => void;
  /** Opens the formula editor (formula columns). */
  onEditFormula: () => void;
  /** Changes the column's type, asking first when values would be lost. */
  onRetype: (type: DataType) => void;
}

/**
 * The dropdown holds the name field and the icon buttons besides the items, which a role=menu may not
 * contain: it is made a dialog (named by its column header button) and the items a menu inside it.
 * Mantine sets role=menu after the props it is given, hence once on mounting.
 */
const asDialog = (el: HTMLDivElement | null) => {
  if (!el) return;
  el.setAttribute('role', 'dialog');
  el.removeAttribute('aria-orientation');
  // It scrolls when the window is short (the type page): focusable, so the keyboard can scroll it.
  el.setAttribute('tabindex', '0');
};

/**
 * The column header menu of SPEC §2: rename, change type, icon, sort, filter, hide, insert left or
 * right, delete. On /projects names, types and icons are not offered, nor inserting beside or
 * deleting a fixed column (SPEC §6).
 */
export function ColumnMenu({
  column,
  target,
  actions,
}: {
  column: Column;
  target: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  actions: ColumnMenuActions;
}) {
  const { t } = useTranslation('board');
  // A board shows a few dozen column headers, and a Mantine menu sets up its floating position, focus
  // handling and transitions when it mounts: about 40 ms of the board's first render in a CPU profile
  // (twenty-seventh session). So a header starts as its bare button, and the menu is mounted when the
  // button is first used: then it is focused and clicked once more, now as the menu's target, so the
  // menu opens as from a click and gives focus back to it on closing.
  const [mounted, setMounted] = useState(false);
  const targetRef = useRef<HTMLElement>(null);
  const ref = useMergedRef(targetRef, (target.props as { ref?: Ref<HTMLElement> }).ref);
  const openOnMount = useRef(false);
  useLayoutEffect(() => {
    if (!mounted || !openOnMount.current) return;
    openOnMount.current = false;
    targetRef.current?.focus({ preventScroll: true });
    targetRef.current?.click();
  }, [mounted]);

  if (!mounted) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: MouseEvent) => {
        target.props.onClick?.(event);
        openOnMount.current = true;
        setMounted(true);
      },
    } as Partial<typeof target.props>);
  }

  const label = t('columnMenu.label', { name: column.label });
  return (
    <Menu
      position="bottom-start"
      width={260}
      shadow="md"
      withinPortal
      trapFocus
      // A dialog, not a menu (asDialog): Mantine's focus placeholder is allowed here and keeps the
      // focus inside when a page change removes the item that was clicked (the theme turns it off).
      withInitialFocusPlaceholder
      // A menu taller than the room below its header (a phone, 375 × 667, or the type page in a short
      // window) moves up into the screen (`crossAxis`) rather than shrinking to the few pixels left
      // under the header; taller than the screen, it is the screen's height and scrolls
      // (the dropdown's `maxHeight`). A shrinking `size` middleware kept its small height once set.
      middlewares={{ flip: true, shift: { crossAxis: true, padding: 8 } }}
    >
      <Menu.Target>{cloneElement(target, { ref: ref } as Partial<typeof target.props>)}</Menu.Target>
      <Menu.Dropdown
        ref={asDialog}
        data-testid="column-menu"
        aria-label={label}
        style={{ overflowY: 'auto', maxHeight: 'calc(100dvh - 16px)' }}
      >
        <ColumnMenuBody column={column} actions={actions} label={label} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The dropdown's pages. A component of its own so that what the items need (the property mutations,
 * the view's settings) is set up when a menu opens, not once per column header on every render of
 * the board; and a menu opens again on its main page, as its page state goes with it.
 */
function ColumnMenuBody({
  column,
  actions,
  label,
}: {
  column: Column;
  actions: ColumnMenuActions;
  label: string;
}) {
  const { t } = useTranslation('board');
  const { scope, isProjects, openFilter } = useBoard();
  const props = usePropertyActions();
  const [page, setPage] = useState<'main' | 'type' | 'icon'>('main');
  const isTitle = column.id === TITLE_KEY;
  const { user } = useCurrentUser();
  const editable = canEditSchema(scope.board, user.role, column);
  // On /projects a fixed column gets no neighbour and is not deleted (SPEC §6), and sales staff
  // change no columns: the items would only ever answer with the refusal, so they are not offered.
  const structural = !(isProjects && column.locked) && mayChangeColumns(user.role);
  const back = (
    <Menu.Item
      closeMenuOnClick={false}
      leftSection={<IconArrowLeft size={14} aria-hidden />}
      onClick={() => setPage('main')}
    >
      {t('columnMenu.back')}
    </Menu.Item>
  );

  return (
    <>
      {page === 'type' && (
        <div role="menu" aria-label={label}>
          <TypePage column={column} back={back} onPick={(type) => actions.onRetype(type)} />
        </div>
      )}
      {page === 'icon' && (
        <IconPage
          column={column}
          back={
            <div role="menu" aria-label={label}>
              {back}
            </div>
          }
          onPick={(icon) => void props.setIcon(column, icon)}
        />
      )}
      {page === 'main' && editable && (
        <RenameField column={column} onRename={(name) => void props.rename(column, name)} />
      )}
      {page === 'main' && (
        <div role="menu" aria-label={label}>
          {editable && !isTitle && (
            <Menu.Item
              closeMenuOnClick={false}
              leftSection={<IconTransform size={14} aria-hidden />}
              onClick={() => setPage('type')}
            >
              {t('columnMenu.changeType')}
            </Menu.Item>
          )}
          {editable && (
            <Menu.Item
              closeMenuOnClick={false}
              leftSection={<IconIcons size={14} aria-hidden />}
              onClick={() => setPage('icon')}
            >
              {t('columnMenu.icon')}
            </Menu.Item>
          )}
          {editable && column.dataType === 'formula' && (
            <Menu.Item
              leftSection={<IconMathFunction size={14} aria-hidden />}
              onClick={actions.onEditFormula}
            >
              {t('columnMenu.editFormula')}
            </Menu.Item>
          )}
          {editable && <Menu.Divider />}
          <Menu.Item
            leftSection={<IconSortAscending size={14} aria-hidden />}
            onClick={() => actions.onSort('asc')}
          >
            {t('columnMenu.sortAsc')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconSortDescending size={14} aria-hidden />}
            onClick={() => actions.onSort('desc')}
          >
            {t('columnMenu.sortDesc')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFilter size={14} aria-hidden />} onClick={() => openFilter(column.id)}>
            {t('columnMenu.filter')}
          </Menu.Item>
          {!isTitle && (
            <Menu.Item leftSection={<IconEyeOff size={14} aria-hidden />} onClick={actions.onHide}>
              {t('columnMenu.hide')}
            </Menu.Item>
          )}
          {actions.onMove && (
            <>
              <Menu.Item
                leftSection={<IconArrowLeft size={14} aria-hidden />}
                onClick={() => actions.onMove?.(-1)}
              >
                {t('columnMenu.moveLeft')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowRight size={14} aria-hidden />}
                onClick={() => actions.onMove?.(1)}
              >
                {t('columnMenu.moveRight')}
              </Menu.Item>
            </>
          )}
          {structural && (
            <>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconColumnInsertLeft size={14} aria-hidden />}
                onClick={() => actions.onInsert('left')}
              >
                {t('columnMenu.insertLeft')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconColumnInsertRight size={14} aria-hidden />}
                onClick={() => actions.onInsert('right')}
              >
                {t('columnMenu.insertRight')}
              </Menu.Item>
              {!isTitle && (
                <Menu.Item
                  color="red.9"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={actions.onDelete}
                >
                  {t('columnMenu.delete')}
                </Menu.Item>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
