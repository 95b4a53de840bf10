/** Uploads through POST /api/uploads with the bearer token; XMLHttpRequest, because fetch reports no upload progress. */
import type { UploadResult } from '../../../engine/shell';
import { DEFAULT_DIRNAME } from '../../../engine/upload';
import { ApiError, authHeaders, unwrapEnvelope } from '../../api/http';
import { translateStored } from '../../i18n';
import type { UploadRequest, UploadSource } from './types';

/** POSTs a multipart form with upload progress and unwraps the envelope. */
export function postWithProgress<T>(url: string, form: FormData, onProgress?: (percentage: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      try {
        resolve(unwrapEnvelope<T>(xhr.status, JSON.parse(xhr.responseText || 'null')));
      } catch (err) {
        reject(err instanceof ApiError ? err : new ApiError(xhr.status, 'BAD_RESPONSE', translateStored('common.serverError')));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', translateStored('common.networkError')));
    xhr.send(form);
  });
}

export function createHttpUploadSource(url = '/api/uploads'): UploadSource {
  return {
    upload(file: File, { kind, dirname = DEFAULT_DIRNAME, onProgress }: UploadRequest) {
      const form = new FormData();
      // the fields go before the file: the server reads them as the file arrives
      form.append('type', kind);
      form.append('dirname', dirname);
      form.append('file', file, file.name);
      return postWithProgress<UploadResult>(url, form, onProgress);
    },
  };
}
