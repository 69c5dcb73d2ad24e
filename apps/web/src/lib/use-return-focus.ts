import { useLayoutEffect, useRef } from 'react';

/**
 * For a dialog that is mounted only while it is open: unmounting skips Mantine's own focus return, so
 * the keyboard user would be left on the page's body. Remembers the element that had the focus when
 * `open` turned true and gives the focus back to it once `open` turns false (if it is still there and
 * enabled). `instead`, when it answers an element, names where the focus goes in its place: after what
 * the dialog did, the opener may be about to be disabled (an offer just sent cannot be sent again
 * while it is queued).
 */
export function useReturnFocus(open: boolean, instead?: () => HTMLElement | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const insteadRef = useRef(instead);
  insteadRef.current = instead;
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    const other = insteadRef.current?.();
    if (other) other.focus();
    else if (element.isConnected && !element.matches(':disabled')) element.focus();
  }, [open]);
}
