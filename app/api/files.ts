/** Files over the API: fetched with the bearer token (an <a href> cannot send it) and sent as multipart. */
import { ApiError, authHeaders, languageHeaders, unwrapEnvelope } from './http';
import { translateStored } from '../i18n';

export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export interface FetchedFile {
  blob: Blob;
  name: string;
}

export async function fetchFile(url: string, fallbackName = 'download'): Promise<FetchedFile> {
  const res = await fetch(url, { headers: { ...languageHeaders(), ...authHeaders() } });
  if (!res.ok) {
    // errors come as the JSON envelope: turn them into an ApiError with the server's message
    unwrapEnvelope(res.status, await res.json().catch(() => null));
  }
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition'), fallbackName) };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POSTs a multipart form and unwraps the envelope. */
export async function postForm<T>(url: string, form: FormData, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { ...languageHeaders(), ...authHeaders(), ...headers }, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', translateStored('common.networkError'));
  }
  return unwrapEnvelope<T>(res.status, await res.json().catch(() => null));
}
