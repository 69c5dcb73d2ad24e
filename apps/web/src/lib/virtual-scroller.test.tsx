// @vitest-environment happy-dom
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeScrollerRect, scrollAfterMount } from './virtual-scroller';

/** The browser's observer, reporting when the test says the browser has laid the page out. */
class TestResizeObserver {
  static all: TestResizeObserver[] = [];
  constructor(private readonly cb: ResizeObserverCallback) {
    TestResizeObserver.all.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  report() {
    this.cb([], this as unknown as ResizeObserver);
  }
}

let reads = 0;
let scrolls: unknown[] = [];
let size = { width: 800, height: 400 };

beforeEach(() => {
  reads = 0;
  scrolls = [];
  TestResizeObserver.all = [];
  vi.stubGlobal('ResizeObserver', TestResizeObserver);
  // Reading the size or setting the offset forces a layout in a browser: counted here.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => {
    reads++;
    return size.width;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => {
    reads++;
    return size.height;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(40_000);
  HTMLElement.prototype.scrollTo = function scrollTo(options: unknown) {
    scrolls.push(options);
  } as HTMLElement['scrollTo'];
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let instance: Virtualizer<HTMLDivElement, Element> | null = null;

/** A list of 1,000 rows of 40 px, set up as the listing and the board set up theirs. */
function List() {
  const ref = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: 1000,
    getScrollElement: () => ref.current,
    estimateSize: () => 40,
    overscan: 0,
    initialRect: { width: 1200, height: 200 },
    observeElementRect: observeScrollerRect,
    scrollToFn: scrollAfterMount,
  });
  instance = virtualizer;
  return (
    <div ref={ref} data-testid="scroller">
      {virtualizer.getVirtualItems().map((item) => (
        <p key={item.key}>row {item.index}</p>
      ))}
    </div>
  );
}

describe('a virtual list with the scroller options', () => {
  it('mounts with the rows of its initial size, reading no size and setting no offset', () => {
    render(<List />);
    expect(screen.getAllByText(/^row /)).toHaveLength(5); // 200 px of 40 px rows
    expect(reads).toBe(0);
    expect(scrolls).toEqual([]);
  });

  it('takes the size the observer reports after the layout, and shows the rows that fit', () => {
    render(<List />);
    expect(TestResizeObserver.all).toHaveLength(1);
    size = { width: 800, height: 400 };
    act(() => TestResizeObserver.all[0]?.report());
    expect(reads).toBeGreaterThan(0);
    expect(screen.getAllByText(/^row /)).toHaveLength(10);
  });

  it('scrolls when asked to after mounting, to the top as well', () => {
    render(<List />);
    act(() => instance?.scrollToOffset(4000));
    act(() => instance?.scrollToOffset(0));
    expect(scrolls).toEqual([
      { top: 4000, behavior: 'auto' },
      { top: 0, behavior: 'auto' },
    ]);
  });
});
