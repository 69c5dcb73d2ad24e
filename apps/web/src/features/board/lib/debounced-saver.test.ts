import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSaver } from './debounced-saver';

describe('createDebouncedSaver (SPEC §5: 1 s debounce, Enter or blur saves)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, 1 s after the last keystroke', () => {
    const save = vi.fn();
    const saver = createDebouncedSaver<string>('a', save, { delay: 1000 });
    saver.change('ab');
    vi.advanceTimersByTime(600);
    saver.change('abc');
    vi.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith('abc');
    expect(saver.saved).toBe('abc');
  });

  it('saves at once on flush (Enter, blur) and not again when the timer would fire', () => {
    const save = vi.fn();
    const saver = createDebouncedSaver<string>('a', save, { delay: 1000 });
    saver.change('b');
    expect(saver.flush()).toBe('b');
    vi.advanceTimersByTime(2000);
    expect(save).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('does not save an unchanged value', () => {
    const save = vi.fn();
    const saver = createDebouncedSaver<string>('a', save, { delay: 1000 });
    saver.change('a');
    saver.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('cancel drops the draft, and reverts a value the timer already saved', () => {
    const save = vi.fn();
    const saver = createDebouncedSaver<string>('a', save, { delay: 1000 });
    saver.change('b');
    saver.cancel();
    expect(save).not.toHaveBeenCalled();
    saver.change('c');
    vi.advanceTimersByTime(1000);
    saver.change('cd');
    saver.cancel();
    expect(save.mock.calls).toEqual([['c'], ['a']]);
    expect(saver.saved).toBe('a');
  });

  it('uses the given equality', () => {
    const save = vi.fn();
    const saver = createDebouncedSaver<number | null>(1, save, {
      delay: 10,
      equals: (x, y) => x === y,
    });
    saver.change(1);
    saver.flush();
    saver.change(null);
    saver.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith(null);
  });
});
