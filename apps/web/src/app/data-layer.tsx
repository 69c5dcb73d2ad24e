import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { api } from '../api/client';
import { clearSession } from '../api/session-store';
import { requestNotifications } from '../lib/notifications-host';
import { queryClient } from './query-client';
import { navigateToLogin } from './router';

// The session guards ride in this chunk: they read the session through the query cache.
export { RedirectIfAuthenticated, RequireAuth, RequireScreen, RootRedirect } from '../layout/guards';

// A failed refresh ends the session: drop it and every cached answer, then show the login.
api.configure({
  onSessionEnded: () => {
    clearSession();
    queryClient.clear();
    navigateToLogin();
  },
});
// The screens from here on (the board among them) show toasts through Mantine's store directly.
requestNotifications();

/**
 * Server state for every route but an anonymous visitor's login: the query cache, the API client wired
 * to the router, the toast container. Its chunk (TanStack Query, the zod-checked client) loads with the
 * first such route, never with the login page.
 */
export function DataLayer({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
