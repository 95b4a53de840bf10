/** What the 数据接入 screen shows that is not rendering: a load's tables in a line, its status colour, the create form's check. */
import type { IngestLogEntry, IngestStatus } from '../../../engine/ingest';
import { KEY_NAME_MAX } from '../../../engine/ingest';

export const STATUS_COLOR: Record<IngestStatus, string> = { done: 'green', refused: 'red', repeated: 'gray' };

/** `sales_order 2 · sales_order_item 4` */
export const tablesLine = (tables: IngestLogEntry['tables']) => tables.map((t) => `${t.table} ${t.rows.toLocaleString('zh-CN')}`).join(' · ');

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
