export { closeDay, closeDueDays, closeTenant, type CloseOptions, type CloseStep, type TenantCloseResult } from './close';
export { ARCHIVE_FAMILIES, rotateArchives } from './archives';
export { buildPaymentDaily } from './payment-daily';
export { recordClosedThrough } from './state';
export { closeHealth } from './health';
export { dayCloseRoutes } from './routes';
export { startDailyClose } from './scheduler';
