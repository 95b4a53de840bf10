import { useQuery } from '@tanstack/react-query';
import type { SalesScreenData } from '../../../engine/shell';
import { apiGet } from '../../api/http';

/** Today's sales, fetched again as often as the server says (it refreshes itself). */
export function useSalesScreen() {
  return useQuery<SalesScreenData>({
    queryKey: ['shell', 'sales-today'],
    queryFn: ({ signal }) => apiGet<SalesScreenData>('/api/data-screens/sales-today', undefined, signal),
    refetchInterval: (q) => (q.state.data?.refresh_seconds ?? 30) * 1000,
    refetchIntervalInBackground: true,
  });
}
