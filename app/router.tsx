/**
 * Route table. Add a page inside the authenticated layout's `children`; public pages go beside Login.
 * Paths shared with other modules live in paths.ts.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DashboardPage } from './pages/Dashboard/DashboardPage';
import { LoginPage } from './pages/Login/LoginPage';
import { NotFoundPage } from './pages/NotFound/NotFoundPage';
import { PlaceholderPage } from './pages/Placeholder/PlaceholderPage';
import { PATHS } from './paths';
import { AppLayout } from './shell/AppLayout';
import { RequireSession } from './shell/RequireSession';

export const routes: RouteObject[] = [
  // the spec's named route "Login" (target after logout)
  { id: 'Login', path: PATHS.login, element: <LoginPage /> },
  {
    element: <RequireSession />,
    children: [
      // full-screen, outside the layout; built by the password feature
      { path: PATHS.forcePassword, element: <PlaceholderPage /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
          { path: PATHS.dashboard, element: <DashboardPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
