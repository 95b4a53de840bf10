/** The studio's HTTP calls. */
import type { DefinitionError } from '../../../engine/definition/catalogue';
import type { ReportFile } from '../../../engine/definition/types';
import type {
  StudioDataset,
  StudioPreview,
  StudioReportDetail,
  StudioReportList,
  StudioSaved,
  StudioVersion,
} from '../../../engine/studio/wire';
import type { ReportConfig, ReportQuery } from '../../../engine/wire';
import { fetchFile } from '../../api/files';
import { apiGet, apiPost, apiRequest } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import type { ExportAnswer } from '../../report/source/types';

const reportPath = (id: number, part = '') => `/api/studio/reports/${id}${part}`;

export const studioApi = {
  datasets: async () => (await apiGet<{ list: StudioDataset[] }>('/api/studio/datasets')).list,
  reports: () => apiGet<StudioReportList>('/api/studio/reports'),
  detail: (id: number) => apiGet<StudioReportDetail>(reportPath(id)),
  validate: async (report: unknown, signal?: AbortSignal) =>
    (await apiPost<{ errors: DefinitionError[] }>('/api/studio/validate', { report }, { signal })).errors,
  previewConfig: (report: ReportFile, signal?: AbortSignal) => apiPost<ReportConfig>('/api/studio/preview/config', { report }, { signal }),
  preview: (report: ReportFile, query: ReportQuery, signal?: AbortSignal) =>
    apiPost<StudioPreview>('/api/studio/preview', { report, query }, { signal }),
  previewExport: (report: ReportFile, query: ReportQuery) => apiPost<ExportAnswer>('/api/studio/preview/export', { report, query }),
  /** a draft's saves send its Idempotency-Key, so a repeated first save makes one report */
  create: (report: unknown, idempotencyKey?: string) =>
    apiPost<StudioSaved>('/api/studio/reports', { report }, { headers: idempotencyKey ? idempotencyHeaders(idempotencyKey) : {} }),
  update: (id: number, report: unknown) => apiRequest<StudioSaved>(reportPath(id), { method: 'PUT', body: { report } }),
  remove: (id: number) => apiRequest<null>(reportPath(id), { method: 'DELETE' }),
  versions: async (id: number) => (await apiGet<{ list: StudioVersion[] }>(reportPath(id, '/versions'))).list,
  revert: (id: number, version: number) => apiPost<StudioSaved>(reportPath(id, '/revert'), { version }),
  /** the saved definition as a file; a refusal carries the server's message in the page's language */
  exportFile: async (id: number): Promise<Blob> => (await fetchFile(reportPath(id, '/export'))).blob,
};
