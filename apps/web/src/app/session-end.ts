import { queryKeys } from '../api/query-keys';
import { clearSession, getRefreshToken, getToken, loggedOutByUser } from '../api/session-store';
import { queryClient } from './query-client';
import { navigateToLogin } from './router';

/** The navigation to the login while one is under way: every later report of the same end waits for it. */
let leaving: Promise<void> | null = null;

/** True while this tab holds a session: stored tokens, or the user it loaded (a login that just ran out). */
function hadSession(): boolean {
  return (
    getToken() !== null ||
    getRefreshToken() !== null ||
    queryClient.getQueryData(queryKeys.currentUser) !== undefined
  );
}

/**
 * Ends a session that is over without a logout in this tab (a failed refresh, a 401, the 24-day login
 * that ran out while the tab was open): drops the stored tokens and opens the login page with the
 * "session expired" notice and the way back to the current page. After a logout in another tab the
 * login is the plain one: the user ended the session, nothing expired. Safe to call many times (every
 * screen that notices reports it); a visitor without a session is left alone. The cached answers go
 * when the screens behind the login have unmounted (see DataLayer), so none of them renders without
 * its user on the way out.
 */
export function endSession(): void {
  if (leaving || !hadSession()) return;
  const expired = !loggedOutByUser();
  clearSession();
  leaving = navigateToLogin({ expired }).finally(() => {
    leaving = null;
  });
}
