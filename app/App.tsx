import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { onUnauthorized, queryClient } from './api';
import { PATHS } from './paths';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);

  // a 401 anywhere (session expired, signed out elsewhere): forget cached data and show Login
  useEffect(() => {
    const previous = onUnauthorized(() => {
      queryClient.clear();
      const { pathname, search } = router.state.location;
      if (pathname !== PATHS.login) void router.navigate(PATHS.login, { replace: true, state: { from: pathname + search } });
    });
    return () => {
      onUnauthorized(previous);
    };
  }, [router]);

  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
