/**
 * SQL text of the document routes, built from a definition (identifiers come only from there and
 * are checked by the schema's identifier patterns); every value is a bound $n parameter collected
 * in `Params`. Pure: the service runs what these return.
 */
import type { ClientType } from '../../engine/wire';
import type { DocumentFile, Lookup } from '../../engine/document/types';
import { DECIMAL_LIMIT, isCalendarDate } from '../../engine/document/rules';

/** The session values row scope reads. */
export interface ScopeSession {
  tenant_id: number;
  client: ClientType;
  org_code: string;
  store_no: string | null;
  supplier_no: string | null;
}

/** Collects bound values; `add` answers the $n placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A looked-up name travels as `<key>_name` beside its code. */
export const lookupName = (key: string) => `${key}_name`;

function lookupJoins(alias: string, columns: { key: string; lookup?: Lookup }[]): { select: string[]; joins: string[] } {
  const select: string[] = [];
  const joins: string[] = [];
  const seen = new Set<string>();
  for (const c of columns) {
    if (!c.lookup || seen.has(c.key)) continue;
    seen.add(c.key);
    const l = `l_${c.key}`;
    joins.push(`LEFT JOIN ${c.lookup.table} ${l} ON ${l}.tenant_id = ${alias}.tenant_id AND ${l}.${c.lookup.key} = ${alias}.${c.key}`);
    select.push(`${l}.${c.lookup.column} AS ${lookupName(c.key)}`);
  }
  return { select, joins };
}

/** Tenant equality plus the client's row scope on the header alias `h`. */
export function scopeWhere(def: DocumentFile, session: ScopeSession, p: Params): string[] {
  const where = [`h.tenant_id = ${p.add(session.tenant_id)}`];
  if (session.client === 'HMT') return where;
  for (const rule of def.scope[session.client] ?? []) {
    // a missing session value must match nothing rather than everything
    where.push(`h.${rule.column} = ${p.add(session[rule.session] ?? '\u0000')}`);
  }
  return where;
}

/** The header with its looked-up names, for the list (`listColumns`) or the detail (every field). */
export function headerSelect(def: DocumentFile, forList: boolean): { select: string; from: string } {
  const fields = forList ? def.list.columns : def.header;
  const keys = new Set([...fields.map((f) => f.key), def.tables.no_column, def.tables.status_column]);
  const look = lookupJoins('h', fields);
  return {
    select: [...[...keys].map((k) => `h.${k}`), ...look.select].join(', '),
    from: [`${def.tables.header} h`, ...look.joins].join(' '),
  };
}

/** The lines of one document in line order, with their looked-up names. */
export function linesQuery(def: DocumentFile, tenantId: number, no: string): { sql: string; params: unknown[] } {
  const p = new Params();
  const t = def.tables;
  const look = lookupJoins('d', def.lines);
  const cols = [`d.${t.line_column}`, ...def.lines.map((c) => `d.${c.key}`), ...look.select].join(', ');
  const sql = `SELECT ${cols} FROM ${t.lines} d ${look.joins.join(' ')}
    WHERE d.tenant_id = ${p.add(tenantId)} AND d.${t.no_column} = ${p.add(no)} ORDER BY d.${t.line_column}`;
  return { sql, params: p.values };
}

export const PAGE_SIZES = [10, 20, 30, 50, 100, 500] as const;
/** Building blocks §5 pagination: a page above 100 is refused. */
export const MAX_PAGE = 100;

export interface ListQuery {
  page_num: number;
  page_size: number;
  order_by?: string;
  filters: Record<string, string>;
}

/** The day after a real date; null after 9999-12-31, which neither database can hold. */
function nextDay(date: string): string | null {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const next = d.toISOString().slice(0, 10);
  return /^\d{4}-/.test(next) ? next : null;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Filter conditions of the list; values the filter cannot use are an error message. */
export function filterWhere(def: DocumentFile, client: ClientType, filters: Record<string, string>, p: Params): string[] | { error: string } {
  const where: string[] = [];
  for (const f of def.filters) {
    if (f.hidden_for?.includes(client)) continue;
    const col = `h.${f.column}`;
    if (f.widget === 'date_range' || f.widget === 'number_range') {
      const start = filters[`${f.id}_start`]?.trim();
      const end = filters[`${f.id}_end`]?.trim();
      if (f.widget === 'date_range') {
        if ((start && !isCalendarDate(start)) || (end && !isCalendarDate(end))) return { error: `${f.label.zh}格式应为yyyy-MM-dd` };
        if (start) where.push(`${col} >= CAST(${p.add(start)} AS TIMESTAMP)`);
        // inclusive end: before the next day's midnight, so DATE and TIMESTAMP columns filter alike;
        // nothing is stored after 9999-12-31, so that end leaves the range open
        const after = end ? nextDay(end) : null;
        if (after) where.push(`${col} < CAST(${p.add(after)} AS TIMESTAMP)`);
      } else {
        for (const [v, op] of [[start, '>='], [end, '<=']] as const) {
          if (!v) continue;
          if (!NUMBER.test(v) || Math.abs(Number(v)) >= DECIMAL_LIMIT) return { error: `${f.label.zh}必须是数字` };
          where.push(`${col} ${op} CAST(${p.add(v)} AS DECIMAL(18,4))`);
        }
      }
      continue;
    }
    const raw = filters[f.id]?.trim();
    if (!raw) continue;
    if (f.maxlength && [...raw].length > f.maxlength) return { error: `${f.label.zh}不能超过${f.maxlength}个字符` };
    if (f.widget === 'text') {
      where.push(f.exact ? `${col} = ${p.add(raw)}` : `${col} LIKE ${p.add(`%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} ESCAPE '\\'`);
    } else {
      // codes of SMALLINT and VARCHAR columns compare as text, so one form serves both
      const values = f.widget === 'select' || f.widget === 'state' ? [raw] : raw.split(',').map((v) => v.trim()).filter(Boolean);
      where.push(`CAST(${col} AS VARCHAR) IN (${values.map((v) => p.add(v)).join(', ')})`);
    }
  }
  return where;
}

/** `column asc|desc` when the column is a sortable list column, else the definition's default. */
export function orderBy(def: DocumentFile, requested: string | undefined): string {
  const m = /^([a-z][a-z0-9_]*) (asc|desc)$/i.exec((requested ?? '').trim());
  const sortable = new Set(def.list.columns.filter((c) => c.sortable).map((c) => c.key));
  const [col, dir] = m && sortable.has(m[1]) ? [m[1], m[2].toLowerCase()] : def.list.default_order_by.split(' ');
  const tie = col === def.tables.no_column ? '' : `, h.${def.tables.no_column} ${dir}`;
  return `h.${col} ${dir}${tie}`;
}
