import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
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
  /** whether a file waits for download: every finished export, an import only when it left an error list */
  has_file: boolean;
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
  /** expected rows, for the progress bar; 0 when unknown until the job ends */
  expectedRows: number;
  /** writes the file (the export, or an import's error list); reports rows handled as it goes */
  produce: (file: string, onProgress: (rows: number) => void) => Promise<JobOutcome>;
}

/** A job's failure meant for the user (an export too large): its message is the job's error as it is. */
export class JobRefused extends Error {}

/**
 * A job stopped from outside (a tenant move, server/db/tenant-move-jobs.ts): an error written on a
 * job still running asks it to stop; the runner sees it with its next progress and fails the job with
 * that message, its partial file removed.
 */
class JobStopped extends JobRefused {}

const FAILED: Record<JobSpec['kind'], string> = { export: '导出失败，请稍后重试', import: '导入失败，请稍后重试' };

const COLUMNS = `job_id, kind, table_id, title, status, progress, row_count, title || '.xlsx' AS file_name, error, created_at, finished_at`;

type StoredJob = Omit<ExportJob, 'has_file'> & { file_path: string | null };

/** The file of a finished job is downloadable once it stands under its final name. */
function withFileFlag<J extends Omit<ExportJob, 'has_file'>>(job: J, path: string | null): J & { has_file: boolean } {
  return { ...job, has_file: job.status === 'done' && !!path && existsSync(path) };
}

/** A running process renews its jobs' leases this often; a lease this old belongs to a dead process. */
export const HEARTBEAT_MS = 15_000;
export const STALE_MS = 4 * HEARTBEAT_MS;

/** Where a job writes until it is complete: the file under its final name is always whole. */
export const partialPath = (file: string) => `${file}.part`;

/**
 * Background jobs of any kind: recorded in the database (any API process can list them), files in
 * the shared files folder, at most `maxConcurrent` running at once so jobs cannot starve the server.
 * Each job holds a lease of the process running it, so a crash is noticed on restart (or by another
 * process once the lease goes stale) and the job is failed; a file is written aside and renamed into
 * place on success, so a partial file is never served.
 */
export class JobRunner {
  private running = 0;
  private queue: (() => void)[] = [];
  private finished = new Map<string, (() => void)[]>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private db: Db,
    private dir: string,
    private maxConcurrent = 2,
    /** this process among those sharing the database; stable across its restarts */
    readonly instanceId = 'local',
  ) {}

  /**
   * Fails the jobs that can never finish: those this process ran before it restarted, and those of a
   * process whose lease went stale. Their partial files are removed. Returns the failed job ids.
   * While running (`restarted` false) this process's own jobs are live, never lost: failing them
   * would delete the file a job is about to finish.
   */
  async failInterrupted(now = new Date(), restarted = true): Promise<string[]> {
    const stale = sqlTimestamp(new Date(now.getTime() - STALE_MS));
    const lost = await this.db.query<{ job_id: string; file_path: string | null }>(
      `SELECT j.job_id, j.file_path FROM import_log j LEFT JOIN job_lease l ON l.job_id = j.job_id
        WHERE j.status IN ('queued', 'running')
          AND ${
            restarted
              ? '(l.job_id IS NULL OR l.instance_id = $1 OR l.heartbeat_at < CAST($2 AS TIMESTAMP))'
              : 'l.instance_id <> $1 AND l.heartbeat_at < CAST($2 AS TIMESTAMP)'
          }`,
      [this.instanceId, stale],
    );
    for (const job of lost) {
      await this.db.query(
        `UPDATE import_log SET status = 'failed', finished_at = CAST($2 AS TIMESTAMP),
                error = CASE WHEN kind = 'import' THEN $3 ELSE $4 END
          WHERE job_id = $1 AND status IN ('queued', 'running')`,
        [job.job_id, sqlTimestamp(now), '服务重启，任务已中断，请重新导入', '服务重启，任务已中断，请重新导出'],
      );
      await this.db.query('DELETE FROM job_lease WHERE job_id = $1', [job.job_id]);
      if (job.file_path) for (const path of [partialPath(job.file_path), job.file_path]) rmSync(path, { force: true });
    }
    return lost.map((j) => j.job_id);
  }

  /** Renews this process's leases and fails the jobs of dead processes, until stop(). */
  startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      void this.db
        .query('UPDATE job_lease SET heartbeat_at = CAST($2 AS TIMESTAMP) WHERE instance_id = $1', [this.instanceId, sqlTimestamp()])
        .then(() => this.failInterrupted(new Date(), false))
        .catch((err) => console.error('job heartbeat failed', err));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** The job and its lease are stored in one transaction, `seal` last inside it, given the job's id (an idempotent start). */
  async start(spec: JobSpec, seal: (tx: Db, jobId: string) => Promise<unknown> = async () => {}): Promise<string> {
    const jobId = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO import_log (job_id, tenant_id, account_id, kind, type, table_id, title, status, progress, row_count, file_path, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, 0, NULL, CAST($8 AS TIMESTAMP))`,
        [jobId, spec.session.tenant_id, spec.session.account_id, spec.kind, spec.type ?? null, spec.tableId, spec.title, sqlTimestamp()],
      );
      await tx.query(
        'INSERT INTO job_lease (job_id, tenant_id, instance_id, heartbeat_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))',
        [jobId, spec.session.tenant_id, this.instanceId, sqlTimestamp()],
      );
      await seal(tx, jobId);
    });
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
    let stopRequest: string | null = null;
    try {
      // a queued job may have been failed meanwhile (a tenant move fails the jobs not yet started)
      const started = await this.db.query(`UPDATE import_log SET status = 'running', file_path = $2 WHERE job_id = $1 AND status = 'queued' RETURNING job_id`, [
        jobId,
        file,
      ]);
      if (!started.length) return;
      const outcome = await spec.produce(partialPath(file), (n) => {
        if (stopRequest) throw new JobStopped(stopRequest);
        const now = Date.now();
        if (now - lastWrite < 1000) return;
        lastWrite = now;
        const progress = spec.expectedRows ? Math.min(99, Math.floor((n / spec.expectedRows) * 100)) : 50;
        progressWrites = progressWrites
          .then(() =>
            this.db.query<{ error: string | null }>('UPDATE import_log SET progress = $2, row_count = $3 WHERE job_id = $1 RETURNING error', [jobId, progress, n]),
          )
          .then(
            ([row]) => void (stopRequest = row?.error ?? null),
            () => undefined,
          );
      });
      await progressWrites;
      const [rows, note] = typeof outcome === 'number' ? [outcome, null] : [outcome.rows, outcome.note];
      // an import that wrote every line leaves no error list behind
      if (existsSync(partialPath(file))) renameSync(partialPath(file), file);
      await this.db.query(
        `UPDATE import_log SET status = 'done', progress = 100, row_count = $2, error = $3, finished_at = CAST($4 AS TIMESTAMP) WHERE job_id = $1`,
        [jobId, rows, note, sqlTimestamp()],
      );
    } catch (err) {
      await progressWrites;
      await this.db.query(
        `UPDATE import_log SET status = 'failed', error = $2, finished_at = CAST($3 AS TIMESTAMP) WHERE job_id = $1`,
        [jobId, err instanceof JobRefused ? err.message : FAILED[spec.kind], sqlTimestamp()],
      );
      rmSync(partialPath(file), { force: true });
      console.error(`${spec.kind} job failed`, jobId, err);
    } finally {
      await this.db.query('DELETE FROM job_lease WHERE job_id = $1', [jobId]).catch(() => undefined);
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
    const rows = await this.db.query<StoredJob>(
      `SELECT ${COLUMNS}, file_path FROM import_log ${where} ORDER BY created_at DESC, job_id LIMIT ${size} OFFSET ${(page - 1) * size}`,
      [session.tenant_id, session.account_id],
    );
    return { list: rows.map(({ file_path, ...job }) => withFileFlag(job, file_path)), total };
  }

  async get(session: ServerSession, jobId: string): Promise<(ExportJob & { file_path: string | null }) | null> {
    const [job] = await this.db.query<StoredJob>(
      `SELECT ${COLUMNS}, file_path FROM import_log WHERE job_id = $1 AND tenant_id = $2 AND account_id = $3`,
      [jobId, session.tenant_id, session.account_id],
    );
    return job ? { ...withFileFlag(job, job.file_path), file_path: job.file_path } : null;
  }
}
