import type { FastifyInstance } from 'fastify';
import type { ReportRow } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import { ok } from '../http/envelope';
import { badRequest, notFound } from '../http/errors';
import { enumLabel } from '../../engine/definition/known';
import type { ColumnChunk, Db } from '../db/types';
import { atPage } from '../report/compile';
import { shapeRows, titleColumns } from '../report/runner';
import type { PreparedReport } from '../report/service';
import type { CompiledReport, OutputColumn, Statement } from '../report/types';
import { FusedRows } from './fused-rows';
import { JobRefused } from './jobs';
import { writeReportXlsx } from './xlsx';

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

export function reportTitle(prepared: PreparedReport): string {
  return prepared.resolved.page.title.zh;
}

export async function runTotalsRow(app: FastifyInstance, prepared: PreparedReport): Promise<ReportRow | null> {
  const { compiled } = prepared;
  const [row] = await app.db.scan(compiled.totals.sql, compiled.totals.params);
  const indicators = compiled.columns.filter((c) => c.type === '2');
  return row ? shapeRows([row], indicators)[0] : null;
}

export async function countRows(app: FastifyInstance, prepared: PreparedReport): Promise<number> {
  const [row] = await app.db.scan<{ total: number }>(prepared.compiled.count.sql, prepared.compiled.count.params);
  return Number(row?.total ?? 0);
}

/** `shapeRows` for a chunk of columns: enumeration codes as their labels, a column at a time. */
export function labelColumns(chunk: ColumnChunk, columns: OutputColumn[]): ColumnChunk {
  const enums = new Map(columns.filter((c) => c.enum).map((c) => [c.key, c.enum!]));
  if (!enums.size) return chunk;
  const labelled = chunk.columns.map((values, i) => {
    const codes = enums.get(chunk.names[i]);
    return codes ? values.map((v) => enumLabel(codes, v)) : values;
  });
  return { ...chunk, columns: labelled };
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
export function exportStatement(compiled: CompiledReport): { statement: Statement; fused: boolean } {
  if (compiled.screen) return { statement: atPage(compiled, { pageNum: 1, pageSize: MAX_EXPORT_ROWS + 1 }).screen!, fused: true };
  return { statement: allRows(compiled.page), fused: false };
}

/**
 * Writes the report's xlsx in one pass over its statement: the rows stream as typed columns into the
 * sheet, the row count is counted as they pass (past MAX_EXPORT_ROWS the export is refused) and the
 * totals row comes out of the same pass. Only a query that cannot be fused reads its totals apart.
 */
export async function writeReportExport(db: Db, prepared: PreparedReport, file: string, onProgress?: (rows: number) => void): Promise<number> {
  const { resolved, compiled } = prepared;
  const { statement, fused } = exportStatement(compiled);
  const indicators = compiled.columns.filter((c) => c.type === '2');
  const split = new FusedRows();
  let rows = 0;
  async function* chunks(): AsyncGenerator<ColumnChunk> {
    const source = db.streamColumns(statement.sql, statement.params, 5000);
    for await (const chunk of fused ? split.rows(source) : source) {
      rows += chunk.rowCount;
      if (rows > MAX_EXPORT_ROWS) throw new JobRefused(TOO_LARGE);
      yield labelColumns(chunk, compiled.columns);
    }
  }
  const totals = async () => {
    const row = fused ? split.totals() : (await db.scan(compiled.totals.sql, compiled.totals.params))[0];
    return row ? shapeRows([row], indicators)[0] : null;
  };
  return writeReportXlsx(file, { title: reportTitle(prepared), columns: titleColumns(resolved.used, compiled.columns), chunks: chunks(), totals, onProgress });
}

/**
 * Exports a prepared report query as a job. Answers the job; when it finished within a few seconds
 * the app downloads it at once, otherwise the user finds it in the import/export log. The row count is
 * known only as the rows pass, so a query of more rows than an export holds is refused by the job:
 * with 400 when that happened within the wait, else as the job's error in the log.
 */
export async function exportPrepared(app: FastifyInstance, session: ServerSession, prepared: PreparedReport) {
  const jobId = await app.jobs.start({
    session,
    kind: 'export',
    tableId: prepared.resolved.used.id,
    title: reportTitle(prepared),
    expectedRows: 0,
    produce: (file, onProgress) => writeReportExport(app.db, prepared, file, onProgress),
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
    return ok(await exportPrepared(app, req.session!, prepared));
  });
}
