/**
 * Sends label XML to the local driver through the hidden frame (rules 243, 246, 247): the frame is
 * loaded from the site's static page with protype=production; the page posts the XML to it, then a
 * close message every 2 s until the frame answers with the outcome, and removes the frame.
 */
import { LABEL_DRIVER_ORIGIN, LABEL_FRAME_PATH, LABEL_POLL_MS } from '../../../engine/print/label';

export type LabelOutcome = { ok: true; records: number } | { ok: false; reason: 'no-driver' | 'refused' | 'timeout'; message?: string };

export function sendToLabelDriver(xml: string, opts: { pollMs?: number; maxPolls?: number } = {}): Promise<LabelOutcome> {
  const pollMs = opts.pollMs ?? LABEL_POLL_MS;
  const maxPolls = opts.maxPolls ?? 10;
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.style.display = 'none';
    frame.setAttribute('aria-hidden', 'true');
    frame.src = LABEL_FRAME_PATH;
    let timer: ReturnType<typeof setInterval> | undefined;
    let polls = 0;
    const finish = (outcome: LabelOutcome) => {
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.data?.type !== 'hm-label-result') return;
      const d = event.data as { ok: boolean; records?: number; reason?: 'no-driver' | 'refused'; message?: string };
      finish(d.ok ? { ok: true, records: d.records ?? 0 } : { ok: false, reason: d.reason ?? 'refused', message: d.message });
    };
    window.addEventListener('message', onMessage);
    frame.addEventListener('load', () => {
      const target = frame.contentWindow!;
      target.postMessage({ type: 'hm-label-print', xml, driver: LABEL_DRIVER_ORIGIN }, window.location.origin);
      const close = () => {
        if (++polls > maxPolls) return finish({ ok: false, reason: 'timeout' });
        target.postMessage({ type: 'hm-label-close' }, window.location.origin);
      };
      timer = setInterval(close, pollMs);
    });
    document.body.appendChild(frame);
  });
}
