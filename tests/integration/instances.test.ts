/**
 * Crash safety and several instances on one database (issue 14 items 8–9). Two app instances share
 * the database and a files folder: sessions, jobs and files started on one are served by the other.
 * A job a process was running when it died is failed when that process restarts (or by another
 * process once its lease is stale), whatever the job's kind, and its partial file is never served.
 * On PostgreSQL the second instance has its own connection pool, like a second process.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../engine/dates';
import { initialRequest } from '../../engine/query';
import type { ReportConfig } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { sqlTimestamp } from '../../server/clock';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/types';
import { partialPath, STALE_MS } from '../../server/export/jobs';
import { bearer, login, startTestServer, type TestServer } from './server';
import { pgUrl, withDatabase } from './testdb';

let s: TestServer;
let filesDir: string;
let a: FastifyInstance;
let b: FastifyInstance;
let dbB: Db;

const instance = (db: Db, instanceId: string) => buildServer({ db, config: { staticDir: '/nonexistent', filesDir, instanceId } });

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'hm-files-'));
  s = await startTestServer({ filesDir, instanceId: 'a' });
  a = s.app;
  dbB = pgUrl ? await openPostgres(withDatabase(pgUrl, s.testDb.location)) : s.testDb.db;
  b = await instance(dbB, 'b');
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  if (pgUrl) await dbB?.close();
  await s?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

describe('item 9: two instances on one database', () => {
  it('a session made on one instance works on the other, and a logout on one ends it on both at once', async () => {
    const { token } = await login(a, 'admin', 'HMT');
    expect((await get(b, '/api/auth/session', token)).statusCode).toBe(200);
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await get(a, '/api/auth/session', token)).statusCode).toBe(401);
  });

  it('an export started on one instance is listed and downloaded from the other, byte for byte', async () => {
    const { token } = await login(a, 'admin', 'HMT');
    const cfg = (await get(a, '/api/reports/166/config', token)).json().data as ReportConfig;
    const query = { ...initialRequest(cfg, todayIn(new Date())), is_down: '1' };
    const started = await a.inject({ method: 'POST', url: `/api/reports/${cfg.table_id}/export`, headers: bearer(token), payload: query });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json().data.job_id as string;
    await a.jobs.waitFor(jobId, 30_000);
    const seen = await get(b, `/api/jobs/${jobId}`, token);
    expect(seen.json().data).toMatchObject({ status: 'done' });
    const fromB = await get(b, `/api/jobs/${jobId}/download`, token);
    const fromA = await get(a, `/api/jobs/${jobId}/download`, token);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.length).toBeGreaterThan(0);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
  });
});

describe('item 8: crash safety of background jobs', () => {
  /** A job as a process leaves it when killed mid-write: running, a lease, half a file aside. */
  async function leftRunning(kind: 'export' | 'import', instanceId: string, heartbeat: Date) {
    const jobId = randomUUID();
    const folder = join(filesDir, 'exports', '10139');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${jobId}.xlsx`);
    writeFileSync(partialPath(file), 'PK half a workbook');
    const [admin] = await s.testDb.db.query<{ account_id: number }>(`SELECT account_id FROM account WHERE tenant_id = 10139 AND username = 'admin'`);
    await s.testDb.db.query(
      `INSERT INTO import_log (job_id, tenant_id, account_id, kind, table_id, title, status, progress, row_count, file_path, created_at)
       VALUES ($1, 10139, $2, $3, NULL, 'crash', 'running', 40, 100, $4, CAST($5 AS TIMESTAMP))`,
      [jobId, admin.account_id, kind, file, sqlTimestamp()],
    );
    await s.testDb.db.query('INSERT INTO job_lease (job_id, tenant_id, instance_id, heartbeat_at) VALUES ($1, 10139, $2, CAST($3 AS TIMESTAMP))', [
      jobId,
      instanceId,
      sqlTimestamp(heartbeat),
    ]);
    return { jobId, file };
  }

  it('after a restart the crashed process\'s export and import are failed, their partial files gone and never served', async () => {
    const { token } = await login(a, 'admin', 'HMT');
    const exp = await leftRunning('export', 'a', new Date());
    const imp = await leftRunning('import', 'a', new Date());
    // while it runs, the half-written file is not downloadable
    expect((await get(b, `/api/jobs/${exp.jobId}/download`, token)).statusCode).toBe(409);

    const restarted = await instance(s.testDb.db, 'a');
    const failed = await restarted.jobs.failInterrupted();
    await restarted.close();
    expect(failed).toEqual(expect.arrayContaining([exp.jobId, imp.jobId]));
    const jobs = await Promise.all([exp, imp].map(async (j) => (await get(b, `/api/jobs/${j.jobId}`, token)).json().data));
    expect(jobs.map((j) => [j.status, j.error])).toEqual([
      ['failed', '服务重启，任务已中断，请重新导出'],
      ['failed', '服务重启，任务已中断，请重新导入'],
    ]);
    for (const j of [exp, imp]) {
      expect(existsSync(partialPath(j.file))).toBe(false);
      expect((await get(b, `/api/jobs/${j.jobId}/download`, token)).statusCode).toBe(409);
    }
  });

  it('the running check (heartbeat) leaves this process’s own running jobs and their files alone', async () => {
    const own = await leftRunning('import', 'a', new Date());
    expect(await a.jobs.failInterrupted(new Date(), false)).not.toContain(own.jobId);
    const [row] = await s.testDb.db.query<{ status: string }>('SELECT status FROM import_log WHERE job_id = $1', [own.jobId]);
    expect(row.status).toBe('running');
    expect(existsSync(partialPath(own.file))).toBe(true);
  });

  it('a restart leaves the jobs of a live instance alone and fails those of an instance that stopped beating', async () => {
    const live = await leftRunning('export', 'b', new Date());
    const dead = await leftRunning('export', 'c', new Date(Date.now() - STALE_MS - 60_000));
    const failed = await a.jobs.failInterrupted();
    expect(failed).toContain(dead.jobId);
    expect(failed).not.toContain(live.jobId);
    const [row] = await s.testDb.db.query<{ status: string }>('SELECT status FROM import_log WHERE job_id = $1', [live.jobId]);
    expect(row.status).toBe('running');
    expect(existsSync(partialPath(live.file))).toBe(true);
  });
});
