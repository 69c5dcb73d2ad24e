/** Timers, injectable for tests. */
export interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DebouncedSaver<T> {
  /** A new draft: saved after `delay` ms without another change. */
  change: (value: T) => void;
  /** Saves the pending draft now (Enter, blur). Returns the last value saved or kept. */
  flush: () => T;
  /** Drops the pending draft (Escape); a value already saved is reverted to the original. */
  cancel: () => void;
  /** The value last written (or the original if nothing was written). */
  readonly saved: T;
}

/**
 * The typing saver of SPEC §5: text, title, number and url values are saved 1 s after typing stops and
 * at once on Enter or blur; Escape gives the original back. Equal values are never saved twice.
 */
export function createDebouncedSaver<T>(
  original: T,
  save: (value: T) => void,
  options: { delay: number; equals?: (a: T, b: T) => boolean; timers?: Timers },
): DebouncedSaver<T> {
  const timers = options.timers ?? realTimers;
  const equals = options.equals ?? Object.is;
  let saved = original;
  let pending: { value: T } | null = null;
  let handle: unknown = null;

  const stop = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
  const write = (value: T) => {
    if (equals(value, saved)) return;
    saved = value;
    save(value);
  };
  const flush = () => {
    stop();
    if (pending) write(pending.value);
    pending = null;
    return saved;
  };

  return {
    change(value) {
      pending = { value };
      stop();
      handle = timers.set(flush, options.delay);
    },
    flush,
    cancel() {
      stop();
      pending = null;
      write(original);
    },
    get saved() {
      return saved;
    },
  };
}
