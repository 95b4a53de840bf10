/** The business clock as a tenant reads it: its own time zone's today. */
import { DEFAULT_TIME_ZONE } from '../engine/dates';
import { today } from './clock';
import type { Db } from './db/types';

/** The tenant's time zone for "today" and "yesterday" (Asia/Shanghai unless set). */
export async function tenantTimeZone(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM tenant WHERE tenant_id = $1', [tenantId]);
  const zone = row?.time_zone || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The tenant's business today ('YYYY-MM-DD'). */
export async function tenantToday(db: Db, tenantId: number): Promise<string> {
  return today(await tenantTimeZone(db, tenantId));
}
