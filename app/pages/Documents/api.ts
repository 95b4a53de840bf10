/** The document endpoints as react-query hooks and calls. */
import { useQuery } from '@tanstack/react-query';
import type { DocumentDetail, DocumentListPage, DocumentTypeItem, DocumentWriteBody } from '../../../engine/document/wire';
import { apiGet, apiPost, apiRequest } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import { queryClient } from '../../api/query-client';

const typePath = (type: string) => `/api/documents/${encodeURIComponent(type)}`;
const docPath = (type: string, no: string) => `${typePath(type)}/${encodeURIComponent(no)}`;

/** The document types this session may open, with their definitions. */
export function useDocumentTypes() {
  return useQuery({
    queryKey: ['documents', 'types'],
    queryFn: ({ signal }) => apiGet<{ list: DocumentTypeItem[] }>('/api/documents', undefined, signal),
    staleTime: 10 * 60_000,
  });
}

export function useDocumentType(type: string | undefined): { item: DocumentTypeItem | null; loading: boolean; failed: boolean } {
  const q = useDocumentTypes();
  return { item: q.data?.list.find((d) => d.type === type) ?? null, loading: q.isLoading, failed: q.isError };
}

export function useDocumentList(type: string, query: Record<string, string | number>, enabled: boolean) {
  return useQuery({
    queryKey: ['documents', type, 'list', query],
    queryFn: ({ signal }) => apiGet<DocumentListPage>(typePath(type), query, signal),
    enabled,
  });
}

export function useDocumentDetail(type: string, no: string | null) {
  return useQuery({
    queryKey: ['documents', type, 'detail', no],
    queryFn: ({ signal }) => apiGet<DocumentDetail>(docPath(type, no!), undefined, signal),
    enabled: !!no,
  });
}

/**
 * Every list of the type is stale after a write, wherever it was made: the lists on screen (kept alive
 * in other tabs) fetch again, the others when next shown.
 */
export const refreshDocumentLists = (type: string) => queryClient.invalidateQueries({ queryKey: ['documents', type, 'list'] });

const thenRefresh = async <T>(type: string, write: Promise<T>): Promise<T> => {
  const result = await write;
  void refreshDocumentLists(type);
  return result;
};

/** A create carries the form's idempotency key: a repeated save answers the document the first one created. */
export const createDocument = (type: string, body: DocumentWriteBody, idempotencyKey: string) =>
  thenRefresh(type, apiPost<DocumentDetail>(typePath(type), body, { headers: idempotencyHeaders(idempotencyKey) }));
export const updateDocument = (type: string, no: string, body: DocumentWriteBody) =>
  thenRefresh(type, apiRequest<DocumentDetail>(docPath(type, no), { method: 'PUT', body }));
export const deleteDocument = (type: string, no: string) => thenRefresh(type, apiRequest<unknown>(docPath(type, no), { method: 'DELETE' }));
export const submitDocument = (type: string, no: string) => thenRefresh(type, apiPost<DocumentDetail>(`${docPath(type, no)}/submit`));
