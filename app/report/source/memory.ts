/**
 * The in-memory report source (stories and component tests): the fixture configs, and the fixture facts
 * filtered, grouped, sorted and paged like the server would. Every call is logged, so tests can check what
 * was (and was not) requested; `fail` makes chosen calls fail.
 */
import { ENUMS, isEnumName } from '../../../engine/options';
import type { OptionItem, ReportConfig, ReportData, ReportQuery, ReportRow, ReportTotals, WhereItem } from '../../../engine/wire';
import { ApiError } from '../../api/http';
import { columnsOf, DIMENSIONS, fixtureConfig, makeFacts, MEASURES, OPTION_FIXTURES, type Fact } from './fixtures';
import type { ExportAnswer, PrintPayload, ReportSource, StoredColumn } from './types';

export type MemoryCall = keyof ReportSource;

export interface MemoryOptions {
  /** the day the facts end before (yesterday is the last day with data) */
  today: string;
  /** ms before each answer (stories show the loading state) */
  delay?: number;
  /** calls that fail with a server error */
  fail?: Partial<Record<MemoryCall, boolean>>;
  /** what an export answers (large exports are 'running') */
  exportStatus?: ExportAnswer['status'];
  /** configs by table id; the fixture configs otherwise */
  configs?: (tableId: number, isHistory: '1' | '2' | null) => ReportConfig | null;
  /** stored custom-column layouts by `${route}|${key}` */
  columns?: Record<string, StoredColumn[]>;
  /** text chunks of the AI answer; built from the totals otherwise */
  aiChunks?: string[];
}

export interface MemoryReportSource extends ReportSource {
  /** every call with its argument and when it was made (performance.now(), not faked by tests) */
  calls: { call: MemoryCall; arg: unknown; at: number }[];
  stored: Map<string, StoredColumn[]>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (!ms) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

function whereOf(query: ReportQuery): WhereItem[] {
  if (!query.whereList) return [];
  return typeof query.whereList === 'string' ? (JSON.parse(query.whereList) as WhereItem[]) : query.whereList;
}

/** A fact matches a filter value by code or by the label of that code (enumerations hold labels here). */
function matches(actual: string | number, wanted: (string | number)[], options: OptionItem[] | undefined, op: number): boolean {
  const text = String(actual);
  const labels = wanted.map((w) => options?.find((o) => o.value === String(w))?.label ?? String(w));
  switch (op) {
    case 4:
      return Number(actual) <= Number(wanted[0]);
    case 6:
      return Number(actual) >= Number(wanted[0]);
    case 7:
      return wanted.some((w) => text.includes(String(w)));
    default:
      return wanted.some((w) => String(w) === text) || labels.includes(text);
  }
}

function filterFacts(facts: Fact[], query: ReportQuery, config: ReportConfig): Fact[] {
  const where = whereOf(query);
  const range = config.dates.find((d) => d.index === 1);
  const field: 'month' | 'business_date' = range?.granularity === 'month' ? 'month' : 'business_date';
  const [from, to] = [query.date_start?.slice(0, field === 'month' ? 7 : 10), query.date_end?.slice(0, field === 'month' ? 7 : 10)];
  return facts.filter((f) => {
    if (from && f[field] < from) return false;
    if (to && f[field] > to) return false;
    return where.every((w) => {
      const item = config.dimension.find((d) => d.id === w.where_id);
      const key = (item?.fieldName ?? w.where_id) as keyof Fact;
      if (!(key in f)) return true;
      return matches(f[key], w.operation_value, item?.options, w.operator_id);
    });
  });
}

function aggregate(facts: Fact[], dims: string[], config: ReportConfig): ReportRow[] {
  const groups = new Map<string, Fact[]>();
  for (const f of facts) {
    const key = dims.map((d) => String(f[DIMENSIONS[d].field])).join('\u0001');
    const list = groups.get(key);
    if (list) list.push(f);
    else groups.set(key, [f]);
  }
  const measures = MEASURES.filter((m) => config.index.includes(m.id));
  return [...groups.values()].map((list) => {
    const row: ReportRow = {};
    for (const d of dims) row[DIMENSIONS[d].field] = list[0][DIMENSIONS[d].field];
    for (const m of measures) row[m.id] = m.value(list);
    return row;
  });
}

function sortRows(rows: ReportRow[], orderBy: string | undefined): ReportRow[] {
  const [field, dir] = (orderBy ?? '').split(' ');
  if (!field) return rows;
  const sign = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[field], b[field]];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

const fmt = (n: number | string | null | undefined) =>
  typeof n === 'number' ? n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '-';

function aiText(rows: ReportRow[], totals: ReportRow): string[] {
  const rate = typeof totals.gm_rate === 'number' ? `${(totals.gm_rate * 100).toFixed(2)}%` : '-';
  const top = rows[0];
  const name = top ? Object.values(top).find((v) => typeof v === 'string') : null;
  return [
    '## 整体情况\n\n',
    `本期销售金额 **${fmt(totals.sales)}** 元，`,
    `毛利额 **${fmt(totals.gm)}** 元，毛利率 **${rate}**。\n\n`,
    '## 重点门店\n\n',
    top ? `- ${name ?? '首行'}：销售金额 ${fmt(top.sales)} 元，毛利额 ${fmt(top.gm)} 元\n` : '- 暂无明细\n',
    '\n## 建议\n\n- 关注毛利率低于整体水平的门店与类目。\n',
  ];
}

/** The data answer of a query over facts, as the server would give it (filters, groups, sort, page). */
export function reportData(config: ReportConfig, query: ReportQuery, facts: Fact[]): ReportData {
  const dims = dimensionsOf(query);
  const rows = sortRows(aggregate(filterFacts(facts, query, config), dims, config), query.order_by);
  const start = (query.page_num - 1) * query.page_size;
  return { title: columnsOf(config, dims), list: rows.slice(start, start + query.page_size), total: rows.length };
}

/** The totals answer: the same filtered facts without grouping (list[0]), and the row count. */
export function reportTotals(config: ReportConfig, query: ReportQuery, facts: Fact[]): ReportTotals {
  const filtered = filterFacts(facts, query, config);
  return { total: aggregate(filtered, dimensionsOf(query), config).length, list: aggregate(filtered, [], config) };
}

const dimensionsOf = (query: ReportQuery) => (query.dimensionIds ?? '').split(',').filter((d) => DIMENSIONS[d]);

export function createMemoryReportSource(options: MemoryOptions): MemoryReportSource {
  const facts = makeFacts(options.today);
  const configs = options.configs ?? fixtureConfig;
  const calls: MemoryReportSource['calls'] = [];
  const stored = new Map(Object.entries(options.columns ?? {}));
  const delay = options.delay ?? 0;

  async function answer<T>(call: MemoryCall, arg: unknown, make: () => T, signal?: AbortSignal): Promise<T> {
    calls.push({ call, arg, at: performance.now() });
    await sleep(delay, signal);
    if (options.fail?.[call]) throw new ApiError(500, 'INTERNAL', '服务器开小差了，请稍后再试');
    return make();
  }

  const configOf = (query: ReportQuery): ReportConfig => {
    const config = configs(query.table_id, query.is_history ?? null);
    if (!config) throw new ApiError(404, 'UNKNOWN_REPORT', `未知的报表：${query.table_id}`);
    return config;
  };

  const data = (query: ReportQuery): ReportData => reportData(configOf(query), query, facts);
  const totals = (query: ReportQuery): ReportTotals => reportTotals(configOf(query), query, facts);

  return {
    calls,
    stored,
    config: (tableId, isHistory, signal) =>
      answer(
        'config',
        { tableId, isHistory },
        () => {
          const config = configs(tableId, isHistory);
          if (!config) throw new ApiError(404, 'UNKNOWN_REPORT', `未知的报表：${tableId}`);
          return config;
        },
        signal,
      ),
    data: (query, signal) => answer('data', query, () => data(query), signal),
    totals: (query, signal) => answer('totals', query, () => totals(query), signal),
    options: (source, signal) =>
      answer(
        'options',
        source,
        () => {
          if (source.kind === 'list') return OPTION_FIXTURES[source.list] ?? [];
          if (source.kind === 'dict') return OPTION_FIXTURES[`dict:${source.code}`] ?? [];
          if (source.kind === 'enum' && isEnumName(source.name)) return ENUMS[source.name];
          return [];
        },
        signal,
      ),
    exportReport: (query) =>
      answer('exportReport', query, () => ({
        job_id: 'memory-job-1',
        status: options.exportStatus ?? 'done',
        file_name: `${configOf(query).title}.xlsx`,
      })),
    download: (jobId) => answer('download', jobId, () => new Blob(['memory export'], { type: 'application/octet-stream' })),
    print: (payload: PrintPayload) => answer('print', payload, () => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
    loadColumns: (route, key) => answer('loadColumns', { route, key }, () => stored.get(`${route}|${key}`) ?? []),
    saveColumns: (route, key, columns) =>
      answer('saveColumns', { route, key, columns }, () => {
        stored.set(`${route}|${key}`, columns);
      }),
    ai: (query, signal) => ({
      async *[Symbol.asyncIterator]() {
        calls.push({ call: 'ai', arg: query, at: performance.now() });
        if (options.fail?.ai) throw new ApiError(500, 'INTERNAL', '服务器开小差了，请稍后再试');
        const chunks = options.aiChunks ?? aiText(data(query).list, totals(query).list[0] ?? {});
        for (const chunk of chunks) {
          await sleep(delay ? Math.max(30, delay / 4) : 0, signal);
          yield chunk;
        }
      },
    }),
  };
}
