import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import { parseTemplate } from '../../engine/print/validate';
import { HttpError } from '../http/errors';
import { pdfText } from './pdf-text';
import { RenderPool, type RenderLimits } from './render-pool';
import type { RenderJob } from './render-job';

const parsed = parseTemplate(readFileSync(new URL('../../report-defs/print-styles/102-1.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error(parsed.message);
const template: PrintTemplate = parsed.template;

const receipt = (lines: number): PrintDocument => ({
  header: { receive_no: 'SH001', supplier_no_name: '上海某某食品有限公司', printed_at: '2026-11-24 10:00' },
  lines: Array.from({ length: lines }, (_, i) => ({ sku_no: `SKU${1000 + i}`, sku_no_name: `商品${i}`, qty: 2, price: 3.5, amount: 7 })),
});

/** A long print: 200 copies of a 1000-line receipt (one document, listed 200 times). */
const bigJob = (copies = 200): RenderJob => ({ kind: 'documents', template, documents: [receipt(1000)], order: Array(copies).fill(0) });
const smallJob: RenderJob = { kind: 'documents', template, documents: [receipt(3)], order: [0] };

let pool: RenderPool | null = null;
const open = (limits: Partial<RenderLimits> = {}) => (pool = new RenderPool({ workers: 1, queue: 4, timeoutMs: 60_000, memoryMb: 512, ...limits }));
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const failure = (p: Promise<unknown>) => p.then(() => null, (e: HttpError) => ({ status: e.statusCode, code: e.code, message: e.message }));

describe('PDF render pool', { timeout: 120_000 }, () => {
  it('renders on a worker thread: a document listed twice prints twice', async () => {
    const pdf = await open().render({ ...smallJob, order: [0, 0] });
    const text = pdfText(pdf);
    expect(text.match(/SKU1002/g)).toHaveLength(2);
  });

  it('a job over its time limit fails alone with a message; the next job gets a fresh thread', async () => {
    const p = open({ timeoutMs: 300 });
    const slow = await failure(p.render(bigJob()));
    expect(slow).toEqual({ status: 422, code: 'PRINT_TIMEOUT', message: expect.stringMatching(/^打印超过\d+秒仍未完成/) });
    expect(p.load).toEqual({ running: 0, waiting: 0 });
    // the same pool goes on with a fresh thread; 300 ms may be short for its start on a busy machine
    const next = await p.render(smallJob).catch((e: HttpError) => e);
    expect(next instanceof HttpError ? next.code : pdfText(next)).toMatch(/PRINT_TIMEOUT|SKU1000/);
  });

  it('a job over the memory limit fails with a message instead of taking the process down', async () => {
    const p = open({ memoryMb: 48 });
    // the lines alone fill the thread's heap once cloned into it
    const big = await failure(p.render({ kind: 'documents', template, documents: [receipt(400_000)], order: [0] }));
    expect(big).toMatchObject({ status: 422, code: 'PRINT_TOO_LARGE', message: '打印内容过大，超出打印内存限制：请减少打印的单据或明细' });
  });

  it('a full queue refuses at once (503) while the running and queued jobs finish', async () => {
    const p = open({ queue: 1 });
    const running = p.render(smallJob);
    const queued = p.render(smallJob);
    expect(await failure(p.render(smallJob))).toEqual({ status: 503, code: 'PRINT_BUSY', message: '打印任务较多，请稍后再试' });
    expect((await running).length).toBeGreaterThan(1000);
    expect((await queued).length).toBeGreaterThan(1000);
  });

  it('a long print leaves the event loop free while it renders', async () => {
    const p = open();
    await p.render(smallJob); // thread started
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const pdf = await p.render(bigJob(20));
    delay.disable();
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(Date.now() - started).toBeGreaterThan(1000);
    // the main thread only posted the job and received the bytes
    expect(delay.max / 1e6).toBeLessThan(250);
  });
});
