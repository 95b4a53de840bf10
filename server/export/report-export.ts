import type { FastifyInstance } from 'fastify';
import type { ReportRow } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import { ok } from '../http/envelope';
import { badRequest, notFound } from '../http/errors';
import { codePointsSql, PackedText } from '../db/packed-text';
import type { ColumnChunk, Db } from '../db/types';
import { cellLabel, type CellLabel } from '../report/cell-labels';
import { atPage } from '../report/compile';
import { textLangOf, type TextLang } from '../report/config';
import { shapeRows, titleColumns } from '../report/runner';
import type { PreparedReport } from '../report/service';
import type { CompiledReport, OutputColumn, Statement } from '../report/types';
import { FusedRows } from './fused-rows';
import { JobRefused } from './jobs';
import { NULL_CODE, RepeatingText } from './shared-strings';
import { writeReportXlsx, type XlsxChunk } from './xlsx';
import { TABLE_WORDS } from '../report/table-words';

/** Excel's sheet limit is 1,048,576 rows; stay clear of it with the header and totals. */
export const MAX_EXPORT_ROWS = 1_000_000;
/** An export that finishes this quickly is answered at once; a longer one goes on in the background. */
const WAIT_MS = 3000;

/** The rows statement without its page window: an export reads every row of the query. */
export function allRows(page: Statement): Statement {
  const sql = page.sql.replace(/\s+LIMIT \d+ OFFSET \d+\s*$/, '');
  if (sql === page.sql) throw new Error('page statement has no LIMIT/OFFSET window');
  return { sql, params: page.params };
}

export function reportTitle(prepared: PreparedReport, lang: TextLang = 'zh'): string {
  return prepared.resolved.page.title[lang];
}

export async function runTotalsRow(app: FastifyInstance, prepared: PreparedReport, lang: TextLang = 'zh'): Promise<ReportRow | null> {
  const { compiled } = prepared;
  const [row] = await app.db.scan(compiled.totals.sql, compiled.totals.params);
  const indicators = compiled.columns.filter((c) => c.type === '2');
  return row ? shapeRows([row], indicators, lang)[0] : null;
}

export async function countRows(app: FastifyInstance, prepared: PreparedReport): Promise<number> {
  const [row] = await app.db.scan<{ total: number }>(prepared.compiled.count.sql, prepared.compiled.count.params);
  return Number(row?.total ?? 0);
}

/**
 * `shapeRows` for chunks of columns, in a language: a function labelling each chunk a column at a
 * time (enumeration codes as their labels); columns shown as stored pass through untouched.
 */
export function columnLabeller(columns: OutputColumn[], lang: TextLang = 'zh'): (chunk: ColumnChunk) => ColumnChunk {
  const cells = new Map<string, CellLabel>();
  for (const c of columns) {
    const show = cellLabel(c, lang);
    if (show) cells.set(c.key, show);
  }
  return (chunk) => {
    if (!cells.size) return chunk;
    const labelled = chunk.columns.map((values, i) => {
      const show = cells.get(chunk.names[i]);
      if (show && values instanceof PackedText) throw new Error(`column ${chunk.names[i]} is labelled: it cannot come packed`);
      return show ? (values as readonly unknown[]).map(show) : values;
    });
    return { ...chunk, columns: labelled };
  };
}

function tableId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('REPORT_NOT_FOUND', '报表不存在');
  return Number(raw);
}

const TOO_LARGE = '导出数据超过100万行，请添加查询条件缩小范围后再导出';
const tooLarge = () => badRequest('EXPORT_TOO_LARGE', TOO_LARGE);

/**
 * What an export reads: the fused screen statement with a window of every row (one more than an
 * export may hold tells it is too large), which brings the totals row after the rows; or, for a query
 * the compiler could not fuse, the page statement without its window.
 */
export interface ExportRead {
  statement: Statement;
  fused: boolean;
}

export function exportStatement(compiled: CompiledReport): ExportRead {
  if (compiled.screen) {
    const { sql, params } = atPage(compiled, { pageNum: 1, pageSize: MAX_EXPORT_ROWS + 1 }).screen!;
    return { statement: { sql, params }, fused: true };
  }
  return { statement: allRows(compiled.page), fused: false };
}

/**
 * On DuckDB, a fused export reads its text columns shown as stored (names, codes: VARCHAR in the
 * statement and no label) as code points (`PackedText`), and only where they change from the row
 * before (`RepeatingText`): the sorted statement is wrapped in a projection that compares each text
 * with the row before (`lag … OVER ()`, which DuckDB computes streaming, in the rows' order) and
 * converts only a changed one. The rows of report 130 by organisation, goods and day repeat their
 * names for up to 90 rows: converting every row cost DuckDB more than the rest of the wrapper, and the
 * code points made its final sort carry lists. The column types come from `DESCRIBE`.
 */
export async function withPackedText(db: Db, read: ExportRead, columns: OutputColumn[], lang: TextLang): Promise<{ statement: Statement; packed: string[] }> {
  const { statement, fused } = read;
  const candidates = new Set(columns.filter((c) => c.format === 'text' && !cellLabel(c, lang)).map((c) => c.key));
  if (db.dialect !== 'duckdb' || !fused || !candidates.size) return { statement, packed: [] };
  const described = await db.query<{ column_name: string; column_type: string }>(`DESCRIBE ${statement.sql}`, statement.params);
  const packed = described.filter((c) => c.column_type === 'VARCHAR' && candidates.has(c.column_name)).map((c) => c.column_name);
  if (!packed.length) return { statement, packed };
  const replaced = packed
    .map((key) => {
      const text = `s.${quoteName(key)}`;
      // the totals row repeats (it is taken out before the sheet), and the row after it is written out
      const repeats = `s."__g" = 1 OR (lag(s."__g") OVER () = 0 AND ${text} IS NOT DISTINCT FROM lag(${text}) OVER ())`;
      const changed = `CASE WHEN ${repeats} THEN NULL WHEN ${text} IS NULL THEN [${NULL_CODE}]::INTEGER[] ELSE ${codePointsSql(text)} END`;
      return `${changed} AS ${quoteName(key)}`;
    })
    .join(', ');
  return { statement: { sql: `SELECT * REPLACE (${replaced}) FROM (${statement.sql}) s`, params: statement.params }, packed };
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes the report's xlsx in one pass over its statement: the rows stream as typed columns into the
 * sheet, the row count is counted as they pass (past MAX_EXPORT_ROWS the export is refused) and the
 * totals row comes out of the same pass. Only a query that cannot be fused reads its totals apart.
 */
export async function writeReportExport(
  db: Db,
  prepared: PreparedReport,
  file: string,
  onProgress?: (rows: number) => void,
  lang: TextLang = 'zh',
): Promise<number> {
  const { resolved, compiled } = prepared;
  const read = exportStatement(compiled);
  const { fused } = read;
  const { statement, packed } = await withPackedText(db, read, compiled.columns, lang);
  const indicators = compiled.columns.filter((c) => c.type === '2');
  const label = columnLabeller(compiled.columns, lang);
  const split = new FusedRows();
  let rows = 0;
  const repeating = (chunk: ColumnChunk): XlsxChunk =>
    packed.length ? { ...chunk, columns: chunk.columns.map((values, i) => (values instanceof PackedText && packed.includes(chunk.names[i]) ? new RepeatingText(values) : values)) } : chunk;
  async function* chunks(): AsyncGenerator<XlsxChunk> {
    const source = db.streamColumns(statement.sql, statement.params, 5000, packed);
    for await (const chunk of fused ? split.rows(source) : source) {
      rows += chunk.rowCount;
      if (rows > MAX_EXPORT_ROWS) throw new JobRefused(TOO_LARGE);
      yield repeating(label(chunk));
    }
  }
  const totals = async () => {
    const row = fused ? split.totals() : (await db.scan(compiled.totals.sql, compiled.totals.params))[0];
    return row ? shapeRows([row], indicators, lang)[0] : null;
  };
  const columns = titleColumns(resolved.used, compiled.columns, lang);
  return writeReportXlsx(file, { title: reportTitle(prepared, lang), columns, chunks: chunks(), totals, totalsLabel: TABLE_WORDS[lang].totals, onProgress });
}

/**
 * Exports a prepared report query as a job. Answers the job; when it finished within a few seconds
 * the app downloads it at once, otherwise the user finds it in the import/export log. The row count is
 * known only as the rows pass, so a query of more rows than an export holds is refused by the job:
 * with 400 when that happened within the wait, else as the job's error in the log. The job runs later
 * than the request: it writes in the language the request asked for, taken here (`lang`, zh when none).
 */
export async function exportPrepared(app: FastifyInstance, session: ServerSession, prepared: PreparedReport, lang: TextLang = 'zh') {
  const jobId = await app.jobs.start({
    session,
    kind: 'export',
    tableId: prepared.resolved.used.id,
    title: reportTitle(prepared, lang),
    expectedRows: 0,
    produce: (file, onProgress) => writeReportExport(app.db, prepared, file, onProgress, lang),
  });
  await app.jobs.waitFor(jobId, WAIT_MS);
  const job = await app.jobs.get(session, jobId);
  if (job!.status === 'failed' && job!.error === TOO_LARGE) throw tooLarge();
  return { job_id: jobId, status: job!.status, file_name: job!.file_name, row_count: job!.row_count };
}

/** POST /api/reports/:table_id/export: the report query with is_down "1" (the tab's own table_id). */
export async function reportExportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { table_id: string } }>('/api/reports/:table_id/export', async (req) => {
    const view = await app.tenantReports.forSession(req.session!);
    const prepared = view.service.prepare(view.session, tableId(req.params.table_id), req.body);
    return ok(await exportPrepared(app, req.session!, prepared, textLangOf(req.headers['accept-language'])));
  });
}
