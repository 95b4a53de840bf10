/**
 * PDF rendering off the request thread: a few worker threads, each with a memory limit,
 * each job with a time limit, and a bounded queue. A job that runs too long or too large fails alone
 * with a message (its thread is replaced); a full queue refuses at once; the API never waits on a PDF.
 */
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { RenderJob, RenderReply } from './render-job';

export interface RenderLimits {
  /** render threads (one per spare core is plenty) */
  workers: number;
  /** jobs waiting for a thread beyond those running; more are refused */
  queue: number;
  /** a job's running time, from when a thread takes it */
  timeoutMs: number;
  /** heap of one render thread */
  memoryMb: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = { workers: 1, queue: 8, timeoutMs: 120_000, memoryMb: 256 };

export const RENDER_MESSAGES = {
  busy: '打印任务较多，请稍后再试',
  timeout: (s: number) => `打印超过${s}秒仍未完成，已停止：请减少打印的单据，或检查打印样式的排版`,
  memory: '打印内容过大，超出打印内存限制：请减少打印的单据或明细',
  failed: (why: string) => `打印失败：${why}`,
} as const;

/** Limits from HM_PRINT_WORKERS, HM_PRINT_QUEUE, HM_PRINT_TIMEOUT_MS, HM_PRINT_MEMORY_MB; defaults otherwise. */
export function renderLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RenderLimits {
  const num = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
  const d = DEFAULT_RENDER_LIMITS;
  return {
    workers: num(env.HM_PRINT_WORKERS, d.workers),
    queue: num(env.HM_PRINT_QUEUE, d.queue),
    timeoutMs: num(env.HM_PRINT_TIMEOUT_MS, d.timeoutMs),
    memoryMb: num(env.HM_PRINT_MEMORY_MB, d.memoryMb),
  };
}

interface Task {
  job: RenderJob;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

const BOOT = new URL('../worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./render-worker.ts', import.meta.url).href;

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS) {}

  /** The PDF of a job; 503 when the queue is full, 422 when the job breaks a limit. */
  render(job: RenderJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new HttpError(503, 'PRINT_BUSY', RENDER_MESSAGES.busy));
    return new Promise<Buffer>((resolve, reject) => {
      const task = { job, resolve, reject };
      const idle = this.idleSlot();
      if (idle) return this.start(idle, task);
      if (this.waiting.length >= this.limits.queue) return reject(new HttpError(503, 'PRINT_BUSY', RENDER_MESSAGES.busy));
      this.waiting.push(task);
    });
  }

  /** Jobs running and waiting, for tests and a look. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.task).length, waiting: this.waiting.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.waiting.splice(0)) t.reject(new HttpError(503, 'PRINT_BUSY', RENDER_MESSAGES.busy));
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s, new HttpError(503, 'PRINT_BUSY', RENDER_MESSAGES.busy))));
  }

  private idleSlot(): Slot | null {
    const free = this.slots.find((s) => !s.task);
    if (free) return free;
    if (this.slots.length >= this.limits.workers) return null;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, this.limits.memoryMb / 4) },
    });
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (reply: RenderReply) => {
      const task = slot.task;
      if (!task) return;
      this.finish(slot);
      if ('pdf' in reply) task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else task.reject(new HttpError(422, 'PRINT_FAILED', RENDER_MESSAGES.failed(reply.error)));
      this.next(slot);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.replace(slot, outOfMemory ? new HttpError(422, 'PRINT_TOO_LARGE', RENDER_MESSAGES.memory) : new HttpError(422, 'PRINT_FAILED', RENDER_MESSAGES.failed(err.message)));
    });
    worker.on('exit', () => this.replace(slot, new HttpError(422, 'PRINT_FAILED', RENDER_MESSAGES.failed('打印进程意外退出'))));
    // an idle render thread must not keep a finished process alive; after the listeners, as adding a
    // 'message' listener refs the thread again
    worker.unref();
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.timer = setTimeout(() => {
      void this.stop(slot, new HttpError(422, 'PRINT_TIMEOUT', RENDER_MESSAGES.timeout(Math.round(this.limits.timeoutMs / 1000))));
    }, this.limits.timeoutMs);
    slot.worker.postMessage({ id: this.nextId++, job: task.job });
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  private next(slot: Slot): void {
    const task = this.waiting.shift();
    if (task) this.start(slot, task);
  }

  /** Ends a thread (a job over its time) and fails its job. */
  private async stop(slot: Slot, reason: Error): Promise<void> {
    this.replace(slot, reason);
    await slot.worker.terminate();
  }

  /** A thread that is gone fails its job; the waiting jobs go to a fresh thread. */
  private replace(slot: Slot, reason: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const task = slot.task;
    this.finish(slot);
    task?.reject(reason);
    slot.worker.removeAllListeners('message');
    if (this.closed) return;
    const waiting = this.waiting.shift();
    if (!waiting) return;
    const fresh = this.idleSlot();
    if (fresh) this.start(fresh, waiting);
    else this.waiting.unshift(waiting);
  }
}
