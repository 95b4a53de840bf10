/**
 * The import's reading thread: takes read jobs from the pool (import-pool.ts) and answers each with
 * the sheet as read (rows, a note, or a refusal) or the error's message. Runs under the pool's time
 * and memory limits, so a file that would stall or swell a reader does it here, not on the API's thread.
 */
import { parentPort } from 'node:worker_threads';
import { readSheet } from './import-lines';
import type { ReadJob, ReadReply } from './import-pool';

parentPort!.on('message', async ({ id, job }: { id: number; job: ReadJob }) => {
  let reply: ReadReply;
  try {
    reply = { id, read: await readSheet(job.path, job.columns, job.max) };
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
