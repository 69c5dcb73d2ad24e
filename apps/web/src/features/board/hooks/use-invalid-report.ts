import { useEffect } from 'react';
import { useStableCallback } from './use-stable-callback';

/**
 * Tells `onInvalid(true)` while `invalid` holds (a field's typed text is no value of its type), and
 * `onInvalid(false)` once it ends or the field goes: the form around it knows what it must not save.
 */
export function useInvalidReport(
  invalid: boolean,
  onInvalid: ((invalid: boolean) => void) | undefined,
): void {
  const report = useStableCallback((next: boolean) => onInvalid?.(next));
  useEffect(() => {
    if (!invalid) return;
    report(true);
    return () => report(false);
  }, [invalid, report]);
}
