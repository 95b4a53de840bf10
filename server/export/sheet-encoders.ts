/**
 * Sheet rows encoded on worker threads: while a thread encodes one chunk of an export, the export
 * reads the next from the database and the thread pool deflates the last, so the three overlap
 * instead of taking turns on the main thread. A thread that fails fails the chunks it holds (and so
 * their exports) and a fresh one takes later chunks. Idle threads do not keep the process alive.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { toWire, type EncodeJob, type EncodeReply } from './sheet-encode-job';
import type { RowPlan, SheetColumn } from './sheet-rows';

const BOOT = new URL('../worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./sheet-encode-worker.ts', import.meta.url).href;

interface Pending {
  resolve(pieces: Buffer[]): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class SheetEncoders {
  private readonly threads: Thread[] = [];
  private nextId = 1;

  constructor(readonly size: number) {}

  /** Rows 0…rowCount-1 of the columns as sheet rows numbered from `firstRowNumber`, in pieces. */
  encode(plan: RowPlan, columns: readonly SheetColumn[], rowCount: number, firstRowNumber: number): Promise<Buffer[]> {
    const job: EncodeJob = { plan, columns: columns.map(toWire), rowCount, firstRowNumber };
    const thread = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // a thread with work keeps the process alive until it answers; an idle one does not
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private leastBusy(): Thread {
    const idle = this.threads.find((t) => t.pending.size === 0);
    if (idle) return idle;
    if (this.threads.length < this.size) return this.spawn();
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private spawn(): Thread {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY } });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (reply: EncodeReply) => {
      const task = thread.pending.get(reply.id);
      if (!task) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.pieces.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
    });
    const gone = (err: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      for (const task of thread.pending.values()) task.reject(err);
      thread.pending.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`sheet encoding thread exited (${code})`)));
    // after the listeners: adding a 'message' listener refs the thread again
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

let shared: SheetEncoders | null = null;

/** The process's sheet encoders: one thread per core beside the main thread (at least one). */
export function sheetEncoders(): SheetEncoders {
  shared ??= new SheetEncoders(Math.max(1, availableParallelism() - 1));
  return shared;
}
