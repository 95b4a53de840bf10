/**
 * Idempotent creates across a crash (docs/architecture.md, 'Creates are idempotent'): a server started
 * with the fault hook HM_FAULT=after-create-commit dies by SIGKILL right after a keyed create commits,
 * before it answers. Started again on the same database without the hook, the retry with the same key
 * answers the record the first request created, and twenty concurrent retries create nothing more:
 * documents, studio reports, print styles and imports. The server runs as its own process
 * (server/main.ts), as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFile } from '../../engine/definition/types';
import { newReportDraft } from '../../engine/studio/draft';
import type { StudioDataset } from '../../engine/studio/wire';
import { md5Hex } from '../../server/auth/password';
import type { Db } from '../../server/db/types';
import { DEMO_PASSWORD } from './server';
import { coldCopy, dialectUnderTest, pgUrl } from './testdb';

const ROOT = join(import.meta.dirname, '..', '..');
const TENANT = 10139;

let copy: Awaited<ReturnType<typeof coldCopy>>;
let filesDir: string;

beforeAll(async () => {
  copy = await coldCopy();
  filesDir = mkdtempSync(join(tmpdir(), 'hm-crash-files-'));
});
afterAll(async () => {
  await copy?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Child {
  base: string;
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** The server in a process of its own on the copy, answering once /api/health does. */
async function startServer(fault: string | null): Promise<Child> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    HM_FILES_DIR: filesDir,
    HM_INSTANCE_ID: 'crash-test',
    HM_STATIC_DIR: '/nonexistent',
  };
  delete env.HM_FAULT;
  if (fault) env.HM_FAULT = fault;
  if (pgUrl) {
    env.HM_DATABASE_URL = copy.location;
    env.HM_DATA_DIR = filesDir;
  } else {
    delete env.HM_DATABASE_URL;
    env.HM_DATA_DIR = dirname(copy.location);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], { env, cwd: ROOT });
  let out = '';
  child.stdout.on('data', (b) => (out += String(b)));
  child.stderr.on('data', (b) => (out += String(b)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (gone) throw new Error(`the server stopped while starting:\n${out}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, process: child, exited, output: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within two minutes:\n${out}`);
}

async function stopServer(child: Child): Promise<void> {
  child.process.kill('SIGTERM');
  await child.exited;
}

/** The database while no server holds it (DuckDB admits one process per file). */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await copy.open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

interface Sent {
  status: number;
  replayed: boolean;
  body: { data: Record<string, unknown> };
}

async function send(base: string, path: string, token: string, body: unknown, key?: string): Promise<Sent> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) };
  const init: RequestInit =
    body instanceof FormData
      ? { method: 'POST', headers, body }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(base + path, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: JSON.parse(text) };
}

const ACCOUNTS = { admin: ['admin', 'HMT'], store: ['store01', 'HMD'] } as const;

async function login(base: string, who: keyof typeof ACCOUNTS): Promise<{ token: string; session: Record<string, unknown> }> {
  const [username, client] = ACCOUNTS[who];
  const res = await send(base, '/api/auth/login', '', { merchant_no: String(TENANT), username, password: md5Hex(DEMO_PASSWORD), client });
  return res.body.data as { token: string; session: Record<string, unknown> };
}

/** One kind of keyed create: what it sends, the id its answer names, and the ids of its records in the database. */
interface Create {
  name: string;
  key: string;
  who: keyof typeof ACCOUNTS;
  path: string;
  body(): unknown;
  idOf(answer: Sent): string;
  ids(db: Db): Promise<string[]>;
}

const column = async (db: Db, sql: string, params: unknown[] = []) => (await db.query<{ v: unknown }>(sql, params)).map((r) => String(r.v)).sort();

describe(`a keyed create whose process dies after its commit is answered, never created again (${dialectUnderTest})`, () => {
  let creates: Create[];
  let before: Map<string, string[]>;
  /** each create's record, as the database holds it after the crash */
  const crashed = new Map<string, string>();

  beforeAll(async () => {
    const fixtures = await withDb(async (db) => {
      const [store] = await db.query<{ org_code: string }>(`SELECT org_code FROM account WHERE tenant_id = ${TENANT} AND username = 'store01' AND client_type = 'HMD'`);
      return {
        storeCode: String(store.org_code),
        receipt: (await db.query<Record<string, unknown>>(`SELECT sku_no, supplier_no FROM sku WHERE tenant_id = ${TENANT} AND supplier_no IS NOT NULL ORDER BY sku_no LIMIT 1`))[0],
        stockSku: String((await db.query<{ sku_no: string }>(`SELECT sku_no FROM stock WHERE tenant_id = ${TENANT} AND org_code = $1 ORDER BY sku_no LIMIT 1`, [store.org_code]))[0].sku_no),
        reason: String((await db.query<{ reason_code: string }>(`SELECT reason_code FROM adjustment_reason WHERE tenant_id = ${TENANT} ORDER BY reason_code LIMIT 1`))[0].reason_code),
      };
    });
    // the studio's datasets and a stock adjustment to import into, from a server without the hook
    const server = await startServer(null);
    let datasets: StudioDataset[];
    let adjustNo: string;
    try {
      const admin = await login(server.base, 'admin');
      const store = await login(server.base, 'store');
      datasets = (await fetch(`${server.base}/api/studio/datasets`, { headers: { authorization: `Bearer ${admin.token}` } }).then((r) => r.json())).data.list;
      const draft = await send(server.base, '/api/documents/stock-adjustment', store.token, {
        header: { direction: '1', reason_code: fixtures.reason, adjust_time: '2026-11-20 10:00:00' },
        lines: [{ sku_no: fixtures.stockSku, qty: 1, cost_price: 1 }],
      });
      adjustNo = String(draft.body.data.no);
    } finally {
      await stopServer(server);
    }
    const report: ReportFile = newReportDraft({
      id: 100001,
      title: { zh: '崩溃后重试', en: 'Retried after a crash' },
      dataset: datasets.find((d) => d.id === 'sales')!,
      dimensions: ['org', 'brand'],
      forced: 'org',
      measures: ['sales', 'qty'],
      dateColumn: 'business_date',
      defaultKind: 'yesterday',
      restriction: 'to_yesterday',
      filters: [],
      clients: ['HMT'],
      area: 'sales',
    });
    const styleFile = readFileSync(join(ROOT, 'report-defs', 'print-styles', '102-1.json'));
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('导入').addRows([['商品编码', '调整数量', '成本价'], [fixtures.stockSku, 2, 1]]);
    const sheet = Buffer.from(await wb.xlsx.writeBuffer());

    creates = [
      {
        name: 'document',
        key: 'crash-document',
        who: 'admin',
        path: '/api/documents/purchase-receipt',
        body: () => ({
          header: { receive_type: '1', supplier_no: String(fixtures.receipt.supplier_no), org_code: fixtures.storeCode, receive_time: '2026-11-21 09:30:00' },
          lines: [{ sku_no: String(fixtures.receipt.sku_no), qty: 2, price: 3.5 }],
        }),
        idOf: (a) => String(a.body.data.no),
        ids: (db) => column(db, `SELECT receive_no AS v FROM purchase_receipt WHERE tenant_id = ${TENANT}`),
      },
      {
        name: 'studio report',
        key: 'crash-studio',
        who: 'admin',
        path: '/api/studio/reports',
        body: () => ({ report }),
        idOf: (a) => String(a.body.data.id),
        ids: (db) => column(db, `SELECT report_id AS v FROM studio_report WHERE tenant_id = ${TENANT}`),
      },
      {
        name: 'print style',
        key: 'crash-style',
        who: 'admin',
        path: '/api/print/set_print_model',
        body: () => {
          const form = new FormData();
          form.append('report_name', '崩溃后重试样式');
          form.append('source_type', '102');
          form.append('file', new Blob([styleFile]), 'style.json');
          return form;
        },
        idOf: (a) => String(a.body.data.id),
        ids: (db) => column(db, `SELECT id AS v FROM print_style WHERE tenant_id = ${TENANT}`),
      },
      {
        name: 'import',
        key: 'crash-import',
        who: 'store',
        path: '/api/import/stock_adjustment_item',
        body: () => {
          const form = new FormData();
          form.append('no', adjustNo);
          form.append('file', new Blob([sheet]), '调整明细.xlsx');
          return form;
        },
        idOf: (a) => String(a.body.data.job_id),
        ids: (db) => column(db, `SELECT job_id AS v FROM import_log WHERE tenant_id = ${TENANT} AND kind = 'import'`),
      },
    ];
    before = await withDb(async (db) => new Map(await Promise.all(creates.map(async (c) => [c.name, await c.ids(db)] as const))));
  }, 300_000);

  it('each create dies by SIGKILL after its commit; the record and its answer are committed with its key', async () => {
    for (const c of creates) {
      const server = await startServer('after-create-commit');
      const { token } = await login(server.base, c.who);
      await expect(send(server.base, c.path, token, c.body(), c.key), c.name).rejects.toThrow();
      expect(await server.exited, server.output()).toEqual({ code: null, signal: 'SIGKILL' });
    }
    await withDb(async (db) => {
      for (const c of creates) {
        const added = (await c.ids(db)).filter((id) => !before.get(c.name)!.includes(id));
        expect(added, c.name).toHaveLength(1);
        crashed.set(c.name, added[0]);
        const [key] = await db.query<{ response: string | null }>('SELECT response FROM idempotency_key WHERE tenant_id = $1 AND idem_key = $2', [TENANT, c.key]);
        expect(key.response, c.name).toContain(added[0]);
      }
    });
  }, 600_000);

  it('started again without the hook, the retry answers the same record and twenty concurrent retries create nothing', async () => {
    const server = await startServer(null);
    try {
      const tokens = { admin: (await login(server.base, 'admin')).token, store: (await login(server.base, 'store')).token };
      for (const c of creates) {
        const retry = await send(server.base, c.path, tokens[c.who], c.body(), c.key);
        expect(retry.replayed, c.name).toBe(true);
        expect(c.idOf(retry), c.name).toBe(crashed.get(c.name));
        const twenty = await Promise.all(Array.from({ length: 20 }, () => send(server.base, c.path, tokens[c.who], c.body(), c.key)));
        expect(new Set(twenty.map(c.idOf)), c.name).toEqual(new Set([c.idOf(retry)]));
        expect(twenty.every((a) => a.replayed && a.status === 200), c.name).toBe(true);
      }
    } finally {
      await stopServer(server);
    }
    await withDb(async (db) => {
      for (const c of creates) expect(await c.ids(db), c.name).toEqual([...before.get(c.name)!, crashed.get(c.name)!].sort());
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM purchase_receipt_item WHERE tenant_id = ${TENANT} AND receive_no = $1`, [crashed.get('document')]);
      expect(Number(n)).toBe(1);
    });
  }, 600_000);
});
