import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from '../../api/session-store';

/**
 * The stored access token, re-rendering on login, logout and changes from other tabs. Free of the API
 * client and the query cache, so the login route can tell a visitor from a session without loading them.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
