import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';
import type { ServerSession } from '../auth/session';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ExportJob {
  job_id: string;
  kind: string;
  table_id: number | null;
  title: string;
  status: JobStatus;
  progress: number;
  row_count: number;
  file_name: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** What a job produced: the rows it handled, and a note for the log (e.g. why an import wrote nothing). */
export type JobOutcome = number | { rows: number; note: string };

export interface JobSpec {
  session: ServerSession;
  kind: 'export' | 'import';
  tableId: number | null;
  /** business type of an import */
  type?: string;
  title: string;
  /** expected rows, for the progress bar */
  expectedRows: number;
  /** writes the file (the export, or an import's error list); reports rows handled as it goes */
  produce: (file: string, onProgress: (rows: number) => void) => Promise<JobOutcome>;
}

const FAILED: Record<JobSpec['kind'], string> = { export: '导出失败，请稍后重试', import: '导入失败，请稍后重试' };

const COLUMNS = `job_id, kind, table_id, title, status, progress, row_count, title || '.xlsx' AS file_name, error, created_at, finished_at`;

/**
 * Background export jobs: recorded in the database (any API process can list them), files in the
 * data folder, at most `maxConcurrent` running at once so exports cannot starve the server.
 */
export class JobRunner {
  private running = 0;
  private queue: (() => void)[] = [];
  private finished = new Map<string, (() => void)[]>();

  constructor(
    private db: Db,
    private dir: string,
    private maxConcurrent = 2,
  ) {}

  /** Jobs a previous process left running can never finish. */
  async failInterrupted(): Promise<void> {
    await this.db.query(
      `UPDATE import_log SET status = 'failed', error = $1, finished_at = CAST($2 AS TIMESTAMP) WHERE status IN ('queued', 'running')`,
      ['服务重启，任务已中断，请重新导出', sqlTimestamp()],
    );
  }

  async start(spec: JobSpec): Promise<string> {
    const jobId = randomUUID();
    await this.db.query(
      `INSERT INTO import_log (job_id, tenant_id, account_id, kind, type, table_id, title, status, progress, row_count, file_path, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, 0, NULL, CAST($8 AS TIMESTAMP))`,
      [jobId, spec.session.tenant_id, spec.session.account_id, spec.kind, spec.type ?? null, spec.tableId, spec.title, sqlTimestamp()],
    );
    void this.run(jobId, spec);
    return jobId;
  }

  /** Resolves when the job ends or after `ms`, whichever comes first. */
  async waitFor(jobId: string, ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const list = this.finished.get(jobId);
      if (!list) return resolve();
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async slot(): Promise<void> {
    if (this.running < this.maxConcurrent) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }

  private async run(jobId: string, spec: JobSpec): Promise<void> {
    this.finished.set(jobId, []);
    await this.slot();
    const folder = join(this.dir, String(spec.session.tenant_id));
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${jobId}.xlsx`);
    let lastWrite = 0;
    // progress writes go one after another (DuckDB refuses concurrent updates of one row) and
    // never fail the job: they only move the progress bar
    let progressWrites = Promise.resolve();
    try {
      await this.db.query(`UPDATE import_log SET status = 'running', file_path = $2 WHERE job_id = $1`, [jobId, file]);
      const outcome = await spec.produce(file, (n) => {
        const now = Date.now();
        if (now - lastWrite < 1000) return;
        lastWrite = now;
        const progress = spec.expectedRows ? Math.min(99, Math.floor((n / spec.expectedRows) * 100)) : 50;
        progressWrites = progressWrites
          .then(() => this.db.query('UPDATE import_log SET progress = $2, row_count = $3 WHERE job_id = $1', [jobId, progress, n]))
          .then(
            () => undefined,
            () => undefined,
          );
      });
      await progressWrites;
      const [rows, note] = typeof outcome === 'number' ? [outcome, null] : [outcome.rows, outcome.note];
      await this.db.query(
        `UPDATE import_log SET status = 'done', progress = 100, row_count = $2, error = $3, finished_at = CAST($4 AS TIMESTAMP) WHERE job_id = $1`,
        [jobId, rows, note, sqlTimestamp()],
      );
    } catch (err) {
      await progressWrites;
      await this.db.query(
        `UPDATE import_log SET status = 'failed', error = $2, finished_at = CAST($3 AS TIMESTAMP) WHERE job_id = $1`,
        [jobId, FAILED[spec.kind], sqlTimestamp()],
      );
      console.error(`${spec.kind} job failed`, jobId, err);
    } finally {
      this.release();
      for (const done of this.finished.get(jobId) ?? []) done();
      this.finished.delete(jobId);
    }
  }

  async list(session: ServerSession, page: number, size: number): Promise<{ list: ExportJob[]; total: number }> {
    const where = 'WHERE tenant_id = $1 AND account_id = $2';
    const [{ total }] = await this.db.query<{ total: number }>(`SELECT count(*) AS total FROM import_log ${where}`, [
      session.tenant_id,
      session.account_id,
    ]);
    const list = await this.db.query<ExportJob>(
      `SELECT ${COLUMNS} FROM import_log ${where} ORDER BY created_at DESC, job_id LIMIT ${size} OFFSET ${(page - 1) * size}`,
      [session.tenant_id, session.account_id],
    );
    return { list, total };
  }

  async get(session: ServerSession, jobId: string): Promise<(ExportJob & { file_path: string | null }) | null> {
    const [job] = await this.db.query<ExportJob & { file_path: string | null }>(
      `SELECT ${COLUMNS}, file_path FROM import_log WHERE job_id = $1 AND tenant_id = $2 AND account_id = $3`,
      [jobId, session.tenant_id, session.account_id],
    );
    return job ?? null;
  }
}
