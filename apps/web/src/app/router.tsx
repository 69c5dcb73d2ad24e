import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { useToken } from '../features/auth/use-token';
import { loadFeatureTexts } from '../i18n';
import { FullPageLoader } from '../layout/full-page-state';
import { expiredLoginPath, loginPath } from '../layout/login-path';
import type { ScreenKey } from '../layout/screens';
import { RouteError } from './route-error';

/**
 * The data layer's chunk (query cache, zod-checked API client, session guards) with the feature texts:
 * every route needs it except an anonymous visitor's login page and the redirect to it, which stay
 * small (issue 7: the login loads at most 150 KB of JavaScript).
 */
const loadDataLayer = async () => (await Promise.all([import('./data-layer'), loadFeatureTexts()]))[0];
const DataLayer = lazy(async () => ({ default: (await loadDataLayer()).DataLayer }));
const RequireAuth = lazy(async () => ({ default: (await loadDataLayer()).RequireAuth }));
const RequireScreen = lazy(async () => ({ default: (await loadDataLayer()).RequireScreen }));
const RedirectIfAuthenticated = lazy(async () => ({
  default: (await loadDataLayer()).RedirectIfAuthenticated,
}));
const RootRedirect = lazy(async () => ({ default: (await loadDataLayer()).RootRedirect }));

// One chunk per screen (React.lazy needs a default export; the modules use named ones), except the
// login: the first screen of most visits is part of the entry (one file, no chunk overhead; its form
// components are the app's anyway).
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

/** /login: a visitor gets the form at once; with a stored session the data layer decides (home or form). */
function LoginRoute() {
  const token = useToken();
  if (!token) return <LoginPage />;
  return page(
    <DataLayer>
      <RedirectIfAuthenticated>
        <LoginPage />
      </RedirectIfAuthenticated>
    </DataLayer>,
  );
}

/** `/` and unknown paths: a visitor goes straight to /login, a session to its home route. */
function RootRoute() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={loginPath(location.search)} replace />;
  return page(
    <DataLayer>
      <RootRedirect />
    </DataLayer>,
  );
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRoute /> },
      { path: '/login', element: <LoginRoute /> },
      {
        element: page(<DataLayer />),
        children: [
          { path: '/register', element: page(<RegisterPage />) },
          { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
          { path: '/application/reset-password', element: page(<ResetPasswordPage />) },
          // The customer application's quote request (public; 'New project' opens it by default).
          { path: '/request', element: page(<CustomerRequestPage />) },
          // The customer's view of an offer, by the signed link the installer sends (public).
          { path: '/customer-view', element: page(<CustomerViewPage />) },
          {
            element: page(<RequireAuth>{page(<AppShell />)}</RequireAuth>),
            errorElement: <RouteError requiresSession />,
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
        ],
      },
      { path: '*', element: <RootRoute /> },
    ],
  },
];

let appRouter: ReturnType<typeof createBrowserRouter> | null = null;

/** The app's router (one per page load). */
export function createRouter() {
  appRouter = createBrowserRouter(routes);
  return appRouter;
}

/**
 * Opens /login from outside React (when the session ends). With `expired` the login page says the session
 * expired and returns to the current page afterwards. Nothing to do on the login page itself.
 */
export function navigateToLogin(options: { expired?: boolean } = {}): Promise<void> {
  if (!appRouter) return Promise.resolve();
  const location = appRouter.state.location;
  if (location.pathname === '/login') return Promise.resolve();
  const to = options.expired ? expiredLoginPath(location) : '/login';
  return appRouter.navigate(to, { replace: true }).catch(() => undefined);
}
