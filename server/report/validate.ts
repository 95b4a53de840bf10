/**
 * Validates a report query body against its definition before anything is compiled. Unknown
 * filters, operators, chips, indicators or sort columns and malformed values → 400; a missing
 * required date → 422 请选择日期. Every error is an HttpError, so the client gets the envelope.
 */
import { coerceRange, DATE_OUT_OF_LIMIT, formatDate, rangeAllowed } from '../../engine/dates';
import type { DatasetIndex } from '../../engine/definition/dataset-index';
import type { FilterDef, ReportFile, ValueType } from '../../engine/definition/types';
import { MAX_PAGE, OPERATORS, PAGE_SIZES, type ClientType, type FilterWidget } from '../../engine/wire';
import { HttpError, badRequest } from '../http/errors';
import type { ValidFilter, ValidQuery, ValidRange } from './types';

export const DATE_REQUIRED_MESSAGE = '请选择日期';

/** Operators a widget takes when its definition does not list them; the first is the default. */
export const WIDGET_OPERATORS: Record<FilterWidget, number[]> = {
  date_range: [],
  select: [OPERATORS.eq, OPERATORS.in],
  multi_select: [OPERATORS.in, OPERATORS.eq],
  number_range: [OPERATORS.ge, OPERATORS.le, OPERATORS.gt, OPERATORS.lt, OPERATORS.eq],
  text: [OPERATORS.contains, OPERATORS.eq],
  picker: [OPERATORS.in, OPERATORS.eq],
  cascader: [OPERATORS.in, OPERATORS.eq],
};

export function filterOperators(f: FilterDef): number[] {
  return f.operators ?? WIDGET_OPERATORS[f.widget];
}

/** Text inputs take 35 characters (catalogue legend TXT); codes of other widgets up to 100. */
const TEXT_MAX = 35;
const CODE_MAX = 100;
const MAX_VALUES = 1000;
const SINGLE_VALUE_OPERATORS: ReadonlySet<number> = new Set([
  OPERATORS.lt,
  OPERATORS.le,
  OPERATORS.gt,
  OPERATORS.ge,
  OPERATORS.contains,
]);

type Body = Record<string, unknown>;

function toInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function list(v: unknown, what: string): string[] | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(String).map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'string' || typeof v === 'number') return String(v).split(',').map((s) => s.trim()).filter(Boolean);
  throw badRequest('BAD_REQUEST', `${what}格式错误`);
}

function valueTypeOf(f: FilterDef, index: DatasetIndex): ValueType {
  const t = f.target;
  if ('dimension' in t) return index.dimensions.get(t.dimension)!.value_type;
  if ('field' in t) return index.fields.get(t.field)!.value_type;
  return 'number';
}

function validValue(v: string, type: ValueType, max: number): boolean {
  switch (type) {
    case 'int':
      return /^-?\d{1,18}$/.test(v);
    case 'number':
      // DECIMAL(18,4): at most 14 integer digits
      return /^-?\d{1,14}(\.\d{1,6})?$/.test(v);
    case 'date':
      return formatDate(v, 'day') === v;
    case 'datetime':
      return formatDate(v, 'datetime') === v;
    default:
      return v.length <= max;
  }
}

function parseWhereList(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('INVALID_WHERE_LIST', '筛选条件格式错误');
    }
  }
  if (!Array.isArray(value)) throw badRequest('INVALID_WHERE_LIST', '筛选条件格式错误');
  return value;
}

function validateFilters(raw: unknown, report: ReportFile, index: DatasetIndex, client: ClientType): ValidFilter[] {
  const out: ValidFilter[] = [];
  for (const item of parseWhereList(raw)) {
    if (!item || typeof item !== 'object') throw badRequest('INVALID_WHERE_LIST', '筛选条件格式错误');
    const { where_id, operator_id, operation_value } = item as Record<string, unknown>;
    const id = typeof where_id === 'string' || typeof where_id === 'number' ? String(where_id) : '';
    const filter = report.filters.find((f) => f.id === id && !(f.hidden_for ?? []).includes(client));
    if (!filter) throw badRequest('UNKNOWN_FILTER', `未知的筛选条件：${id || '(空)'}`);
    const operator = toInt(operator_id);
    if (operator === null || !filterOperators(filter).includes(operator)) {
      throw badRequest('INVALID_OPERATOR', `筛选条件“${filter.label.zh}”不支持运算符${String(operator_id)}`);
    }
    const rawValues = Array.isArray(operation_value) ? operation_value : operation_value === undefined || operation_value === null ? [] : [operation_value];
    if (rawValues.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
      throw badRequest('INVALID_FILTER_VALUE', `筛选条件“${filter.label.zh}”的值无效`);
    }
    const values = rawValues.map((v) => String(v).trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    const type = valueTypeOf(filter, index);
    const max = filter.maxlength ?? (filter.widget === 'text' ? TEXT_MAX : CODE_MAX);
    const tooMany = values.length > MAX_VALUES || (SINGLE_VALUE_OPERATORS.has(operator) && values.length > 1);
    if (tooMany || !values.every((v) => validValue(v, type, max))) {
      throw badRequest('INVALID_FILTER_VALUE', `筛选条件“${filter.label.zh}”的值无效`);
    }
    out.push({ filter, operator, values });
  }
  return out;
}

const startKey = (i: number) => (i === 1 ? 'date_start' : `date_start_${i}`);
const endKey = (i: number) => (i === 1 ? 'date_end' : `end_${i}`);

/**
 * Each configured range in its granularity, normalised to days ('YYYY-MM-DD'; a month becomes its
 * first and last day) or datetimes. `required` lists the range indexes that must be given.
 */
function validateDates(body: Body, report: ReportFile, opts: ValidateOptions): ValidRange[] {
  const required = opts.requiredRanges ?? new Set<number>();
  const missing: number[] = [];
  const out = report.dates.map<ValidRange>((d) => {
    const texts = [body[startKey(d.index)], body[endKey(d.index)]].map((v) => (typeof v === 'string' ? v.trim() : v));
    const given = texts.map((v) => v !== undefined && v !== null && v !== '');
    if (texts.some((v, i) => given[i] && typeof v !== 'string')) throw badRequest('INVALID_DATE', '日期格式错误');
    const datetime = d.granularity === 'datetime';
    const shape = datetime ? 'datetime' : 'day';
    const [start, end] = texts.map((v, i) => {
      if (!given[i]) return null;
      // a day, month or datetime text is accepted and widened to the range's unit
      const coerced = coerceRange([v as string, v as string], shape)[i];
      if (!coerced) throw badRequest('INVALID_DATE', '日期格式错误');
      return coerced;
    });
    if (start && end && start > end) throw badRequest('INVALID_DATE_RANGE', '开始日期不能晚于结束日期');
    if ((required.has(d.index) || d.required) && (!start || !end)) missing.push(d.index);
    // the picker disables these days; a request that sends them anyway is refused, not narrowed silently
    if (opts.today && !rangeAllowed(start, end, d.granularity, d.restriction, opts.today, !!opts.isHistory)) {
      throw new HttpError(422, DATE_OUT_OF_LIMIT.code, DATE_OUT_OF_LIMIT.zh);
    }
    return { index: d.index, start, end, datetime };
  });
  if (missing.length) throw new HttpError(422, 'DATE_REQUIRED', DATE_REQUIRED_MESSAGE);
  return out;
}

export interface ValidateOptions {
  client: ClientType;
  /** ranges required by the page this id is shown on (rule C3), besides the report's own */
  requiredRanges?: ReadonlySet<number>;
  /** the tenant's today: with it, ranges are checked against their restriction (rule 338) */
  today?: string;
  /** the history tab ("1") of a three-month report */
  isHistory?: boolean;
}

function asBody(body: unknown): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('BAD_REQUEST', '请求参数错误');
  return body as Body;
}

/** The page a query body asks for (`page_num`, `page_size`). */
export function validatePage(report: ReportFile, body: unknown): { pageNum: number; pageSize: number } {
  const b = asBody(body);
  const pageNum = b.page_num === undefined ? 1 : toInt(b.page_num);
  if (pageNum === null || pageNum < 1 || pageNum > MAX_PAGE) throw badRequest('INVALID_PAGE', `页码需在1到${MAX_PAGE}之间`);
  const pageSize = b.page_size === undefined ? (report.page_size ?? 50) : toInt(b.page_size);
  if (pageSize === null || !(PAGE_SIZES as readonly number[]).includes(pageSize)) {
    throw badRequest('INVALID_PAGE_SIZE', `每页条数只能是${PAGE_SIZES.join('、')}`);
  }
  return { pageNum, pageSize };
}

export function validateQuery(report: ReportFile, index: DatasetIndex, body: unknown, opts: ValidateOptions): ValidQuery {
  const b = asBody(body);
  const { pageNum, pageSize } = validatePage(report, b);

  const chipIds = report.chips.map((c) => c.dimension);
  const asked = list(b.dimensionIds, '汇总维度');
  for (const id of asked ?? []) if (!chipIds.includes(id)) throw badRequest('UNKNOWN_DIMENSION', `未知的汇总维度：${id}`);
  const dimensions = report.chips
    .filter((c) => c.forced || (asked ? asked.includes(c.dimension) : c.active))
    .map((c) => c.dimension);

  const indicatorIds = report.indicators.map((i) => i.measure);
  const wanted = list(b.indexIds, '指标');
  for (const id of wanted ?? []) if (!indicatorIds.includes(id)) throw badRequest('UNKNOWN_INDEX', `未知的指标：${id}`);
  const indicators = wanted?.length ? indicatorIds.filter((id) => wanted.includes(id)) : indicatorIds;

  let orderBy: ValidQuery['orderBy'] = null;
  if (b.order_by !== undefined && b.order_by !== null && b.order_by !== '') {
    if (!report.sortable) throw badRequest('SORT_NOT_ALLOWED', '该报表不支持排序');
    const m = typeof b.order_by === 'string' ? /^\s*([a-z][a-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(b.order_by) : null;
    const outputs = [...dimensions.flatMap((d) => index.dimensions.get(d)!.columns.map((c) => c.value)), ...indicators];
    if (!m || !outputs.includes(m[1])) throw badRequest('UNKNOWN_SORT_COLUMN', `不能按该列排序：${String(b.order_by)}`);
    orderBy = { column: m[1], desc: (m[2] ?? 'asc').toLowerCase() === 'desc' };
  }

  const filters = validateFilters(b.whereList, report, index, opts.client);
  const dates = validateDates(b, report, opts);
  // an empty org_code means "all related orgs", like an absent one
  const askedOrgs = report.org_restricted ? list(b.org_code, '组织') : null;
  const orgCodes = askedOrgs?.length ? askedOrgs : null;
  return { pageNum, pageSize, dimensions, indicators, orderBy, filters, dates, orgCodes };
}
