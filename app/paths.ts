/**
 * Route paths used across the app. `login` is the spec's named route "Login" (the target after logout).
 * Kept apart from router.tsx so any module can link to a route without importing every page.
 */
export const PATHS = {
  login: '/login',
  dashboard: '/dashboard',
  forcePassword: '/force-password',
  user: '/user',
} as const;
