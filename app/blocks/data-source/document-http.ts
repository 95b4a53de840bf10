/** The documents half of the app's data source: /api/documents/{type}/{no}/… and /api/import (DESIGN §4). */
import type { ApprovalRecord } from '../../../engine/shell';
import { fetchFile, postForm } from '../../api/files';
import { apiGet, apiPost, apiRequest } from '../../api/http';
import { createHttpUploadSource } from '../Upload/http-source';
import type { AttachmentRow, DocumentBlocksSource, ImportItem, ImportJob, LotRow } from './document-types';
import type { Page } from './types';

const docPath = (type: string, no: string) => `/api/documents/${encodeURIComponent(type)}/${encodeURIComponent(no)}`;

export function createHttpDocumentSource(): DocumentBlocksSource {
  return {
    audit: async (type, no, form) => {
      await apiPost(`${docPath(type, no)}/audit`, form);
    },
    approvals: async (type, no) => (await apiGet<{ list: ApprovalRecord[] }>(`${docPath(type, no)}/approvals`)).list,
    attachments: async (type, no) => (await apiGet<{ list: AttachmentRow[] }>(`${docPath(type, no)}/attachments`)).list,
    addAttachment: async (type, no, file, onProgress) => {
      const saved = await createHttpUploadSource(`${docPath(type, no)}/attachments`).upload(file, { kind: 'img', onProgress });
      return { id: saved.id, name: saved.name, size: saved.size, type: saved.type, url: saved.url };
    },
    removeAttachment: async (type, no, id) => {
      await apiRequest(`${docPath(type, no)}/attachments/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    attachmentBlob: async (row) => (await fetchFile(row.url, row.name)).blob,
    lots: async (type, key) =>
      (await apiGet<{ list: LotRow[] }>(`${docPath(type, key.business_no)}/lots`, { ...key })).list,
    searchLots: (type, query) => apiGet<Page<LotRow>>(`/api/documents/${encodeURIComponent(type)}/lot-stock`, { ...query }),
    saveLots: async (type, no, allocation) => {
      await apiRequest(`${docPath(type, no)}/lots`, { method: 'PUT', body: allocation });
    },
    importItem: (type) => apiGet<ImportItem>('/api/import/item', { type }),
    importTemplate: async (type) => (await fetchFile(`/api/import/item/template?type=${encodeURIComponent(type)}`)).blob,
    startImport: (type, file, params = {}) => {
      const form = new FormData();
      // the fields go before the file: the server reads them as the file arrives
      for (const [name, value] of Object.entries(params)) form.append(name, value);
      form.append('file', file, file.name);
      return postForm<ImportJob>(`/api/import/${encodeURIComponent(type)}`, form);
    },
  };
}
