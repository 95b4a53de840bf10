/**
 * Idempotent creates (docs/architecture.md, 'Rules of the house'): a create carrying an
 * Idempotency-Key answers the first result to every repeat of it, even twenty at once, and stores one
 * document. Multipart creates (print styles, imports) are bound to their fields and files the same way.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../engine/document/wire';
import { sqlTimestamp } from '../../server/clock';
import { IDEMPOTENCY_MESSAGES, idempotent } from '../../server/http/idempotency';
import { bearer, startWithAccounts, type TestServer } from './server';

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let tokens: Record<string, string>;
let sessions: Awaited<ReturnType<typeof startWithAccounts>>['sessions'];
let body: { header: Record<string, string>; lines: Record<string, string | number>[] };

beforeAll(async () => {
  env = await startWithAccounts([
    ['admin', 'admin', 'HMT', '10139'],
    ['store', 'store01', 'HMD', '10139'],
  ]);
  ({ server: s, tokens, sessions } = env);
  const [sku] = await q("SELECT sku_no, supplier_no FROM sku WHERE tenant_id = 10139 AND supplier_no IS NOT NULL ORDER BY sku_no LIMIT 1");
  body = {
    header: { receive_type: '1', supplier_no: String(sku.supplier_no), org_code: String(sessions.store.org_code), receive_time: '2026-11-21 09:30:00' },
    lines: [{ sku_no: String(sku.sku_no), qty: 2, price: 3.5 }],
  };
});
afterAll(() => env?.close());

const q = (sql: string, params: unknown[] = []) => s.testDb.db.query<Record<string, unknown>>(sql, params);
const receipts = async () => Number((await q('SELECT count(*) AS n FROM purchase_receipt WHERE tenant_id = 10139'))[0].n);
const create = (key: string | undefined, payload: unknown = body, who: 'admin' | 'store' = 'admin') =>
  s.app.inject({
    method: 'POST',
    url: '/api/documents/purchase-receipt',
    headers: { ...bearer(tokens[who]), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });
const noOf = (res: { json(): unknown }) => (res.json() as { data: DocumentDetail }).data.no;

describe('Idempotency-Key on document creates', () => {
  it('twenty concurrent creates with one key store one document and all answer it', async () => {
    const before = await receipts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => create('k-concurrent-1')));
    expect(answers[0].json()).toMatchObject({ status: '200', message: 'ok' });
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const nos = new Set(answers.map(noOf));
    expect(nos.size).toBe(1);
    expect(await receipts()).toBe(before + 1);
    const [no] = [...nos];
    expect(await q('SELECT count(*) AS n FROM purchase_receipt_item WHERE tenant_id = 10139 AND receive_no = $1', [no])).toEqual([{ n: 1 }]);
  });

  it('a repeat later answers the first document, marked as replayed, and stores nothing', async () => {
    const first = await create('k-repeat');
    const before = await receipts();
    const again = await create('k-repeat');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(noOf(again)).toBe(noOf(first));
    expect(again.json()).toEqual(first.json());
    expect(await receipts()).toBe(before);
  });

  it('the key may be sent in the draft\'s quoted form', async () => {
    const first = await create('"k-quoted"');
    const again = await create('k-quoted');
    expect(noOf(again)).toBe(noOf(first));
  });

  it('the same key with another request is refused with 422 and stores nothing', async () => {
    await create('k-reused');
    const before = await receipts();
    const other = await create('k-reused', { ...body, lines: [{ ...body.lines[0], qty: 7 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await receipts()).toBe(before);
  });

  it('keys belong to one account: another account with the same key gets its own document', async () => {
    const admin = await create('k-shared');
    const store = await create('k-shared', body, 'store');
    expect(store.statusCode).toBe(200);
    expect(noOf(store)).not.toBe(noOf(admin));
  });

  it('a refused create gives the key back: the corrected request with it creates the document', async () => {
    const before = await receipts();
    const refused = await create('k-fix', { ...body, lines: [] });
    expect(refused.statusCode).toBe(400);
    expect(await receipts()).toBe(before);
    const fixed = await create('k-fix');
    expect(fixed.statusCode).toBe(200);
    expect(await receipts()).toBe(before + 1);
    expect(noOf(await create('k-fix'))).toBe(noOf(fixed));
  });

  it('a malformed key is refused with 400 and nothing is stored', async () => {
    const before = await receipts();
    for (const bad of ['', 'x'.repeat(201), 'has space']) {
      const res = await create(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_IDEMPOTENCY_KEY', message: IDEMPOTENCY_MESSAGES.badKey });
    }
    expect(await receipts()).toBe(before);
  });

  it('without a key every create stores a document, as before', async () => {
    const before = await receipts();
    const [a, b] = [await create(undefined), await create(undefined)];
    expect(noOf(a)).not.toBe(noOf(b));
    expect(await receipts()).toBe(before + 2);
  });

  it('a key older than a day is forgotten: it creates again', async () => {
    const first = await create('k-old');
    await q("UPDATE idempotency_key SET created_at = CAST($1 AS TIMESTAMP) WHERE idem_key = 'k-old'", [sqlTimestamp(new Date(Date.now() - 25 * 3600_000))]);
    const again = await create('k-old');
    expect(again.statusCode).toBe(200);
    expect(noOf(again)).not.toBe(noOf(first));
  });

  it('a create that committed but whose process stopped before answering is not created again', async () => {
    const first = await create('k-crashed');
    expect(first.statusCode).toBe(200);
    const before = await receipts();
    // what a crash between the create's commit and its stored answer leaves: its key sealed, three minutes ago, without an answer
    await q("UPDATE idempotency_key SET status_code = NULL, response = NULL, sealed_at = CAST($1 AS TIMESTAMP), created_at = CAST($1 AS TIMESTAMP) WHERE idem_key = 'k-crashed'", [
      sqlTimestamp(new Date(Date.now() - 3 * 60_000)),
    ]);
    const again = await create('k-crashed');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IDEMPOTENCY_DONE_UNANSWERED', message: IDEMPOTENCY_MESSAGES.doneUnanswered });
    expect(await receipts()).toBe(before);
  });

  it('a claim left unanswered by a stopped process is taken over after two minutes', async () => {
    await q(
      "INSERT INTO idempotency_key (tenant_id, account_id, idem_key, fingerprint, created_at) SELECT tenant_id, account_id, 'k-stale', 'x', CAST($1 AS TIMESTAMP) FROM account WHERE tenant_id = 10139 AND username = 'admin' AND client_type = 'HMT'",
      [sqlTimestamp(new Date(Date.now() - 3 * 60_000))],
    );
    const res = await create('k-stale');
    expect(res.statusCode).toBe(200);
    expect(noOf(await create('k-stale'))).toBe(noOf(res));
  });
});

/** A multipart body with a boundary of its own, as every browser send has. */
function multipart(fields: Record<string, string>, file: { name: string; content: Buffer | string }) {
  const boundary = '----hmidem' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const sendForm = (url: string, who: 'admin' | 'store', key: string | undefined, fields: Record<string, string>, file: { name: string; content: Buffer | string }) => {
  const form = multipart(fields, file);
  return s.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(tokens[who]), ...(key === undefined ? {} : { 'idempotency-key': key }) } });
};
const refusedAsReused = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
};

describe('Idempotency-Key on multipart creates: bound to the fields and the file', () => {
  const template = (type: number) => readFileSync(new URL(`../../report-defs/print-styles/${type}-1.json`, import.meta.url), 'utf8');
  const style = (key: string | undefined, fields: Record<string, string>, file = { name: 'style.json', content: template(102) }) =>
    sendForm('/api/print/set_print_model', 'admin', key, fields, file);
  const styles = async (name: string) => Number((await q('SELECT count(*) AS n FROM print_style WHERE tenant_id = 10139 AND report_name = $1', [name]))[0].n);
  const styleName = async (id: number) => String((await q('SELECT report_name FROM print_style WHERE tenant_id = 10139 AND id = $1', [id]))[0].report_name);
  const idOf = (res: { json(): unknown }) => (res.json() as { data: { id: number } }).data.id;

  it('a print style with another name, type and file under a used key is refused 422 and stores nothing; the same form replays', async () => {
    const first = await style('m-style', { report_name: '幂等多部分甲', source_type: '102' });
    expect(first.statusCode, first.body).toBe(200);
    refusedAsReused(await style('m-style', { report_name: '幂等多部分乙', source_type: '26' }, { name: 'other.json', content: template(26) }));
    expect(await styles('幂等多部分乙')).toBe(0);
    // only the file differs: its bytes are part of the request
    refusedAsReused(await style('m-style', { report_name: '幂等多部分甲', source_type: '102' }, { name: 'style.json', content: template(102).replace('{', '{ ') }));
    const again = await style('m-style', { report_name: '幂等多部分甲', source_type: '102' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(idOf(again)).toBe(idOf(first));
    expect(await styles('幂等多部分甲')).toBe(1);
  });

  it('one key for edits of two styles: the second edit is refused 422 and leaves its style as it was', async () => {
    const a = idOf(await style(undefined, { report_name: '幂等编辑甲', source_type: '102' }));
    const b = idOf(await style(undefined, { report_name: '幂等编辑乙', source_type: '102' }));
    expect((await style('m-edit', { id: String(a), report_name: '幂等编辑甲改', source_type: '102' })).statusCode).toBe(200);
    refusedAsReused(await style('m-edit', { id: String(b), report_name: '幂等编辑乙改', source_type: '102' }));
    expect([await styleName(a), await styleName(b)]).toEqual(['幂等编辑甲改', '幂等编辑乙']);
  });

  it('twenty concurrent identical multipart creates with one key store one style and all answer it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => style('m-twenty', { report_name: '幂等并发样式', source_type: '102' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map(idOf)).size).toBe(1);
    expect(await styles('幂等并发样式')).toBe(1);
  });

  it('one key for imports into another document with another file: refused 422, nothing imported; the same import replays its job', async () => {
    const [sku] = await q('SELECT sku_no FROM stock WHERE tenant_id = 10139 AND org_code = $1 ORDER BY sku_no LIMIT 1', [sessions.store.org_code]);
    const [reason] = await q('SELECT reason_code FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1');
    const draft = async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/documents/stock-adjustment',
        headers: bearer(tokens.store),
        payload: { header: { direction: '1', reason_code: String(reason.reason_code), adjust_time: '2026-11-20 10:00:00' }, lines: [{ sku_no: String(sku.sku_no), qty: 1, cost_price: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return noOf(res);
    };
    const drafts = [await draft(), await draft()];
    const lines = async (no: string) => Number((await q('SELECT count(*) AS n FROM stock_adjustment_item WHERE tenant_id = 10139 AND adjust_no = $1', [no]))[0].n);
    const sheet = async (qty: number) => {
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('导入').addRows([['商品编码', '调整数量', '成本价'], [String(sku.sku_no), qty, 1]]);
      return { name: '调整明细.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) };
    };
    const [one, two] = [await sheet(1), await sheet(2)];
    const importInto = (no: string, file: { name: string; content: Buffer }) => sendForm('/api/import/stock_adjustment_item', 'store', 'm-import', { no }, file);
    const before = await Promise.all(drafts.map(lines));
    const first = await importInto(drafts[0], one);
    expect(first.statusCode, first.body).toBe(200);
    const job = (first.json() as { data: { job_id: string } }).data.job_id;
    await s.app.jobs.waitFor(job, 30_000);
    refusedAsReused(await importInto(drafts[1], two));
    refusedAsReused(await importInto(drafts[0], two));
    const again = await importInto(drafts[0], one);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as { data: { job_id: string } }).data.job_id).toBe(job);
    expect(await Promise.all(drafts.map(lines))).toEqual([before[0] + 1, before[1]]);
    expect(await q("SELECT count(*) AS n FROM import_log WHERE tenant_id = 10139 AND kind = 'import' AND title LIKE $1", [`%${drafts[1]}%`])).toEqual([{ n: 0 }]);
  });
});

/**
 * The seal, on a route whose timing the test controls: a probe table stands for the created record,
 * written by the handler in one transaction with the key's seal.
 */
describe('the seal commits the key with the record it creates', () => {
  let probe: FastifyInstance;
  let account: number;
  const gates = new Map<string, Promise<void>>();
  const after = new Map<string, 'throw' | 'no-answer'>();
  const rows = async (key: string) => Number((await q('SELECT count(*) AS n FROM idem_probe WHERE k = $1', [key]))[0].n);
  const send = (key: string) => probe.inject({ method: 'POST', url: '/probe', headers: { 'idempotency-key': key }, payload: { key } });

  beforeAll(async () => {
    await q('CREATE TABLE idem_probe (k VARCHAR(40), n INTEGER)');
    [{ account_id: account }] = (await q("SELECT account_id FROM account WHERE tenant_id = 10139 AND username = 'admin' AND client_type = 'HMT'")) as { account_id: number }[];
    probe = Fastify();
    probe.decorate('db', s.testDb.db);
    probe.decorateRequest('session', null);
    probe.addHook('onRequest', async (req) => {
      (req as unknown as { session: unknown }).session = { tenant_id: 10139, account_id: Number(account) };
    });
    probe.post<{ Body: { key: string } }>(
      '/probe',
      idempotent(async (req, _reply, seal) => {
        const key = req.body.key;
        await gates.get(key);
        const n = await s.testDb.db.transaction(async (tx) => {
          const [{ c }] = await tx.query<{ c: number }>('SELECT count(*) AS c FROM idem_probe');
          await tx.query('INSERT INTO idem_probe (k, n) VALUES ($1, $2)', [key, Number(c) + 1]);
          await seal(tx);
          return Number(c) + 1;
        });
        if (after.get(key) === 'throw') throw new Error('the answer could not be built');
        // the answer's own statement fails: the key table is away while the answer is stored
        if (after.get(key) === 'no-answer') await s.testDb.db.exec('ALTER TABLE idempotency_key RENAME TO idempotency_key_away');
        return { n };
      }),
    );
    probe.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
      reply.code(err.statusCode ?? 500).send({ code: err.code, message: err.message });
    });
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
    await q('DROP TABLE IF EXISTS idem_probe');
  });

  it('twenty at once create one record and answer it twenty times', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('p-twenty')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await rows('p-twenty')).toBe(1);
  });

  it('a request whose claim was taken over cannot commit its record: only the one that took over creates', async () => {
    let open!: () => void;
    gates.set('p-slow', new Promise<void>((resolve) => (open = resolve)));
    const slow = send('p-slow');
    // the slow request holds its claim; it goes stale as if its process had hung for three minutes
    await expect.poll(async () => (await q("SELECT count(*) AS n FROM idempotency_key WHERE idem_key = 'p-slow'"))[0].n).toEqual(1);
    await q("UPDATE idempotency_key SET created_at = CAST($1 AS TIMESTAMP) WHERE idem_key = 'p-slow'", [sqlTimestamp(new Date(Date.now() - 3 * 60_000))]);
    gates.delete('p-slow');
    const taker = await send('p-slow');
    expect(taker.statusCode).toBe(200);
    open();
    const late = await slow;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await rows('p-slow')).toBe(1);
    const repeat = await send('p-slow');
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(taker.body);
  });

  it('a failure after the record committed keeps the key: repeats are told it exists and create nothing', async () => {
    after.set('p-late-failure', 'throw');
    const first = await send('p-late-failure');
    expect(first.statusCode).toBe(500);
    after.delete('p-late-failure');
    const again = await send('p-late-failure');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IDEMPOTENCY_DONE_UNANSWERED', message: IDEMPOTENCY_MESSAGES.doneUnanswered });
    expect(await rows('p-late-failure')).toBe(1);
  });

  it('an answer that could not be stored still reaches the client; repeats are told the record exists', async () => {
    after.set('p-unstored', 'no-answer');
    let first;
    try {
      first = await send('p-unstored');
    } finally {
      await q('ALTER TABLE idempotency_key_away RENAME TO idempotency_key');
      after.delete('p-unstored');
    }
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ n: expect.any(Number) });
    await q("UPDATE idempotency_key SET sealed_at = CAST($1 AS TIMESTAMP) WHERE idem_key = 'p-unstored'", [sqlTimestamp(new Date(Date.now() - 3 * 60_000))]);
    const again = await send('p-unstored');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IDEMPOTENCY_DONE_UNANSWERED' });
    expect(await rows('p-unstored')).toBe(1);
  });

  it('a failure before the record committed gives the key back: the retry creates it once', async () => {
    let fail!: (err: Error) => void;
    gates.set('p-early-failure', new Promise<void>((_resolve, reject) => (fail = reject)));
    const first = send('p-early-failure');
    await expect.poll(async () => (await q("SELECT count(*) AS n FROM idempotency_key WHERE idem_key = 'p-early-failure'"))[0].n).toEqual(1);
    fail(new Error('refused'));
    expect((await first).statusCode).toBe(500);
    gates.delete('p-early-failure');
    expect(await rows('p-early-failure')).toBe(0);
    expect((await send('p-early-failure')).statusCode).toBe(200);
    expect(await rows('p-early-failure')).toBe(1);
  });
});
