/**
 * `npm run load` as a retailer runs it, in a process of its own: on PostgreSQL it loads directly; on
 * DuckDB, whose file the running server holds, it hands the files to the server's inbox and prints
 * the server's result. The inbox claims each batch once, leaves batches without READY alone, and
 * loads a batch again that a stopped server had taken without finishing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainInbox, inboxDir, READY, RESULT, TAKEN } from '../../server/ingest/inbox';
import { startTestServer, type TestServer } from './server';
import { dialectUnderTest, pgUrl, withDatabase } from './testdb';

const SAMPLE = join(import.meta.dirname, '..', 'fixtures', 'load-sample');
const ROOT = join(import.meta.dirname, '..', '..');
let s: TestServer;
let dataDir: string;
const folders: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  dataDir = pgUrl ? mkdtempSync(join(tmpdir(), 'hm-inbox-')) : s.testDb.location;
}, 300_000);
afterAll(async () => {
  await s?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
  if (pgUrl) rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string) => Number(Object.values((await s.testDb.db.query(sql))[0])[0]);

function sample(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-cli-'));
  folders.push(dir);
  cpSync(SAMPLE, dir, { recursive: true });
  return dir;
}

/** Runs the command to its end, draining the inbox meanwhile as the server's timer would. */
async function runLoad(folder: string): Promise<{ code: number; out: string }> {
  const env = { ...process.env, HM_DATA_DIR: dataDir, ...(pgUrl ? { HM_DATABASE_URL: withDatabase(pgUrl, s.testDb.location) } : {}) };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'load.ts'), '--tenant', '10139', folder], { env, cwd: ROOT });
  let out = '';
  child.stdout.on('data', (b) => (out += String(b)));
  child.stderr.on('data', (b) => (out += String(b)));
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  while (exited === null) {
    await drainInbox(s.app, dataDir);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { code: exited, out };
}

describe(`npm run load beside a running server (${dialectUnderTest})`, () => {
  it(pgUrl ? 'loads into PostgreSQL directly' : 'hands the files to the server holding the DuckDB file and prints its result', async () => {
    const { code, out } = await runLoad(sample());
    expect(code, out).toBe(0);
    expect(out).toContain('written in one transaction');
    expect(out.includes('files handed to it')).toBe(!pgUrl);
    expect(await count("SELECT COUNT(*) FROM sku WHERE tenant_id = 10139 AND sku_no LIKE 'K90%'")).toBe(3);
  });

  it("the README's second step: a day of sample sales at the sample stores loads and posts", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hm-cli-sales-'));
    folders.push(folder);
    const made = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'sample-sales.ts'), folder], { cwd: ROOT, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const { code, out } = await runLoad(folder);
    expect(code, out).toBe(0);
    expect(await count("SELECT COUNT(*) FROM sales_order WHERE tenant_id = 10139 AND order_no LIKE 'SMP%'")).toBe(6);
    expect(await count("SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139 AND doc_no LIKE 'SMP%' AND org_code IN ('2901', '2902')")).toBe(12);
  });

  it('a refused load prints its rejects and leaves rejects.csv in the folder', async () => {
    const folder = sample();
    writeFileSync(join(folder, 'brand.csv'), 'brand_code,brand_name\nB901,\n');
    const { code, out } = await runLoad(folder);
    expect(code, out).toBe(1);
    expect(out).toContain('nothing written');
    expect(readFileSync(join(folder, 'rejects.csv'), 'utf8')).toContain('必填项为空');
  });
});

describe(`the inbox (${dialectUnderTest})`, () => {
  const batch = (name: string, ready: boolean) => {
    const dir = join(inboxDir(dataDir), '10139', name);
    mkdirSync(dir, { recursive: true });
    cpSync(SAMPLE, dir, { recursive: true });
    if (ready) writeFileSync(join(dir, READY), '');
    return dir;
  };

  it('loads a ready batch once, leaves an incomplete one alone, and retries a taken one only at start', async () => {
    const incomplete = batch('b1-incomplete', false);
    const ready = batch('b2-ready', true);
    const taken = batch('b3-taken', true);
    renameSync(join(taken, READY), join(taken, TAKEN));
    const first = await drainInbox(s.app, dataDir);
    expect(first).toHaveLength(1);
    expect(existsSync(join(ready, RESULT))).toBe(true);
    expect(existsSync(join(incomplete, RESULT)) || existsSync(join(taken, RESULT))).toBe(false);
    expect(await drainInbox(s.app, dataDir)).toHaveLength(0);
    const restart = await drainInbox(s.app, dataDir, true);
    expect(restart).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(taken, RESULT), 'utf8'))).toMatchObject({ merchantNo: '10139', ok: true });
  });

  it('an unknown merchant gets its reason in .result.json', async () => {
    const dir = join(inboxDir(dataDir), '99999', 'b1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, READY), '');
    await drainInbox(s.app, dataDir);
    expect(JSON.parse(readFileSync(join(dir, RESULT), 'utf8'))).toMatchObject({ ok: false, error: expect.stringContaining('99999') });
  });
});
