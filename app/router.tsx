/**
 * Route table. Add a page inside the authenticated layout's `children`; public pages go beside Login.
 * Paths shared with other modules live in paths.ts.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DashboardPage } from './pages/Dashboard/DashboardPage';
import { DataScreenPage } from './pages/DataScreen/DataScreenPage';
import { DataSwiperPage } from './pages/DataSwiper/DataSwiperPage';
import { DocumentDetailPage } from './pages/Documents/DocumentDetailPage';
import { DocumentListPage } from './pages/Documents/DocumentListPage';
import { ForcePasswordPage } from './pages/ForcePassword/ForcePasswordPage';
import { GoodsDetailPage } from './pages/GoodsDetail/GoodsDetailPage';
import { LoginPage } from './pages/Login/LoginPage';
import { MenuNavPage } from './pages/MenuNav/MenuNavPage';
import { NotFoundPage } from './pages/NotFound/NotFoundPage';
import { SystemImportLogPage } from './pages/SystemImportLog/SystemImportLogPage';
import { UserPage } from './pages/User/UserPage';
import { PATHS } from './paths';
import { SummaryReportPage } from './report/SummaryReportPage';
import { AppLayout } from './shell/AppLayout';
import { RequireSession } from './shell/RequireSession';

export const routes: RouteObject[] = [
  // the spec's named route "Login" (target after logout)
  { id: 'Login', path: PATHS.login, element: <LoginPage /> },
  {
    element: <RequireSession />,
    children: [
      // full-screen, outside the layout
      { path: PATHS.forcePassword, element: <ForcePasswordPage /> },
      { path: PATHS.dataScreen, element: <DataScreenPage /> },
      // the special tenant's rotating screen (rule 27); the page sends everyone else home
      { path: PATHS.dataSwiper, element: <DataSwiperPage /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={PATHS.dashboard} replace /> },
          { path: PATHS.dashboard, element: <DashboardPage /> },
          { path: '/report/:tableId', element: <SummaryReportPage /> },
          { path: PATHS.user, element: <UserPage /> },
          { path: PATHS.menuNav, element: <MenuNavPage /> },
          { path: PATHS.storeGoods, element: <GoodsDetailPage /> },
          { path: PATHS.goods, element: <GoodsDetailPage /> },
          { path: PATHS.jobs, element: <SystemImportLogPage /> },
          { path: '/documents/:type', element: <DocumentListPage /> },
          { path: '/documents/:type/:no', element: <DocumentDetailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
