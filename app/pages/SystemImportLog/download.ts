/** Fetches a job's file with the bearer token and hands it to the browser as a download. */
import { authHeaders, unwrapEnvelope } from '../../api/http';

export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export async function downloadJobFile(jobId: string, fallbackName: string): Promise<void> {
  const res = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/download`, { headers: authHeaders() });
  if (!res.ok) {
    // errors come as the JSON envelope: turn them into an ApiError with the server's message
    unwrapEnvelope(res.status, await res.json().catch(() => null));
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
