/** The daily close as the 日结记录 screen receives it (GET /api/day-close); the server's health answer shares the shapes. */

/** The screen's menu and permission id (head office only) and its route. */
export const DAY_CLOSE_MENU_ID = 'j-system-dayclose';
export const DAY_CLOSE_PATH = '/j-system-dayclose';

export type CloseStatus = 'running' | 'done' | 'failed';

/** One business day's close of a tenant. */
export interface CloseLogEntry {
  tenant_id: number;
  biz_date: string;
  instance_id: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  rows_archived: number | null;
  rows_daily: number | null;
  status: CloseStatus;
  message: string | null;
  attempts: number;
}

export interface TenantCloseHealth {
  tenant_id: number;
  closed_through: string | null;
  /** days ended but not closed yet (0 when up to date) */
  behind_days: number | null;
  last: Pick<CloseLogEntry, 'biz_date' | 'status' | 'duration_ms' | 'rows_archived' | 'rows_daily' | 'message'> | null;
}

export interface DayCloseView {
  state: TenantCloseHealth | null;
  list: CloseLogEntry[];
}
