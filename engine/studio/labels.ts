/** How the studio names a dataset's fields and date columns: the dataset's own label first, then the shipped reports'. */
import type { Catalogue } from '../definition/catalogue';
import type { DatasetFile, I18nText } from '../definition/types';

/** A field named by the dataset, else as a shipped report over the dataset labels its filter on it (商品). */
export function fieldLabel(catalogue: Pick<Catalogue, 'reports'>, dataset: DatasetFile, fieldId: string): I18nText | undefined {
  const own = dataset.fields?.find((f) => f.id === fieldId)?.label;
  if (own) return own;
  for (const r of catalogue.reports.values()) {
    if (r.dataset !== dataset.id) continue;
    const filter = (r.filters ?? []).find((f) => 'field' in f.target && f.target.field === fieldId);
    if (filter) return filter.label;
  }
  return undefined;
}

/**
 * Date columns named by the dataset, else as the dimension of the same id (营业日期), else as the shipped
 * reports over the dataset name their main range.
 */
export function dateLabels(catalogue: Pick<Catalogue, 'reports'>, dataset: DatasetFile): Record<string, I18nText> {
  const labels: Record<string, I18nText> = {};
  for (const d of dataset.dimensions) labels[d.id] = d.label;
  for (const [id, column] of Object.entries(dataset.date_columns ?? {})) if (column.label) labels[id] = column.label;
  for (const r of catalogue.reports.values()) {
    if (r.dataset !== dataset.id) continue;
    // a comparison range is labelled as such (对比周期), not by its column
    for (const d of r.dates ?? []) if (d.column && !d.comparison && d.index === 1) labels[d.column] ??= d.label;
  }
  return labels;
}
