/**
 * Route table. Add a page inside the authenticated layout's `children`; public pages go beside Login.
 * Paths shared with other modules live in paths.ts.
 *
 * Every page but Login is a lazy route (`page(() => import(…), 'Name')`): the sign-in screen then loads
 * only its own code, and each page's chunk is fetched when it is first visited.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from './pages/Login/LoginPage';
import { PATHS } from './paths';
import { RequireSession } from './shell/RequireSession';
import { page } from './lazy-page';

export const routes: RouteObject[] = [
  // the spec's named route "Login" (target after logout)
  { id: 'Login', path: PATHS.login, element: <LoginPage /> },
  {
    element: <RequireSession />,
    children: [
      // full-screen, outside the layout
      { path: PATHS.forcePassword, lazy: page(() => import('./pages/ForcePassword/ForcePasswordPage'), 'ForcePasswordPage') },
      { path: PATHS.dataScreen, lazy: page(() => import('./pages/DataScreen/DataScreenPage'), 'DataScreenPage') },
      // the special tenant's rotating screen (rule 27); the page sends everyone else home
      { path: PATHS.dataSwiper, lazy: page(() => import('./pages/DataSwiper/DataSwiperPage'), 'DataSwiperPage') },
      {
        lazy: page(() => import('./shell/AppLayout'), 'AppLayout'),
        children: [
          { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
