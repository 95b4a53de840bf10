/**
 * Crash safety and several instances on one database. Two app instances share
 * the database and a files folder: sessions, jobs and files started on one are served by the other.
 * A job a process was running when it died is failed when that process restarts (or by another
 * process once its lease is stale), whatever the job's kind, and its partial file is never served.
 * Each instance keeps the tenant's studio report versions in memory, and a studio write on one is
 * what both serve next. On PostgreSQL the second instance has its own connection pool, like a second process.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialRequest } from '../../engine/query';
import { newReportDraft } from '../../engine/studio/draft';
import type { StudioDataset } from '../../engine/studio/wire';
import type { ReportConfig } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { sqlTimestamp, today as businessToday } from '../../server/clock';
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

describe('two instances on one database', () => {
  it('a session made on one instance works on the other, and a logout on one ends it on both at once', async () => {
    const { token } = await login(a, 'admin', 'HMT');
    expect((await get(b, '/api/auth/session', token)).statusCode).toBe(200);
    expect((await b.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await get(a, '/api/auth/session', token)).statusCode).toBe(401);
  });

  it('an export started on one instance is listed and downloaded from the other, byte for byte', async () => {
    const { token } = await login(a, 'admin', 'HMT');
    const cfg = (await get(a, '/api/reports/166/config', token)).json().data as ReportConfig;
    const query = { ...initialRequest(cfg, businessToday()), is_down: '1' };
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

describe('the tenant overlay kept in memory', () => {
  /** a report's title as an instance serves it, or the refusal's status */
  const served = async (app: FastifyInstance, id: number, token: string) => {
    const res = await get(app, `/api/reports/${id}/config`, token);
    return res.statusCode === 200 ? (res.json().data as ReportConfig).title : res.statusCode;
  };
  /** The writing instance serves a change at once; another process hears of it by notification, a moment later. */
  const servedBy = (app: FastifyInstance, id: number, token: string, expected: string | number) =>
    vi.waitFor(async () => expect(await served(app, id, token)).toBe(expected), { timeout: 10_000, interval: 50 });

  it('a studio save, update and delete on one instance is what both serve next, though each keeps the versions it read', async () => {
    const { token } = await login(a, 'analyst', 'HMT');
    const datasets = (await get(a, '/api/studio/datasets', token)).json().data.list as StudioDataset[];
    const draft = (id: number, zh: string) =>
      newReportDraft({
        id,
        title: { zh, en: zh },
        dataset: datasets.find((d) => d.id === 'sales')!,
        dimensions: ['org'],
        forced: 'org',
        measures: ['sales'],
        dateColumn: 'business_date',
        defaultKind: 'last7',
        restriction: 'to_yesterday',
        filters: [],
        clients: ['HMT'],
        area: 'sales',
      });
    // both instances read the tenant's versions now and keep them
    expect(await served(a, 70, token)).toBe(await served(b, 70, token));
    const saved = await a.inject({ method: 'POST', url: '/api/studio/reports', headers: bearer(token), payload: { report: draft(999999, '两处可见') } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    expect(await served(a, id, token)).toBe('两处可见');
    await servedBy(b, id, token, '两处可见');

    const put = await b.inject({ method: 'PUT', url: `/api/studio/reports/${id}`, headers: bearer(token), payload: { report: draft(id, '两处都改') } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await served(b, id, token)).toBe('两处都改');
    await servedBy(a, id, token, '两处都改');

    expect((await a.inject({ method: 'DELETE', url: `/api/studio/reports/${id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect(await served(a, id, token)).toBe(404);
    await servedBy(b, id, token, 404);
  });

  it('20 studio creates, then 20 updates of one report, at once and split over both instances: own ids, versions 2..21', async () => {
    // each instance orders its own writes in memory; across processes only the database lock does
    const { token } = await login(a, 'analyst', 'HMT');
    const datasets = (await get(a, '/api/studio/datasets', token)).json().data.list as StudioDataset[];
    const draft = (id: number, zh: string) =>
      newReportDraft({
        id,
        title: { zh, en: zh },
        dataset: datasets.find((d) => d.id === 'sales')!,
        dimensions: ['org'],
        forced: 'org',
        measures: ['sales'],
        dateColumn: 'business_date',
        defaultKind: 'last7',
        restriction: 'to_yesterday',
        filters: [],
        clients: ['HMT'],
        area: 'sales',
      });
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).inject({ method: 'POST', url: '/api/studio/reports', headers: bearer(token), payload: { report: draft(999999, `两处并发 ${i}`) } }),
      ),
    );
    expect(created.map((r) => r.statusCode), created.find((r) => r.statusCode !== 200)?.body).toEqual(created.map(() => 200));
    const ids = created.map((r) => r.json().data.id as number);
    expect(new Set(ids).size).toBe(20);
    const id = ids[0];
    const updated = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).inject({ method: 'PUT', url: `/api/studio/reports/${id}`, headers: bearer(token), payload: { report: draft(id, `两处并改 ${i}`) } }),
      ),
    );
    expect(updated.map((r) => r.statusCode), updated.find((r) => r.statusCode !== 200)?.body).toEqual(updated.map(() => 200));
    expect(updated.map((r) => r.json().data.version as number).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const versions = (await get(b, `/api/studio/reports/${id}/versions`, token)).json().data.list as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 21 }, (_, i) => 21 - i));
    for (const made of ids) expect((await a.inject({ method: 'DELETE', url: `/api/studio/reports/${made}`, headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('crash safety of background jobs', () => {
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
