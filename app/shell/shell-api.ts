/** react-query hooks of the shell's endpoints (engine/shell.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataScreenEntry, MenuNode, MenuResponse, MessageList } from '../../engine/shell';
import { apiGet, apiPost } from '../api/http';

export const shellKeys = {
  menu: ['shell', 'menu'] as const,
  messages: ['shell', 'messages'] as const,
  dataScreens: ['shell', 'data-screens'] as const,
};

export const MESSAGE_POLL_MS = 60_000;

export function useMenu() {
  return useQuery<MenuNode[]>({
    queryKey: shellKeys.menu,
    queryFn: async ({ signal }) => (await apiGet<MenuResponse>('/api/menu', undefined, signal)).list,
    staleTime: 5 * 60_000,
  });
}

export function useMessages(enabled: boolean) {
  return useQuery<MessageList>({
    queryKey: shellKeys.messages,
    queryFn: ({ signal }) => apiGet<MessageList>('/api/messages', { page_size: 10 }, signal),
    enabled,
    refetchInterval: MESSAGE_POLL_MS,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation<{ unread: number }, Error, number | 'all'>({
    mutationFn: (id) => apiPost<{ unread: number }>(id === 'all' ? '/api/messages/read-all' : `/api/messages/${id}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: shellKeys.messages }),
  });
}

export function useDataScreens() {
  return useQuery<DataScreenEntry[]>({
    queryKey: shellKeys.dataScreens,
    queryFn: async ({ signal }) => (await apiGet<{ list: DataScreenEntry[] }>('/api/data-screens', undefined, signal)).list,
    staleTime: 5 * 60_000,
  });
}
