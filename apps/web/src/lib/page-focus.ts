/**
 * Puts the focus on the new page after a page change: on its title (its one h1, with `tabIndex=-1`:
 * `layout/page-title.tsx`), so a screen reader reads the page's name and Tab goes on from the top of
 * the page. A page without its h1 yet (its chunk or its data still loading) gets the focus on `main`.
 *
 * Until the user presses a key or a pointer, the focus follows the page as it is drawn: the h1 takes it
 * from `main` once drawn, and a title drawn anew (a skeleton's title replaced by the loaded page's) takes
 * it back from the body. Focus put anywhere else (a page or a drawer that took it) ends that. Answers
 * the function that ends it too (the next page change, or the shell leaving).
 */
export function focusNewPage(main: HTMLElement): () => void {
  const place = () => {
    const title = main.querySelector<HTMLElement>('h1');
    title?.focus({ preventScroll: true });
    if (!title || document.activeElement !== title) main.focus({ preventScroll: true });
  };
  place();

  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || active === main) place();
    else if (active.tagName !== 'H1' || !main.contains(active)) stop();
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  observer.observe(main, { childList: true, subtree: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}
