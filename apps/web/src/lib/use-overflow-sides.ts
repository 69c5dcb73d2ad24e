import { type RefObject, useEffect, useState } from 'react';

/** Which sides of a sideways-scrolling box hold content out of sight. */
export interface OverflowSides {
  start: boolean;
  end: boolean;
}

/**
 * Tracks which sides of the box `ref` points at have content scrolled out of sight, updated as it
 * scrolls and as it or its children change size (a turned phone, another language's labels).
 */
export function useOverflowSides(ref: RefObject<HTMLElement | null>): OverflowSides {
  const [sides, setSides] = useState<OverflowSides>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      // One pixel of slack: zoomed screens report fractional scroll positions.
      const next = { start: box.scrollLeft > 1, end: box.scrollLeft < hidden - 1 };
      setSides((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return sides;
}
