/**
 * PDF rendering off the request thread, in the bounded worker pool (../worker-pool.ts): a job that runs
 * too long or too large fails alone with a message (its thread is replaced); a full queue refuses at
 * once; the API never waits on a PDF.
 */
import { HttpError } from '../http/errors';
import { BoundedPool, limitsFromEnv, type PoolLimits } from '../worker-pool';
import type { RenderJob, RenderReply } from './render-job';

export type RenderLimits = PoolLimits;

export const DEFAULT_RENDER_LIMITS: RenderLimits = { workers: 1, queue: 8, timeoutMs: 120_000, memoryMb: 256 };

export const RENDER_MESSAGES = {
  busy: '打印任务较多，请稍后再试',
  timeout: (s: number) => `打印超过${s}秒仍未完成，已停止：请减少打印的单据，或检查打印样式的排版`,
  memory: '打印内容过大，超出打印内存限制：请减少打印的单据或明细',
  failed: (why: string) => `打印失败：${why}`,
} as const;

/** Limits from HM_PRINT_WORKERS, HM_PRINT_QUEUE, HM_PRINT_TIMEOUT_MS, HM_PRINT_MEMORY_MB; defaults otherwise. */
export const renderLimitsFromEnv = (env: NodeJS.ProcessEnv = process.env): RenderLimits => limitsFromEnv('HM_PRINT', DEFAULT_RENDER_LIMITS, env);

const failed = (why: string) => new HttpError(422, 'PRINT_FAILED', RENDER_MESSAGES.failed(why));

export class RenderPool {
  private readonly pool: BoundedPool<RenderJob, Buffer>;

  constructor(readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS) {
    this.pool = new BoundedPool<RenderJob, Buffer>(
      {
        entry: new URL('./render-worker.ts', import.meta.url),
        refusals: {
          busy: () => new HttpError(503, 'PRINT_BUSY', RENDER_MESSAGES.busy),
          timeout: (s) => new HttpError(422, 'PRINT_TIMEOUT', RENDER_MESSAGES.timeout(s)),
          memory: () => new HttpError(422, 'PRINT_TOO_LARGE', RENDER_MESSAGES.memory),
          failed,
          exited: () => failed('打印进程意外退出'),
        },
        reply: (message) => {
          const reply = message as RenderReply;
          return 'pdf' in reply ? { value: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength) } : { error: reply.error };
        },
      },
      limits,
    );
  }

  /** The PDF of a job; 503 when the queue is full, 422 when the job breaks a limit. */
  render(job: RenderJob): Promise<Buffer> {
    return this.pool.run(job);
  }

  /** Jobs running and waiting, for tests and a look. */
  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
