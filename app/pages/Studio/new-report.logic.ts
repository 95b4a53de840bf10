/** Pure rules of the new-report dialog: the menu groups and date columns by name, and why 创建 waits. */
import type { I18nText } from '../../../engine/definition/types';
import { REPORT_GROUPS } from '../../../engine/report-groups';
import type { StudioDataset } from '../../../engine/studio/wire';
import type { DatasetChoice } from '../../blocks/DatasetOptionSelect';

/** The menu's report groups a report's `area` files it under, named as the menu names them. */
export const REPORT_AREAS: readonly DatasetChoice[] = REPORT_GROUPS.map((g) => ({ id: g.key, label: { zh: g.title, en: g.title_en } }));

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
