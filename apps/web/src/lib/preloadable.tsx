import { type ComponentType, use } from 'react';

/** A promise carrying its outcome the way React's `use` reads it without suspending. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the component's chunk (once); resolves when it has arrived. */
  preload: () => Promise<unknown>;
};

/** The loads started, by loader: the parts that come from one chunk share its load. */
type Loader = () => Promise<unknown>;
const loads = new WeakMap<Loader, Promise<unknown>>();

/** Starts `load` once and records its outcome on the promise, where React's `use` reads it. */
function track<M>(load: () => Promise<M>): Promise<M> {
  const started = loads.get(load) as Promise<M> | undefined;
  if (started) return started;
  const promise: Tracked<M> = load();
  promise.status = 'pending';
  promise.then(
    (value) => {
      promise.status = 'fulfilled';
      promise.value = value;
    },
    (reason: unknown) => {
      promise.status = 'rejected';
      promise.reason = reason;
    },
  );
  loads.set(load, promise);
  return promise;
}

/**
 * A component from a chunk loaded on demand, like `React.lazy`, but one whose chunk has arrived renders
 * at once. `React.lazy` suspends on the first render even then (it asks for the chunk only when it
 * renders, and reads the answer a tick later), and React shows what a suspended part reveals at least
 * 300 ms after the last fallback came or went: the nested parts of a page (data layer, guard, app shell,
 * screen) each cost that wait in turn. With `preload()` called before the first render (main.tsx) and
 * awaited, the page renders through without a fallback. Parts made with the same `load` function
 * share one load (the data layer's guards come from one chunk). A chunk that fails to load throws to
 * the route's error boundary (whose retry reloads the page), as with `React.lazy`.
 */
export function preloadable<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  const preload = () => track(load);
  function PreloadedPart(props: P) {
    const Component = pick(use(preload()));
    return <Component {...props} />;
  }
  return Object.assign(PreloadedPart, { preload });
}
