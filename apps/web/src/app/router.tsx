import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { useToken } from '../features/auth/use-token';
import { loadFeatureTexts } from '../i18n';
import { FullPageLoader } from '../layout/full-page-state';
import { expiredLoginPath, loginPath } from '../layout/login-path';
import type { ScreenKey } from '../layout/screens';
import { type Preloadable, preloadable } from '../lib/preloadable';
import { RouteError } from './route-error';

/**
 * The data layer's chunk (query cache, zod-checked API client, session guards) with the feature texts:
 * every route needs it except an anonymous visitor's login page and the redirect to it, which stay
 * small (issue 7: the login loads at most 150 KB of JavaScript).
 */
const loadDataLayer = async () => (await Promise.all([import('./data-layer'), loadFeatureTexts()]))[0];
const DataLayer = preloadable(loadDataLayer, (m) => m.DataLayer);
const RequireAuth = preloadable(loadDataLayer, (m) => m.RequireAuth);
const RequireScreen = preloadable(loadDataLayer, (m) => m.RequireScreen);
const RedirectIfAuthenticated = preloadable(loadDataLayer, (m) => m.RedirectIfAuthenticated);
const RootRedirect = preloadable(loadDataLayer, (m) => m.RootRedirect);

// One chunk per screen, except the login: the first screen of most visits is part of the entry (one
// file, no chunk overhead; its form components are the app's anyway).
const RegisterPage = preloadable(
  () => import('../features/auth/register-page'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = preloadable(
  () => import('../features/auth/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = preloadable(
  () => import('../features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
/** The frame around every screen behind the login (menu, header, footer). */
const AppShell = preloadable(
  () => import('../layout/app-shell'),
  (m) => m.AppShell,
);
/** The project and task board: one screen for both routes, the board chosen by the path. */
const BoardPage = preloadable(
  () => import('../features/board/board-page'),
  (m) => m.BoardPage,
);

/** The page of each screen behind the login, by its path. */
const SIGNED_IN_PAGES = {
  profile: preloadable(
    () => import('../features/profile/profile-page'),
    (m) => m.ProfilePage,
  ),
  templates: preloadable(
    () => import('../features/templates/templates-page'),
    (m) => m.TemplatesPage,
  ),
  help: preloadable(
    () => import('../features/help/help-page'),
    (m) => m.HelpPage,
  ),
  'checkout/test': preloadable(
    () => import('../features/plans/test-checkout-page'),
    (m) => m.TestCheckoutPage,
  ),
} satisfies Record<string, Preloadable<object>>;

/** The page of each built screen of the menu (SPEC §6), behind its RequireScreen guard. */
const SCREEN_PAGES = {
  dashboard: preloadable(
    () => import('../features/dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  listing: preloadable(
    () => import('../features/listing/listing-page'),
    (m) => m.ListingPage,
  ),
  mapview: preloadable(
    () => import('../features/map/map-page'),
    (m) => m.MapPage,
  ),
  overview: preloadable(
    () => import('../features/overview/overview-page'),
    (m) => m.OverviewPage,
  ),
  data: preloadable(
    () => import('../features/planning-data/planning-data-page'),
    (m) => m.PlanningDataPage,
  ),
  product: preloadable(
    () => import('../features/products/product-page'),
    (m) => m.ProductPage,
  ),
  projectview: preloadable(
    () => import('../features/project-view/project-view-page'),
    (m) => m.ProjectViewPage,
  ),
  '3D': preloadable(
    () => import('../features/viewer/viewer-page'),
    (m) => m.ViewerPage,
  ),
  projects: BoardPage,
  tasks: BoardPage,
} satisfies Partial<Record<ScreenKey, Preloadable<object>>>;

const CustomerViewPage = preloadable(
  () => import('../features/customer-view/customer-view-page'),
  (m) => m.CustomerViewPage,
);
const CustomerRequestPage = preloadable(
  () => import('../features/customer/customer-request-page'),
  (m) => m.CustomerRequestPage,
);

/** The page behind the login at `pathname`, if it is one. */
function signedInPage(pathname: string): Preloadable<object> | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (Object.hasOwn(SCREEN_PAGES, path)) return SCREEN_PAGES[path as keyof typeof SCREEN_PAGES];
  if (Object.hasOwn(SIGNED_IN_PAGES, path)) return SIGNED_IN_PAGES[path as keyof typeof SIGNED_IN_PAGES];
  return undefined;
}

/**
 * Loads, all at once, the chunks the first render of a page opened with a stored session needs: the data
 * layer with its texts, and on a page behind the login the app shell and the page's own chunk. Rendered
 * in turn, each part would only ask for the next once it had arrived and rendered (four round trips,
 * each behind the one before and React's 300 ms between reveals, ahead of the page's first request for
 * data). Resolves when all have arrived or failed (a failure shows when the part renders).
 */
export async function preloadSignedIn(pathname: string): Promise<void> {
  const screen = signedInPage(pathname);
  const parts = [DataLayer.preload(), ...(screen ? [AppShell.preload(), screen.preload()] : [])];
  await Promise.allSettled(parts);
}

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
              ...Object.entries(SIGNED_IN_PAGES).map(([path, Page]) => ({
                path: `/${path}`,
                element: <Page />,
              })),
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
