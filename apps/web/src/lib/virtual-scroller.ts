import { elementScroll, type Rect, type VirtualizerOptions } from '@tanstack/react-virtual';

type Options = VirtualizerOptions<HTMLDivElement, Element>;
type Instance = Parameters<Options['scrollToFn']>[2];

/**
 * The scroller's size, from a ResizeObserver only: the library's own reads `clientWidth` at once when
 * the list mounts, which forces a layout of the whole page inside the task that mounted it (the
 * listing's first rows: a 30-90 ms layout in the same long task as their render). The observer
 * reports after the browser's own layout; until then the virtualizer's `initialRect` stands.
 */
export const observeScrollerRect: Options['observeElementRect'] = (instance, cb) => {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(() =>
    cb({ width: element.clientWidth, height: element.clientHeight } satisfies Rect),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
};

const scrolled = new WeakSet<Instance>();

/**
 * Scrolls as the library does, except the first time when that is to the top: on mounting, the
 * virtualizer scrolls its new scroller to offset 0, where it already is, and setting `scrollTop`
 * forces the same layout (the browser would not even send a scroll event for it).
 */
export const scrollAfterMount: Options['scrollToFn'] = (offset, options, instance) => {
  const isFirst = !scrolled.has(instance);
  scrolled.add(instance);
  if (isFirst && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};
