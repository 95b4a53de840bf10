import { Navigate, Outlet, useLocation } from 'react-router';
import { useStoredAuth } from '../api';
import { PATHS } from '../paths';

/** Layout route guard: without a stored session go to Login, remembering where the user wanted to go. */
export function RequireSession() {
  const auth = useStoredAuth();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={PATHS.login} replace state={{ from }} />;
  }
  return <Outlet />;
}
