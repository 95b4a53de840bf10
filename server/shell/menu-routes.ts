import type { FastifyInstance } from 'fastify';
import type { MenuResponse } from '../../engine/shell';
import { ok } from '../http/envelope';
import { buildMenu, type DocumentLeaf } from './menu.logic';
import type { ReportLeaf } from './report-leaves';

/** GET /api/menu: the menu tree this session may see (rules 32–33). */
export async function menuRoutes(app: FastifyInstance, { leaves, documents }: { leaves: ReportLeaf[]; documents: DocumentLeaf[] }): Promise<void> {
  app.get('/api/menu', async (req) => {
    const session = req.session!;
    // the menu table may hide a group or a leaf per client (rule 32: "and it is not hidden")
    const rows = await app.db.query<{ menu_id: string }>(
      'SELECT menu_id FROM menu WHERE client_type = $1 AND hidden = 1',
      [session.client],
    );
    const hidden = new Set(rows.map((r) => r.menu_id));
    const body: MenuResponse = {
      list: buildMenu(leaves, { client: session.client, permissions: session.permissions, is_special_tenant: session.is_special_tenant }, hidden, documents),
    };
    return ok(body);
  });
}
