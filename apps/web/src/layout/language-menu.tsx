import { UnstyledButton } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, UI_LANGUAGES } from '../i18n';
import classes from './language-menu.module.css';

/** Moves focus among the menu's items: ArrowDown/ArrowUp wrap around, Home and End jump to the ends. */
function focusItem(menu: HTMLElement | null, to: 'first' | 'last' | 'next' | 'previous'): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  if (!items.length) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const index =
    to === 'first'
      ? 0
      : to === 'last'
        ? items.length - 1
        : to === 'next'
          ? (at + 1) % items.length
          : (at - 1 + items.length) % items.length;
  items[index]?.focus();
}

/**
 * The language menu of the public pages' top bar: the same button, items and keys as the sidebar's
 * Mantine Menu (language-switch.tsx), drawn without its floating-UI popover (about 25 KB gzipped the
 * login page need not load). It always opens below the button, aligned to its end. The choice is stored
 * in `preferredLanguage`.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Where focus goes when the menu opens: the menu itself after a click, an item from the keyboard. */
  const openFocus = useRef<'menu' | 'first' | 'last'>('menu');

  const open = (focus: 'menu' | 'first' | 'last') => {
    openFocus.current = focus;
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    if (openFocus.current === 'menu') menuRef.current?.focus();
    else focusItem(menuRef.current, openFocus.current);
    // A press anywhere else closes the menu, as Mantine's does.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const onButtonClick = (event: MouseEvent) => {
    // A click from Enter or Space (detail 0) comes from the keyboard: focus the first item then.
    if (isOpen) close(false);
    else open(event.detail === 0 ? 'first' : 'menu');
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, 'first' | 'last' | 'next' | 'previous'> = {
      ArrowDown: 'next',
      ArrowUp: 'previous',
      Home: 'first',
      End: 'last',
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusItem(menuRef.current, move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const choose = (code: (typeof UI_LANGUAGES)[number]) => {
    close(true);
    void changeLanguage(code);
  };

  const name = t(`language.${language}`);
  return (
    <div className={classes.root} ref={rootRef}>
      <UnstyledButton
        ref={buttonRef}
        id={`${id}-button`}
        className={className}
        data-testid="language-switch"
        aria-label={`${t('language.switch')}: ${name}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <IconLanguage size={20} stroke={1.6} aria-hidden />
        <span aria-hidden>{name}</span>
      </UnstyledButton>
      {isOpen && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          className={classes.dropdown}
          role="menu"
          aria-labelledby={`${id}-button`}
          aria-orientation="vertical"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          <div className={classes.label}>{t('language.label')}</div>
          {UI_LANGUAGES.map((code) => (
            <UnstyledButton
              key={code}
              className={classes.item}
              role="menuitem"
              tabIndex={-1}
              lang={code}
              data-testid={`language-${code}`}
              aria-current={code === language ? 'true' : undefined}
              onClick={() => choose(code)}
            >
              <span className={classes.itemLabel}>{t(`language.${code}`)}</span>
              {code === language && (
                <span className={classes.itemCheck}>
                  <IconCheck size={16} aria-hidden />
                </span>
              )}
            </UnstyledButton>
          ))}
          <div className={classes.arrow} aria-hidden />
        </div>
      )}
    </div>
  );
}
