/**
 * Bounded work off the request thread: a few worker threads, each with a memory limit, each job with a
 * time limit, and a bounded queue. A job that runs too long or too large fails alone with its refusal
 * (its thread is ended and replaced); a full queue refuses at once; the API never waits on the work.
 * Used by printing (print/render-pool.ts) and the line import's sheet reading (documents/import-pool.ts).
 */
import { Worker } from 'node:worker_threads';

export interface PoolLimits {
  /** threads (one per spare core is plenty) */
  workers: number;
  /** jobs waiting for a thread beyond those running; more are refused */
  queue: number;
  /** a job's running time, from when a thread takes it */
  timeoutMs: number;
  /** heap of one thread */
  memoryMb: number;
}

/** The errors a pool answers with, made by its user (codes and messages are theirs). */
export interface PoolRefusals {
  busy(): Error;
  timeout(seconds: number): Error;
  memory(): Error;
  failed(why: string): Error;
  /** the thread ended by itself mid-job */
  exited(): Error;
}

export interface PoolSpec<R> {
  /** the worker's .ts entry, loaded through worker-boot.mjs */
  entry: URL;
  refusals: PoolRefusals;
  /** a worker's reply ({ id, … }) as the job's result, or the message of its failure */
  reply(message: unknown): { value: R } | { error: string };
}

/** Limits from `${prefix}_WORKERS`, `_QUEUE`, `_TIMEOUT_MS`, `_MEMORY_MB`; the defaults otherwise. */
export function limitsFromEnv(prefix: string, defaults: PoolLimits, env: NodeJS.ProcessEnv = process.env): PoolLimits {
  const num = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
  return {
    workers: num(env[`${prefix}_WORKERS`], defaults.workers),
    queue: num(env[`${prefix}_QUEUE`], defaults.queue),
    timeoutMs: num(env[`${prefix}_TIMEOUT_MS`], defaults.timeoutMs),
    memoryMb: num(env[`${prefix}_MEMORY_MB`], defaults.memoryMb),
  };
}

interface Task<J, R> {
  job: J;
  transfer: ArrayBuffer[];
  resolve(value: R): void;
  reject(err: Error): void;
}

interface Slot<J, R> {
  worker: Worker;
  task: Task<J, R> | null;
  timer: NodeJS.Timeout | null;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);

export class BoundedPool<J, R> {
  private readonly slots: Slot<J, R>[] = [];
  private readonly waiting: Task<J, R>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly spec: PoolSpec<R>,
    readonly limits: PoolLimits,
  ) {}

  /** The job's result; the pool's busy refusal when the queue is full, its other refusals when the job breaks a limit. */
  run(job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.closed) return Promise.reject(this.spec.refusals.busy());
    return new Promise<R>((resolve, reject) => {
      const task = { job, transfer, resolve, reject };
      const idle = this.idleSlot();
      if (idle) return this.start(idle, task);
      if (this.waiting.length >= this.limits.queue) return reject(this.spec.refusals.busy());
      this.waiting.push(task);
    });
  }

  /** Jobs running and waiting, for tests and a look. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.task).length, waiting: this.waiting.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.waiting.splice(0)) t.reject(this.spec.refusals.busy());
    await Promise.all(this.slots.splice(0).map((s) => this.stop(s, this.spec.refusals.busy())));
  }

  private idleSlot(): Slot<J, R> | null {
    const free = this.slots.find((s) => !s.task);
    if (free) return free;
    if (this.slots.length >= this.limits.workers) return null;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot<J, R> {
    const { refusals } = this.spec;
    const worker = new Worker(BOOT, {
      workerData: { entry: this.spec.entry.href },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, this.limits.memoryMb / 4) },
    });
    const slot: Slot<J, R> = { worker, task: null, timer: null };
    worker.on('message', (message: unknown) => {
      const task = slot.task;
      if (!task) return;
      this.finish(slot);
      const outcome = this.spec.reply(message);
      if ('value' in outcome) task.resolve(outcome.value);
      else task.reject(refusals.failed(outcome.error));
      this.next(slot);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      this.replace(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusals.memory() : refusals.failed(err.message));
    });
    worker.on('exit', () => this.replace(slot, refusals.exited()));
    // an idle thread must not keep a finished process alive; after the listeners, as adding a
    // 'message' listener refs the thread again
    worker.unref();
    return slot;
  }

  private start(slot: Slot<J, R>, task: Task<J, R>): void {
    slot.task = task;
    slot.timer = setTimeout(() => {
      void this.stop(slot, this.spec.refusals.timeout(Math.round(this.limits.timeoutMs / 1000)));
    }, this.limits.timeoutMs);
    slot.worker.postMessage({ id: this.nextId++, job: task.job }, task.transfer);
  }

  private finish(slot: Slot<J, R>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  private next(slot: Slot<J, R>): void {
    const task = this.waiting.shift();
    if (task) this.start(slot, task);
  }

  /** Ends a thread (a job over its time) and fails its job. */
  private async stop(slot: Slot<J, R>, reason: Error): Promise<void> {
    this.replace(slot, reason);
    await slot.worker.terminate();
  }

  /** A thread that is gone fails its job; the waiting jobs go to a fresh thread. */
  private replace(slot: Slot<J, R>, reason: Error): void {
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
