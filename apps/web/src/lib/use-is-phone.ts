import { useMediaQuery } from '@mantine/hooks';
import { CONSTANTS } from '@solar/shared';

/** Below the sidebar breakpoint of SPEC §9 (787 px): a phone. */
export const PHONE_QUERY = `(max-width: ${CONSTANTS.sidebarMobileBreakpoint - 0.02}px)`;

function matchesNow(query: string): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches
  );
}

/**
 * True below 787 px: the sidebar becomes an overlay and lists become cards. Read at once on the
 * first render (not after an effect), so a phone never draws the wide layout first.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, matchesNow(PHONE_QUERY), { getInitialValueInEffect: false });
}
