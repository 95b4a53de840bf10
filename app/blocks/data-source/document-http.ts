/** The documents half of the app's data source: /api/documents/{type}/{no}/… and /api/import. */
import type { ApprovalRecord } from '../../../engine/shell';
import { fetchFile, postForm } from '../../api/files';
import { apiGet, apiPost, apiRequest } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import { postWithProgress } from '../Upload/http-source';
import type { AttachmentList, DocumentAttachment, DocumentBlocksSource, ImportItem, ImportStarted, LotAllocationView } from './document-types';

const docPath = (type: string, no: string) => `/api/documents/${encodeURIComponent(type)}/${encodeURIComponent(no)}`;

export function createHttpDocumentSource(): DocumentBlocksSource {
  return {
    audit: async (type, no, form) => {
      await apiPost(`${docPath(type, no)}/audit`, form);
    },
    approvals: async (type, no) => (await apiGet<{ list: ApprovalRecord[] }>(`${docPath(type, no)}/approvals`)).list,
    attachments: (type, no) => apiGet<AttachmentList>(`${docPath(type, no)}/attachments`),
    addAttachment: (type, no, file, onProgress) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return postWithProgress<DocumentAttachment>(`${docPath(type, no)}/attachments`, form, onProgress);
    },
    removeAttachment: async (type, no, id) => {
      await apiRequest(`${docPath(type, no)}/attachments`, { method: 'DELETE', query: { id } });
    },
    attachmentBlob: async (row) => (await fetchFile(row.url, row.name)).blob,
    lots: (type, no, sku_no, business_item_id) => apiGet<LotAllocationView>(`${docPath(type, no)}/lots`, { sku_no, business_item_id }),
    saveLots: async (type, no, body) => {
      await apiRequest(`${docPath(type, no)}/lots`, { method: 'PUT', body });
    },
    importItem: (type) => apiGet<ImportItem>('/api/import/item', { type }),
    importTemplate: async (item) => (await fetchFile(item.template_url, `${item.title}.xlsx`)).blob,
    startImport: (type, file, params = {}, idempotencyKey) => {
      const form = new FormData();
      // the fields go before the file: the server reads them as the file arrives
      for (const [name, value] of Object.entries(params)) form.append(name, value);
      form.append('file', file, file.name);
      return postForm<ImportStarted>(`/api/import/${encodeURIComponent(type)}`, form, idempotencyHeaders(idempotencyKey));
    },
  };
}
