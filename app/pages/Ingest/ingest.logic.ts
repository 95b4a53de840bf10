/** What the 数据接入 screen shows that is not rendering: a load's tables in a line, its status colour and duration, the create form's check. */
import type { IngestLogEntry, IngestStatus } from '../../../engine/ingest';
import { KEY_NAME_MAX } from '../../../engine/ingest';

export const STATUS_COLOR: Record<IngestStatus, string> = { done: 'green', refused: 'red', repeated: 'gray' };

/** `sales_order 2 · sales_order_item 4` */
export const tablesLine = (tables: IngestLogEntry['tables']) => tables.map((t) => `${t.table} ${t.rows.toLocaleString('zh-CN')}`).join(' · ');

/** 2500 ms → `2.5` (seconds, one decimal) */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** What the create form sends. */
export interface NewKey {
  key_name: string;
  tables: string[];
}

export interface KeyFormErrors {
  name?: 'nameRequired' | 'nameTooLong';
  tables?: 'tablesRequired';
}

/** The create form's mistakes, field by field; none: it may be sent. */
export function keyFormErrors(name: string, tables: readonly string[]): KeyFormErrors {
  const errors: KeyFormErrors = {};
  if (!name.trim()) errors.name = 'nameRequired';
  else if (name.trim().length > KEY_NAME_MAX) errors.name = 'nameTooLong';
  if (!tables.length) errors.tables = 'tablesRequired';
  return errors;
}
