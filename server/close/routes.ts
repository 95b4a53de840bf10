/** The 日结记录 screen's API: head office sees its own tenant's close state and its closes, newest first. */
import type { FastifyInstance } from 'fastify';
import { DAY_CLOSE_MENU_ID, type DayCloseView } from '../../engine/day-close';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { closeHealth } from './health';
import { closeLog } from './state';


export async function dayCloseRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/day-close', async (req) => {
    const session = req.session!;
    if (session.client !== 'HMT' || !session.permissions.has(DAY_CLOSE_MENU_ID)) {
      throw new HttpError(403, 'FORBIDDEN', '无权查看日结记录');
    }
    const [state] = await closeHealth(app.db, session.tenant_id);
    const view: DayCloseView = { state: state ?? null, list: await closeLog(app.db, session.tenant_id) };
    return ok(view);
  });
}
