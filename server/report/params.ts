/**
 * Bound parameters of one statement. Every value reaches SQL as `CAST($n AS type)`: DuckDB does not
 * cast bound values implicitly, and PostgreSQL then knows each parameter's type. The same key
 * binds once and is reused.
 */
export type ParamType = 'BIGINT' | 'VARCHAR' | 'DECIMAL(18,4)' | 'DATE' | 'TIMESTAMP';

export class Params {
  readonly values: unknown[] = [];
  private slots = new Map<string, number>();

  /** SQL for a value; `key` identifies it for reuse (omit for a one-off value). */
  bind(value: unknown, type: ParamType, key?: string): string {
    const slotKey = key === undefined ? undefined : `${key}:${type}`;
    let n = slotKey === undefined ? undefined : this.slots.get(slotKey);
    if (n === undefined) {
      this.values.push(value);
      n = this.values.length;
      if (slotKey !== undefined) this.slots.set(slotKey, n);
    }
    return `CAST($${n} AS ${type})`;
  }
}
