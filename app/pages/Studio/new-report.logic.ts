/** Pure rules of the new-report dialog: the menu groups and date columns by name, and why 创建 waits. */
import type { I18nText } from '../../../engine/definition/types';
import type { StudioDataset } from '../../../engine/studio/wire';
import type { DatasetChoice } from '../../blocks/DatasetOptionSelect';

/** The menu's report groups a report's `area` files it under, named as the menu names them (server/shell/menu.logic.ts). */
export const REPORT_AREAS: readonly DatasetChoice[] = [
  { id: 'sales', label: { zh: '销售报表', en: 'Sales reports' } },
  { id: 'member', label: { zh: '会员报表', en: 'Member reports' } },
  { id: 'online-mall', label: { zh: '商城报表', en: 'Online mall reports' } },
  { id: 'services', label: { zh: '服务报表', en: 'Service reports' } },
  { id: 'stock', label: { zh: '库存报表', en: 'Stock reports' } },
  { id: 'purchase', label: { zh: '采购报表', en: 'Purchase reports' } },
  { id: 'supplier', label: { zh: '供应商报表', en: 'Supplier reports' } },
  { id: 'store-order', label: { zh: '要货报表', en: 'Store order reports' } },
  { id: 'logistics', label: { zh: '物流报表', en: 'Logistics reports' } },
  { id: 'finance', label: { zh: '财务报表', en: 'Finance reports' } },
  { id: 'other', label: { zh: '其他报表', en: 'Other reports' } },
];

/** A dataset's date columns by the names its reports give them (营业日期), the column itself where none does. */
export function dateColumnChoices(dataset: Pick<StudioDataset, 'date_columns' | 'date_labels'> | undefined): DatasetChoice[] {
  return (dataset?.date_columns ?? []).map((c) => ({ id: c, label: dataset?.date_labels?.[c] ?? { zh: c, en: c } }));
}

export interface NewReportState {
  dataset: boolean;
  title: Partial<I18nText>;
  dimensions: string[];
  forced: string | null;
  measures: string[];
  clients: string[];
  area: string | null;
}

/** The studio catalogue key of the first thing 创建 still needs, or null when the report can be created. */
export function missingForCreate(s: NewReportState): string | null {
  if (!s.dataset) return 'studio.need.dataset';
  if (!s.title.zh?.trim()) return 'studio.need.titleZh';
  if (!s.title.en?.trim()) return 'studio.need.titleEn';
  if (!s.dimensions.length) return 'studio.need.chips';
  if (!s.forced) return 'studio.need.forced';
  if (!s.measures.length) return 'studio.need.measures';
  if (!s.clients.length) return 'studio.need.clients';
  if (!s.area) return 'studio.need.area';
  return null;
}
