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
          { path: PATHS.dashboard, lazy: page(() => import('./pages/Dashboard/DashboardPage'), 'DashboardPage') },
          { path: '/report/:tableId', lazy: page(() => import('./report/SummaryReportPage'), 'SummaryReportPage') },
          { path: PATHS.user, lazy: page(() => import('./pages/User/UserPage'), 'UserPage') },
          { path: PATHS.menuNav, lazy: page(() => import('./pages/MenuNav/MenuNavPage'), 'MenuNavPage') },
          { path: PATHS.storeGoods, lazy: page(() => import('./pages/GoodsDetail/GoodsDetailPage'), 'GoodsDetailPage') },
          { path: PATHS.goods, lazy: page(() => import('./pages/GoodsDetail/GoodsDetailPage'), 'GoodsDetailPage') },
          { path: PATHS.jobs, lazy: page(() => import('./pages/SystemImportLog/SystemImportLogPage'), 'SystemImportLogPage') },
          { path: PATHS.dayClose, lazy: page(() => import('./pages/DayClose/DayClosePage'), 'DayClosePage') },
          { path: PATHS.ingest, lazy: page(() => import('./pages/Ingest/IngestPage'), 'IngestPage') },
          { path: PATHS.printStyles, lazy: page(() => import('./pages/PrintStyles/PrintStylesPage'), 'PrintStylesPage') },
          // the editor and its form library load only when the studio is opened
          { path: PATHS.studio, lazy: page(() => import('./pages/Studio/StudioPage'), 'StudioPage') },
          { path: '/documents/:type', lazy: page(() => import('./pages/Documents/DocumentListPage'), 'DocumentListPage') },
          { path: '/documents/:type/:no', lazy: page(() => import('./pages/Documents/DocumentDetailPage'), 'DocumentDetailPage') },
          { path: '*', lazy: page(() => import('./pages/NotFound/NotFoundPage'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
