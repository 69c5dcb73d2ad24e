import { useLayoutEffect, useRef } from 'react';

/**
 * For a dialog that is mounted only while it is open: unmounting skips Mantine's own focus return, so
 * the keyboard user would be left on the page's body. Remembers the element that had the focus when
 * `open` turned true and gives the focus back to it once `open` turns false (if it is still there).
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, [open]);
}
