import { DAY_CLOSE_PATH } from '../engine/day-close';
import { INGEST_PATH } from '../engine/ingest';

/**
 * Route paths used across the app. `login` is the spec's named route "Login" (the target after logout).
 * Kept apart from router.tsx so any module can link to a route without importing every page.
 */
export const PATHS = {
  login: '/login',
  dashboard: '/dashboard',
  forcePassword: '/force-password',
  user: '/user',
  menuNav: '/menu-nav',
  storeGoods: '/c-headquarters-detail',
  goods: '/c-sku-detail',
  jobs: '/j-system-leadingin',
  dayClose: DAY_CLOSE_PATH,
  ingest: INGEST_PATH,
  dataScreen: '/data-screen',
  dataSwiper: '/data-swiper',
  printStyles: '/print-styles',
  studio: '/studio',
} as const;
