import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { api } from '../api/client';
import { getToken } from '../api/session-store';
import { currentUserQuery } from '../api/user';
import { requestNotifications } from '../lib/notifications-host';
import { queryClient } from './query-client';
import { endSession } from './session-end';

// The session guards ride in this chunk: they read the session through the query cache.
export { RedirectIfAuthenticated, RequireAuth, RequireScreen, RootRedirect } from '../layout/guards';

// A failed refresh or a 401 ends the session: the login page opens, saying so, with the way back.
// A refusal (403 `forbidden`) may mean the user's role changed meanwhile: the user is read again, so
// the screens stop offering what the new role may not do (and show what it may).
api.configure({
  onSessionEnded: endSession,
  onForbidden: () => void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
});
// The screens from here on (the board among them) show toasts through Mantine's store directly.
requestNotifications();
// With a stored session every guard starts by asking who is logged in: the question goes out as this chunk
// arrives (main.tsx fetches it with the page's own chunks), not after the first render reaches a guard.
if (getToken() !== null) void queryClient.prefetchQuery(currentUserQuery);

/**
 * Server state for every route but an anonymous visitor's login: the query cache, the API client wired
 * to the router, the toast container. Its chunk (TanStack Query, the zod-checked client) loads with the
 * first such route, never with the login page.
 */
export function DataLayer({ children }: { children?: ReactNode }) {
  // Leaving for the login without a session (it ended): the cached answers of the old session go, once
  // the screens that showed them are gone (clearing earlier would leave them without their user).
  useEffect(
    () => () => {
      if (getToken() === null) queryClient.clear();
    },
    [],
  );
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
