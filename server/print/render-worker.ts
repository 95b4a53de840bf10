/**
 * The PDF render thread: takes render jobs from the pool (render-pool.ts), answers each with the PDF
 * bytes (moved, not copied) or the error's message. Runs under the pool's time and memory limits.
 */
import { parentPort } from 'node:worker_threads';
import { renderDocumentsPdf } from './document-pdf';
import { renderTablePdf } from './pdf';
import type { RenderJob, RenderReply } from './render-job';

async function render(job: RenderJob): Promise<Buffer> {
  if (job.kind === 'table') return renderTablePdf(job.table);
  return renderDocumentsPdf(job.template, job.order.map((i) => job.documents[i]));
}

parentPort!.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  let reply: RenderReply;
  try {
    const pdf = await render(job);
    // a fresh ArrayBuffer of exactly the PDF, so it can be transferred whole
    const bytes = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : Buffer.from(pdf);
    parentPort!.postMessage({ id, pdf: bytes } satisfies RenderReply, [bytes.buffer as ArrayBuffer]);
    return;
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
