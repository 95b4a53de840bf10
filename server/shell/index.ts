import type { FastifyInstance } from 'fastify';
import { DocumentTypes } from '../documents/definitions';
import { approvalRoutes } from './approval-routes';
import { complaintRoutes } from './complaint-routes';
import { dashboardRoutes } from './dashboard-routes';
import { dataScreenRoutes } from './data-screen-routes';
import { goodsRoutes } from './goods-routes';
import { menuRoutes } from './menu-routes';
import { messageRoutes } from './message-routes';
import { loadReportLeaves } from './report-leaves';
import { uploadRoutes } from './upload-routes';

/** The shell's API: menu, messages, uploads, complaints, approval records, data screens, dashboard, goods. */
export async function shellRoutes(app: FastifyInstance): Promise<void> {
  // definitions are read once at start; a changed definition needs a restart, like the report engine
  const leaves = loadReportLeaves(undefined, (msg) => app.log.warn(msg));
  await app.register(menuRoutes, { leaves, documents: DocumentTypes.load().leaves() });
  await app.register(dashboardRoutes, { leaves });
  await app.register(messageRoutes);
  await app.register(uploadRoutes, {});
  await app.register(complaintRoutes);
  await app.register(approvalRoutes);
  await app.register(dataScreenRoutes);
  await app.register(goodsRoutes);
}
