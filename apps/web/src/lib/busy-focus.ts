/**
 * A button pressed from the keyboard that turns busy (Mantine's `loading` disables it) loses the focus:
 * Chromium moves it to the page's body, so after "Save" the keyboard user started again from the top
 * and a screen reader was left nowhere. This gives the focus back to the button once it is enabled again
 * (the request has settled), unless the user has put the focus somewhere else meanwhile or the button is
 * gone. Installed once for the whole document; answers the function that removes it.
 */
export function keepFocusOnBusyButtons(doc: Document = document): () => void {
  let waiting: { element: HTMLElement; observer: MutationObserver } | null = null;

  const stop = () => {
    waiting?.observer.disconnect();
    waiting = null;
  };

  const onFocusOut = (event: FocusEvent) => {
    const element = event.target;
    // Only a loss to nowhere (no element takes the focus) of a control that has just been disabled.
    if (event.relatedTarget !== null || !(element instanceof HTMLElement)) return;
    if (!('disabled' in element) || element.disabled !== true) return;
    stop();
    const observer = new MutationObserver(() => {
      if ((element as HTMLButtonElement).disabled) return;
      stop();
      const active = doc.activeElement;
      if (element.isConnected && (active === null || active === doc.body)) {
        element.focus({ preventScroll: true });
      }
    });
    observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
    waiting = { element, observer };
  };

  // The focus put anywhere else (a click, Tab from the body, a dialog opening) ends the wait.
  const onFocusIn = (event: FocusEvent) => {
    if (waiting && event.target !== waiting.element) stop();
  };

  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('focusin', onFocusIn, true);
  return () => {
    stop();
    doc.removeEventListener('focusout', onFocusOut, true);
    doc.removeEventListener('focusin', onFocusIn, true);
  };
}
