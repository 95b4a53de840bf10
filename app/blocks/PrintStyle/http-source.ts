import type { PrintSourceType, PrintStyle } from '../../../engine/print/styles';
import { apiGet, apiRequest, authHeaders, languageHeaders } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import type { PrintStyleSource } from './types';

async function blobOf(path: string, init: RequestInit = {}): Promise<Blob> {
  const res = await fetch(path, { ...init, headers: { ...languageHeaders(), ...authHeaders(), ...(init.headers ?? {}) } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  return res.blob();
}

export function createHttpPrintStyleSource(): PrintStyleSource {
  return {
    sourceTypes: () => apiGet<PrintSourceType[]>('/api/print/source_types'),
    list: (sourceType) => apiGet<{ list: PrintStyle[]; total: number }>('/api/print/print_model_list', { source_type: sourceType, page_num: 1, page_size: 20 }),
    save: async (v, idempotencyKey) => {
      const form = new FormData();
      if (v.id) form.append('id', String(v.id));
      form.append('report_name', v.report_name);
      form.append('description', v.description);
      form.append('source_type', String(v.source_type));
      form.append('is_default', v.is_default ? '1' : '0');
      form.append('custom', String(v.custom));
      if (v.file) form.append('file', v.file);
      const res = await fetch('/api/print/set_print_model', { method: 'POST', body: form, headers: { ...languageHeaders(), ...authHeaders(), ...idempotencyHeaders(idempotencyKey) } });
      const body = (await res.json().catch(() => null)) as { status?: string; message?: string } | null;
      if (!res.ok || body?.status !== '200') throw new Error(body?.message ?? `HTTP ${res.status}`);
    },
    setDefault: async (id) => {
      await apiGet('/api/print/set_default', { id });
    },
    remove: async (id) => {
      await apiRequest('/api/print/del_model', { method: 'DELETE', query: { id } });
    },
    builtModelUrl: async (sourceType) => (await apiGet<{ url: string }>('/api/print/download_built_model', { source_type: sourceType })).url,
    builtModel: async (sourceType) => {
      const url = (await apiGet<{ url: string }>('/api/print/download_built_model', { source_type: sourceType })).url;
      return new File([await blobOf(url)], url.slice(url.lastIndexOf('/') + 1), { type: 'application/json' });
    },
    exportFile: (id) => blobOf(`/api/print/model_file?id=${id}`),
    print: (id, list) => blobOf('/api/print/down_data', { method: 'POST', body: JSON.stringify({ id, list }), headers: { 'content-type': 'application/json' } }),
  };
}
