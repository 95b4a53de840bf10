import type { LabelGoods } from '../../../engine/print/label';
import { apiGet, apiPost, apiRequest, authHeaders, languageHeaders } from '../../api/http';
import { idempotencyHeaders } from '../../api/idempotency';
import type { LabelTemplate, PriceLabelSource } from './types';

const BASE = '/api/print/label';

export function createHttpPriceLabelSource(): PriceLabelSource {
  return {
    list: (printType) => apiGet(`${BASE}/templates`, { print_type: printType, page_num: 1, page_size: 20 }) as Promise<{ list: LabelTemplate[]; total: number; token: string }>,
    // the list's token is the save's Idempotency-Key: a save sent again before the list reloads is a repeat
    save: async (t) => {
      await apiPost(`${BASE}/templates`, t, { headers: t.token ? idempotencyHeaders(t.token) : {} });
    },
    setDefault: async (id) => {
      await apiPost(`${BASE}/set_default`, { id, is_default: '1' });
    },
    setSystem: async (id) => {
      await apiPost(`${BASE}/set_system`, { id, is_system: '1' });
    },
    setStoreShow: async (id, show) => {
      await apiPost(`${BASE}/set_store_show`, { id, is_store_show: show });
    },
    remove: async (id) => {
      await apiRequest(`${BASE}/templates`, { method: 'DELETE', query: { id } });
    },
    exportText: async (id) => {
      const res = await fetch(`${BASE}/export?id=${id}`, { headers: { ...languageHeaders(), ...authHeaders() } });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `HTTP ${res.status}`);
      return res.blob();
    },
    driverUrl: async () => (await apiGet<{ url: string }>(`${BASE}/driver`)).url,
    goods: async (skuNos) => (await apiGet<{ list: LabelGoods[] }>(`${BASE}/goods`, { sku_no: skuNos.join(',') })).list,
  };
}
