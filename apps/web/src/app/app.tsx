import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router/dom';
import { NotificationsHost } from '../lib/notifications-host';
import type { createRouter } from './router';
import { theme } from './theme';

/** Providers around the router: theme and toasts (server state is the data layer's, src/app/data-layer.tsx). */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsHost />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
