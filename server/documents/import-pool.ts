/**
 * Reading an import's sheet off the request thread, in the bounded worker pool (../worker-pool.ts):
 * one reading thread by default, a heap limit and a time limit per file, a short queue. A file that
 * runs past a limit is refused alone (its thread is replaced) and the API goes on answering.
 */
import type { LineColumnDef } from '../../engine/document/types';
import { BoundedPool, limitsFromEnv, type PoolLimits } from '../worker-pool';
import { IMPORT_REFUSALS, refusalError } from './import-refusals';
import type { SheetRead } from './import-lines';

export interface ReadJob {
  path: string;
  columns: LineColumnDef[];
  /** rows kept at most */
  max: number;
}

export type ReadReply = { id: number; read: SheetRead } | { id: number; error: string };

/** Well inside the client's 120 s import call; a 1,000-line sheet reads in well under a second. */
export const DEFAULT_IMPORT_LIMITS: PoolLimits = { workers: 1, queue: 8, timeoutMs: 60_000, memoryMb: 256 };

/** Limits from HM_IMPORT_WORKERS, HM_IMPORT_QUEUE, HM_IMPORT_TIMEOUT_MS, HM_IMPORT_MEMORY_MB; defaults otherwise. */
export const importLimitsFromEnv = (env: NodeJS.ProcessEnv = process.env): PoolLimits => limitsFromEnv('HM_IMPORT', DEFAULT_IMPORT_LIMITS, env);

export class ImportPool {
  private readonly pool: BoundedPool<ReadJob, SheetRead>;

  constructor(readonly limits: PoolLimits = DEFAULT_IMPORT_LIMITS) {
    this.pool = new BoundedPool<ReadJob, SheetRead>(
      {
        entry: new URL('./import-worker.ts', import.meta.url),
        refusals: {
          busy: () => refusalError(IMPORT_REFUSALS.busy()),
          timeout: (s) => refusalError(IMPORT_REFUSALS.timeout(s)),
          memory: () => refusalError(IMPORT_REFUSALS.memory()),
          failed: (why) => refusalError(IMPORT_REFUSALS.failed(why)),
          exited: () => refusalError(IMPORT_REFUSALS.failed('读取进程意外退出')),
        },
        reply: (message) => {
          const reply = message as ReadReply;
          return 'read' in reply ? { value: reply.read } : { error: reply.error };
        },
      },
      limits,
    );
  }

  /** The sheet as read; an HttpError when the pool is full or the file breaks a limit. */
  read(job: ReadJob): Promise<SheetRead> {
    return this.pool.run(job);
  }

  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
