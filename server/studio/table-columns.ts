/** The columns of the database's tables and views, as the studio's column check reads them (engine/studio/columns). */
import type { TableColumns } from '../../engine/studio/columns';
import type { Db } from '../db/types';

export async function tableColumns(db: Db): Promise<TableColumns> {
  const rows = await db.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    const table = String(r.table_name).toLowerCase();
    if (!out.has(table)) out.set(table, new Set());
    out.get(table)!.add(String(r.column_name).toLowerCase());
  }
  return out;
}
