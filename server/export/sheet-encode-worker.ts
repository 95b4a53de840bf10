/**
 * A sheet-encoding thread (sheet-encoders.ts): encodes each chunk it is sent into sheet rows and
 * answers the bytes, moved rather than copied.
 */
import { parentPort } from 'node:worker_threads';
import { fromWire, type EncodeJob, type EncodeReply } from './sheet-encode-job';
import { SheetRowEncoder } from './sheet-rows';

const encoder = new SheetRowEncoder();

function encode(job: EncodeJob): Uint8Array[] {
  const columns = job.columns.map(fromWire);
  const pieces: Uint8Array[] = [];
  for (let r = 0; r < job.rowCount; ) {
    r = encoder.rows(columns, r, job.rowCount, job.firstRowNumber + r, job.plan);
    pieces.push(encoder.take());
  }
  return pieces;
}

parentPort!.on('message', ({ id, job }: { id: number; job: EncodeJob }) => {
  let reply: EncodeReply;
  try {
    const pieces = encode(job);
    parentPort!.postMessage({ id, pieces } satisfies EncodeReply, pieces.map((p) => p.buffer as ArrayBuffer));
    return;
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
