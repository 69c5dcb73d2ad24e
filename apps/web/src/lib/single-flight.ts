import { useCallback, useRef } from 'react';

/**
 * One submission at a time: a second submit while the first is on its way is dropped. A double click
 * fires both submits before the button can show that it is busy, and each would be sent.
 * `start` gets `done`, to be called when the request has settled.
 */
export function useSingleFlight(): (start: (done: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
