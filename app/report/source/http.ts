/** The app's report source: the server's report, option, job and table-column endpoints. */
import type { OptionItem, OptionSource, ReportConfig, ReportData, ReportQuery, ReportTotals } from '../../../engine/wire';
import { ApiError, apiGet, apiPost, authHeaders, unwrapEnvelope } from '../../api/http';
import { translateStored } from '../../i18n';
import { readStoredLocale } from '../../i18n/locale-storage';
import type { ExportAnswer, PrintPayload, ReportSource, StoredColumn } from './types';

const reportPath = (tableId: number, part: string) => `/api/reports/${encodeURIComponent(String(tableId))}/${part}`;

interface ListAnswer {
  list: Record<string, unknown>[];
}

/** An option row as the filter shows it; dictionaries answer dic_value / display_name_cn. */
export function toOption(row: Record<string, unknown>): OptionItem | null {
  const value = row.value ?? row.dic_value;
  const label = row.label ?? row.display_name_cn ?? value;
  if (value === undefined || value === null) return null;
  return { value: String(value), label: String(label) };
}

const toOptions = (answer: ListAnswer): OptionItem[] =>
  (answer.list ?? []).map(toOption).filter((o): o is OptionItem => o !== null);

/** A non-JSON answer (file, PDF, text stream): the body on success, the server's error otherwise. */
async function rawPost(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return checked(
    // the language of what the server writes (AI interpretation, export titles) is the page's
    await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': readStoredLocale(), ...authHeaders() },
      body: JSON.stringify(body),
      signal,
    }),
  );
}

async function request(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', translateStored('common.networkError'));
  }
}

async function checked(response: Response): Promise<Response> {
  if (response.ok) return response;
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = null;
  }
  return unwrapEnvelope<never>(response.status, body);
}

async function* readText(response: Response): AsyncIterable<string> {
  const reader = response.body?.getReader();
  if (!reader) {
    yield await response.text();
    return;
  }
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function createHttpReportSource(): ReportSource {
  return {
    config: (tableId, isHistory, signal) =>
      apiGet<ReportConfig>(reportPath(tableId, 'config'), isHistory ? { is_history: isHistory } : undefined, signal),
    data: (query, signal) => apiPost<ReportData>(reportPath(query.table_id, 'data'), query, { signal }),
    totals: (query, signal) => apiPost<ReportTotals>(reportPath(query.table_id, 'totals'), query, { signal }),
    options: async (source: OptionSource, signal) => {
      switch (source.kind) {
        case 'list':
          return toOptions(await apiGet<ListAnswer>(`/api/options/${encodeURIComponent(source.list)}`, undefined, signal));
        case 'dict':
          return toOptions(await apiGet<ListAnswer>('/api/dict', { dic_code: source.code }, signal));
        case 'enum':
          return toOptions(await apiGet<ListAnswer>(`/api/enums/${encodeURIComponent(source.name)}`, undefined, signal));
        default:
          return [];
      }
    },
    exportReport: (query: ReportQuery) => apiPost<ExportAnswer>(reportPath(query.table_id, 'export'), query),
    download: async (jobId) =>
      (await checked(await request(`/api/jobs/${encodeURIComponent(jobId)}/download`, { headers: authHeaders() }))).blob(),
    print: async (payload: PrintPayload) => (await rawPost(reportPath(payload.table_id, 'print'), payload)).blob(),
    loadColumns: async (route, key) => {
      const answer = await apiGet<StoredColumn[] | { list: StoredColumn[] }>('/api/table-columns', { route, custom_field_key: key });
      return Array.isArray(answer) ? answer : (answer?.list ?? []);
    },
    saveColumns: async (route, key, columns) => {
      await apiPost<unknown>('/api/table-columns', { route, custom_field_key: key, custom_field_val: JSON.stringify(columns) });
    },
    ai: (query, signal) => ({
      async *[Symbol.asyncIterator]() {
        yield* readText(await rawPost(reportPath(query.table_id, 'ai'), { query }, signal));
      },
    }),
  };
}
