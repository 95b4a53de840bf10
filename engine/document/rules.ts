/**
 * The document rules both sides apply (pure): what a client may do in a state, the audit rules of
 * building blocks §4–§5, and the checks of header values and lines before anything is written. The
 * server enforces them; the app uses the same functions to warn before sending.
 */
import { ENUMS, isEnumName } from '../options';
import type { ClientType } from '../wire';
import type { DocumentValue } from './wire';
import type { DocumentAction, DocumentFile, HeaderFieldDef, StateCode, StoredFieldDef } from './types';

/** Audit remark limit (building blocks §9). */
export const AUDIT_REMARK_MAX = 100;

export const AUDIT_MESSAGES = {
  remarkRequired: '请输入审核意见！',
  remarkTooLong: `审核意见不能超过${AUDIT_REMARK_MAX}个字符`,
  badResult: '审核结果无效',
} as const;

export interface RuleError {
  code: string;
  message: string;
}

export function stateOf(def: DocumentFile, code: StateCode) {
  return def.states.find((s) => s.code === code) ?? null;
}

export function stateLabel(def: DocumentFile, code: StateCode): string {
  return stateOf(def, code)?.label.zh ?? code;
}

/** The actions a client may take on a document in this state. */
export function actionsFor(def: DocumentFile, code: StateCode, client: ClientType): DocumentAction[] {
  const state = stateOf(def, code);
  if (!state) return [];
  return [...new Set([...state.actions, ...(state.client_actions?.[client] ?? [])])];
}

/** The message of a refused action: the document's state does not allow it (answered 409). */
export function wrongStateMessage(def: DocumentFile, code: StateCode, action: DocumentAction): string {
  const verbs: Record<DocumentAction, string> = {
    edit: '修改',
    delete: '删除',
    submit: '提交',
    audit: '审核',
    attach: '修改附件',
    lots: '分配批次',
    import: '导入明细',
  };
  return `单据状态为“${stateLabel(def, code)}”，不能${verbs[action]}`;
}

/**
 * The audit results the dialog offers: each result the definition moves somewhere, so a document with
 * a sent-back state can be sent back (under the reject flag the catalogue allows no reject target).
 */
export function auditChoices(def: DocumentFile): ('1' | '2' | '3')[] {
  const to = def.audit?.to;
  return to ? (['1', '2', '3'] as const).filter((r) => to[r] !== undefined) : [];
}

/** Checks an audit form; null when it may be sent (building blocks §5 audit). */
export function auditError(def: DocumentFile, status: string, remark: string | undefined): RuleError | null {
  const choices = auditChoices(def) as string[];
  if (!choices.includes(status)) return { code: 'BAD_AUDIT_RESULT', message: AUDIT_MESSAGES.badResult };
  const text = (remark ?? '').trim();
  if (status === '2' && def.audit?.remark_required && !text) return { code: 'REMARK_REQUIRED', message: AUDIT_MESSAGES.remarkRequired };
  if ([...text].length > AUDIT_REMARK_MAX) return { code: 'REMARK_TOO_LONG', message: AUDIT_MESSAGES.remarkTooLong };
  return null;
}

/** The state an audit result moves the document to. */
export function auditTarget(def: DocumentFile, status: '1' | '2' | '3'): StateCode | null {
  return def.audit?.to[status] ?? null;
}

// ------------------------------------------------------------------ values


const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A day that exists in the calendar, from 0001-01-01 to 9999-12-31 (what both databases store). */
function realDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** 'yyyy-MM-dd' naming a real day (2026-02-30 and 0000-00-00 do not). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  return !!m && realDay(+m[1], +m[2], +m[3]);
}

/** 'yyyy-MM-dd HH:mm[:ss]' (or with T) naming a real day and time of day. */
export function isCalendarDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  return !!m && realDay(+m[1], +m[2], +m[3]) && +m[4] <= 23 && +m[5] <= 59 && +(m[6] ?? 0) <= 59;
}

/** Money and quantities are stored as DECIMAL(18,4): at most 14 digits before the point. */
export const DECIMAL_LIMIT = 1e14;

/** The allowed codes of a fixed enumeration; null when the list is not known here (it lives in the database). */
function enumValues(field: StoredFieldDef): string[] | null {
  return field.source?.kind === 'enum' && isEnumName(field.source.name) ? ENUMS[field.source.name].map((o) => o.value) : null;
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * One value checked and normalised against its field: trimmed text, numbers as numbers, dates as
 * text; null when empty. `where` prefixes the message (e.g. 第2行：).
 */
export function checkValue(field: StoredFieldDef, raw: unknown, where = ''): { value: DocumentValue } | { error: RuleError } {
  const label = field.label.zh;
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (!text) {
    if (field.required) return { error: { code: 'FIELD_REQUIRED', message: `${where}${label}不能为空` } };
    return { value: null };
  }
  switch (field.widget) {
    case 'number': {
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) return { error: { code: 'BAD_NUMBER', message: `${where}${label}必须是数字` } };
      const decimals = field.decimals ?? 0;
      if (decimalsOf(text) > decimals) {
        return { error: { code: 'BAD_NUMBER', message: `${where}${label}最多支持${decimals}位小数` } };
      }
      if (field.min !== undefined && (field.exclusive_min ? n <= field.min : n < field.min)) {
        return { error: { code: 'BAD_NUMBER', message: `${where}${label}必须${field.exclusive_min ? '大于' : '不小于'}${field.min}` } };
      }
      if (field.max !== undefined && n > field.max) return { error: { code: 'BAD_NUMBER', message: `${where}${label}不能大于${field.max}` } };
      if (Math.abs(n) >= DECIMAL_LIMIT) return { error: { code: 'BAD_NUMBER', message: `${where}${label}超出允许范围` } };
      return { value: n };
    }
    case 'date':
      if (!DATE.test(text)) return { error: { code: 'BAD_DATE', message: `${where}${label}格式应为yyyy-MM-dd` } };
      if (!isCalendarDate(text)) return { error: { code: 'BAD_DATE', message: `${where}${label}'${text}'不是有效日期` } };
      return { value: text };
    case 'datetime':
      if (!DATETIME.test(text) && !DATE.test(text)) return { error: { code: 'BAD_DATE', message: `${where}${label}格式应为yyyy-MM-dd HH:mm:ss` } };
      if (!isCalendarDate(text) && !isCalendarDateTime(text)) return { error: { code: 'BAD_DATE', message: `${where}${label}'${text}'不是有效时间` } };
      return { value: DATE.test(text) ? `${text} 00:00:00` : `${text.replace('T', ' ')}${text.length === 16 ? ':00' : ''}` };
    case 'select': {
      const allowed = enumValues(field);
      if (allowed && !allowed.includes(text)) return { error: { code: 'BAD_OPTION', message: `${where}${label}'${text}'不是有效选项` } };
      return { value: text };
    }
    default:
      if (field.maxlength !== undefined && [...text].length > field.maxlength) {
        return { error: { code: 'TOO_LONG', message: `${where}${label}不能超过${field.maxlength}个字符` } };
      }
      return { value: text };
  }
}

/**
 * Header fields a client writes: not read-only, not the state, not fixed by the session for it, and
 * not hidden from it (a hidden field is neither offered nor read back, so writing it would only probe
 * codes, and an edit must not clear what the client cannot see).
 */
export function writableHeaderFields(def: DocumentFile, client: ClientType): HeaderFieldDef[] {
  return def.header.filter(
    (f) =>
      !f.readonly &&
      f.key !== def.tables.no_column &&
      f.key !== def.tables.status_column &&
      !(f.session && f.session.clients.includes(client)) &&
      !f.hidden_for?.includes(client),
  );
}

/** Rounds a product to the 4 decimals money is stored with. */
const round4 = (n: number) => Math.round(n * 10000) / 10000;

/** A computed line column (qty × price) as stored: to four decimals. */
export const lineProduct = (a: number, b: number) => round4(a * b);

export interface CheckedLines {
  rows: Record<string, DocumentValue>[];
}

export const LINE_MESSAGES = {
  noLines: '请至少添加一行商品明细',
} as const;

/**
 * One line checked against the line columns (read-only columns are computed, not taken), with the
 * computed products filled in. `where` names the line in the message (第n行：).
 */
export function checkLine(def: DocumentFile, line: Record<string, unknown>, where: string): { row: Record<string, DocumentValue> } | { error: RuleError } {
  const row: Record<string, DocumentValue> = {};
  for (const col of def.lines) {
    if (col.readonly) continue;
    const checked = checkValue(col, line[col.key], where);
    if ('error' in checked) return checked;
    row[col.key] = checked.value;
  }
  for (const c of def.computed ?? []) {
    const [a, b] = c.multiply.map((k) => row[k]);
    const product = typeof a === 'number' && typeof b === 'number' ? lineProduct(a, b) : null;
    if (product !== null && Math.abs(product) >= DECIMAL_LIMIT) {
      const label = def.lines.find((l) => l.key === c.column)?.label.zh ?? c.column;
      return { error: { code: 'BAD_NUMBER', message: `${where}${label}超出允许范围` } };
    }
    row[c.column] = product;
  }
  return { row };
}

/** Every line checked; the first problem is returned, naming the line (第n行). */
export function checkLines(def: DocumentFile, lines: readonly Record<string, unknown>[]): CheckedLines | { error: RuleError } {
  if (!lines.length) return { error: { code: 'NO_LINES', message: LINE_MESSAGES.noLines } };
  const rows: Record<string, DocumentValue>[] = [];
  for (const [i, line] of lines.entries()) {
    const checked = checkLine(def, line, `第${i + 1}行：`);
    if ('error' in checked) return checked;
    rows.push(checked.row);
  }
  return { rows };
}

// ------------------------------------------------------------------ lots

export const LOT_MESSAGES = {
  required: '分配数量不能为空！',
  decimals: (n: number) => `请输入分配数量，大于0且支持${n}位小数`,
  aboveStock: '分配数量不能大于库存数量！',
  notExact: '分配数量不等于实际领用数量',
  noLots: (name: string) => `商品'${name}'要先入库生成批次，才能操作出库！`,
  unknownLot: (lot: string) => `批次'${lot}'不存在或没有库存`,
  duplicateLot: (lot: string) => `批次'${lot}'重复分配`,
} as const;

/** Building blocks §5: max length 10 of the allocated quantity. */
export const LOT_QTY_MAX_LENGTH = 10;

export interface LotInput {
  lot_no: string | null;
  change_stock_num: number | string | null;
  dorder_item_source?: number;
}

export interface LotRules {
  decimals: number;
  stock_validation: boolean;
  /** lot type of the line and the type that must match the line quantity exactly (13) */
  lot_type: number;
  exact_type: number | null;
  /** quantity of the goods line */
  qty: number;
  sku_name: string;
}

/**
 * Checks an allocation of one goods line against building blocks §5. `stock` holds the lot stock
 * of every lot the goods item has at the document's org (empty: no lots yet).
 */
export function checkAllocation(rules: LotRules, rows: readonly LotInput[], stock: ReadonlyMap<string, number>): RuleError | null {
  if (!stock.size) return { code: 'NO_LOTS', message: LOT_MESSAGES.noLots(rules.sku_name) };
  const pattern = rules.decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${rules.decimals}})?$`) : /^\d+$/;
  const seen = new Set<string>();
  let total = 0;
  for (const row of rows) {
    const text = row.change_stock_num === null || row.change_stock_num === undefined ? '' : String(row.change_stock_num).trim();
    if (!text) return { code: 'LOT_QTY_REQUIRED', message: LOT_MESSAGES.required };
    const n = Number(text);
    if (!pattern.test(text) || text.length > LOT_QTY_MAX_LENGTH || !(n > 0)) {
      return { code: 'LOT_QTY_INVALID', message: LOT_MESSAGES.decimals(rules.decimals) };
    }
    const lot = (row.lot_no ?? '').trim();
    const available = stock.get(lot);
    if (!lot || available === undefined) return { code: 'UNKNOWN_LOT', message: LOT_MESSAGES.unknownLot(lot) };
    if (seen.has(lot)) return { code: 'DUPLICATE_LOT', message: LOT_MESSAGES.duplicateLot(lot) };
    seen.add(lot);
    if (rules.stock_validation && n > available) return { code: 'LOT_ABOVE_STOCK', message: LOT_MESSAGES.aboveStock };
    total += n;
  }
  if (rules.exact_type !== null && rules.lot_type === rules.exact_type && !sameQuantity(total, rules.qty, rules.decimals)) {
    return { code: 'LOT_NOT_EXACT', message: LOT_MESSAGES.notExact };
  }
  return null;
}

/** Two quantities equal at the allocation's decimal places (sums of decimals drift in floating point). */
const sameQuantity = (a: number, b: number, decimals: number) => Math.round(a * 10 ** decimals) === Math.round(b * 10 ** decimals);

export interface LineAllocation {
  sku_name: string;
  qty: number;
  allocated: number;
}

/**
 * Building blocks §5 at submit: a document of the exact lot type (13, issue) goes forward only when
 * every goods line's allocated lots add up to its issued quantity; the first line that does not.
 */
export function exactAllocationError(lines: readonly LineAllocation[], decimals: number): RuleError | null {
  const line = lines.find((l) => !sameQuantity(l.allocated, l.qty, decimals));
  return line ? { code: 'LOT_NOT_EXACT', message: `商品'${line.sku_name}'${LOT_MESSAGES.notExact}` } : null;
}
