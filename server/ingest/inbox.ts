/**
 * The drop folder (docs/loading.md): DuckDB admits one writing process, so while the server runs,
 * `npm run load` hands its files to it instead of opening the database. A batch is a folder
 * `<inbox>/<merchant_no>/<batch>/` holding the files; the `.ready` file, written last, says it is
 * complete. The server claims a ready batch by renaming .ready to .taken (one claim wins), loads it on
 * the merchant's shard like the command would, and writes `.result.json` (and `rejects.csv`) beside the
 * files, which the waiting command prints. A batch taken but without a result when the server starts
 * was cut short by a stop or a crash: its load wrote nothing (one transaction), so it is loaded again.
 */
import { existsSync } from 'node:fs';
import { readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { merchantShard } from '../db/sharded';
import { dataContract } from './contract-fs';
import { LoadError, loadFolder, tenantOf, type LoadResult } from './load';

// dot names: the loader reads every other file of the folder as a table
export const READY = '.ready';
export const TAKEN = '.taken';
export const RESULT = '.result.json';
/** present in a batch handed over with `--history` */
export const HISTORY = '.history';
export const INBOX_INTERVAL_MS = 2_000;

export const inboxDir = (dataDir: string) => join(dataDir, 'inbox');

/** What `.result.json` holds: the load's result, or why it could not start. */
export type InboxResult = (Omit<LoadResult, 'rejectList'> & { merchantNo: string }) | { merchantNo: string; ok: false; error: string };

async function dirs(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  return (await readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** Loads every ready batch (and every taken one without a result, when `retryTaken`), oldest name first. */
export async function drainInbox(app: FastifyInstance, dataDir: string, retryTaken = false): Promise<InboxResult[]> {
  const done: InboxResult[] = [];
  for (const merchantNo of await dirs(inboxDir(dataDir))) {
    for (const batch of await dirs(join(inboxDir(dataDir), merchantNo))) {
      const folder = join(inboxDir(dataDir), merchantNo, batch);
      if (existsSync(join(folder, RESULT))) continue;
      const claimed = await rename(join(folder, READY), join(folder, TAKEN)).then(
        () => true,
        () => retryTaken && existsSync(join(folder, TAKEN)),
      );
      if (!claimed) continue;
      const result = await loadBatch(app, merchantNo, folder);
      await writeFile(join(folder, `${RESULT}.part`), JSON.stringify(result, null, 1));
      await rename(join(folder, `${RESULT}.part`), join(folder, RESULT));
      app.log.info({ merchantNo, batch, ok: result.ok }, 'inbox batch loaded');
      done.push(result);
    }
  }
  return done;
}

async function loadBatch(app: FastifyInstance, merchantNo: string, folder: string): Promise<InboxResult> {
  try {
    const onShard = await merchantShard(app.db, merchantNo);
    return await onShard(async () => {
      const tenantId = await tenantOf(app.db, merchantNo);
      const { rejectList: _list, ...result } = await loadFolder({ target: app.db, contract: dataContract(), tenantId, folder, source: { kind: 'file' }, history: existsSync(join(folder, HISTORY)) });
      return { ...result, merchantNo };
    });
  } catch (err) {
    if (!(err instanceof LoadError)) app.log.error({ err, merchantNo, folder }, 'inbox batch failed');
    return { merchantNo, ok: false, error: (err as Error).message };
  }
}

export interface InboxTimer {
  stop(): Promise<void>;
}

/** Watches the inbox: taken batches of a stopped run first, then ready ones, one run at a time. */
export function startInbox(app: FastifyInstance, dataDir: string, intervalMs = INBOX_INTERVAL_MS): InboxTimer {
  let running: Promise<unknown> | null = drainInbox(app, dataDir, true).finally(() => (running = null));
  const timer = setInterval(() => {
    if (!running) running = drainInbox(app, dataDir).finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
