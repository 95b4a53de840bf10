/** The daily close as /api/health and the 日结记录 screen tell it: per tenant, how far it is closed and how the last close went. */
import { daysBetween } from '../../engine/dates/calendar';
import { DEFAULT_TIME_ZONE } from '../../engine/dates';
import { today } from '../clock';
import type { CloseStatus, TenantCloseHealth } from '../../engine/day-close';
import type { Db } from '../db/types';

function todayIn(zone: string | null): string {
  try {
    return today(zone || DEFAULT_TIME_ZONE);
  } catch {
    return today();
  }
}

/** Every tenant of one database with a close state; `tenantId` narrows it to one. */
export async function closeHealth(db: Db, tenantId?: number): Promise<TenantCloseHealth[]> {
  const rows = await db.query<{
    tenant_id: number; time_zone: string | null; closed_through: string | null;
    biz_date: string | null; status: string | null; duration_ms: number | null; rows_archived: number | null; rows_daily: number | null; message: string | null;
  }>(
    `SELECT d.tenant_id, t.time_zone, d.closed_through, l.biz_date, l.status, l.duration_ms, l.rows_archived, l.rows_daily, l.message
       FROM day_close d
       LEFT JOIN tenant t ON t.tenant_id = d.tenant_id
       LEFT JOIN day_close_log l ON l.tenant_id = d.tenant_id
        AND l.biz_date = (SELECT MAX(x.biz_date) FROM day_close_log x WHERE x.tenant_id = d.tenant_id)
      ${tenantId === undefined ? '' : 'WHERE d.tenant_id = $1'}
      ORDER BY d.tenant_id`,
    tenantId === undefined ? [] : [tenantId],
  );
  return rows.map((r) => ({
    tenant_id: Number(r.tenant_id),
    closed_through: r.closed_through,
    behind_days: r.closed_through ? Math.max(0, daysBetween(r.closed_through, todayIn(r.time_zone)) - 1) : null,
    last: r.biz_date
      ? { biz_date: r.biz_date, status: r.status as CloseStatus, duration_ms: r.duration_ms === null ? null : Number(r.duration_ms),
          rows_archived: r.rows_archived === null ? null : Number(r.rows_archived), rows_daily: r.rows_daily === null ? null : Number(r.rows_daily), message: r.message }
      : null,
  }));
}
