import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../layout/full-page-state';
import { RedirectIfAuthenticated, RequireAuth, RequireScreen, RootRedirect } from '../layout/guards';
import type { ScreenKey } from '../layout/screens';
import { RouteError } from './route-error';

// One chunk per screen (React.lazy needs a default export; the modules use named ones).
const LoginPage = lazy(async () => ({ default: (await import('../features/auth/login-page')).LoginPage }));
const RegisterPage = lazy(async () => ({
  default: (await import('../features/auth/register-page')).RegisterPage,
}));
const ForgotPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
}));
const AppShell = lazy(async () => ({ default: (await import('../layout/app-shell')).AppShell }));
const ProfilePage = lazy(async () => ({
  default: (await import('../features/profile/profile-page')).ProfilePage,
}));
const TemplatesPage = lazy(async () => ({
  default: (await import('../features/templates/templates-page')).TemplatesPage,
}));
const TestCheckoutPage = lazy(async () => ({
  default: (await import('../features/plans/test-checkout-page')).TestCheckoutPage,
}));
const HelpPage = lazy(async () => ({ default: (await import('../features/help/help-page')).HelpPage }));
/** The project and task board: one screen for both routes, the board chosen by the path. */
const BoardPage = lazy(async () => ({ default: (await import('../features/board/board-page')).BoardPage }));

/** The page of each built screen, one lazy chunk each. */
const SCREEN_PAGES: Partial<Record<ScreenKey, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(async () => ({
    default: (await import('../features/dashboard/dashboard-page')).DashboardPage,
  })),
  listing: lazy(async () => ({ default: (await import('../features/listing/listing-page')).ListingPage })),
  mapview: lazy(async () => ({ default: (await import('../features/map/map-page')).MapPage })),
  overview: lazy(async () => ({
    default: (await import('../features/overview/overview-page')).OverviewPage,
  })),
  data: lazy(async () => ({
    default: (await import('../features/planning-data/planning-data-page')).PlanningDataPage,
  })),
  product: lazy(async () => ({ default: (await import('../features/products/product-page')).ProductPage })),
  projectview: lazy(async () => ({
    default: (await import('../features/project-view/project-view-page')).ProjectViewPage,
  })),
  '3D': lazy(async () => ({ default: (await import('../features/viewer/viewer-page')).ViewerPage })),
  projects: BoardPage,
  tasks: BoardPage,
};
const CustomerViewPage = lazy(async () => ({
  default: (await import('../features/customer-view/customer-view-page')).CustomerViewPage,
}));
const CustomerRequestPage = lazy(async () => ({
  default: (await import('../features/customer/customer-request-page')).CustomerRequestPage,
}));

function page(node: ReactNode) {
  return <Suspense fallback={<FullPageLoader />}>{node}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/login', element: <RedirectIfAuthenticated>{page(<LoginPage />)}</RedirectIfAuthenticated> },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
      { path: '/application/reset-password', element: page(<ResetPasswordPage />) },
      // The customer application's quote request (public; 'New project' opens it by default).
      { path: '/request', element: page(<CustomerRequestPage />) },
      // The customer's view of an offer, by the signed link the installer sends (public).
      { path: '/customer-view', element: page(<CustomerViewPage />) },
      {
        element: <RequireAuth>{page(<AppShell />)}</RequireAuth>,
        errorElement: <RouteError />,
        children: [
          { path: '/profile', element: <ProfilePage /> },
          { path: '/checkout/test', element: <TestCheckoutPage /> },
          { path: '/templates', element: <TemplatesPage /> },
          { path: '/help', element: <HelpPage /> },
          ...Object.entries(SCREEN_PAGES).map(([screen, Page]) => ({
            path: `/${screen}`,
            element: (
              <RequireScreen screen={screen as ScreenKey}>
                <Page />
              </RequireScreen>
            ),
          })),
        ],
      },
      { path: '*', element: <RootRedirect /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
