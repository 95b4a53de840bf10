/** Initial values of the filter box and chips, from the config the server answered. */
import { defaultDates } from '../dates';
import type { DimensionItem, ReportConfig } from '../wire';
import { numberBounds, parseNumberInput, type NumberRange } from './inputs';
import type { FilterValue, FormValues } from './types';

/** Filters sent in whereList: every non-chip item except date ranges (those go to date_start…). */
export function filterItems(config: ReportConfig): DimensionItem[] {
  return config.dimension.filter((d) => d.dimension_show === '0' && d.type !== 'date_range' && d.type !== 'dimension');
}

export function chipItems(config: ReportConfig): DimensionItem[] {
  return config.dimension.filter((d) => d.dimension_show === '1');
}

export function initialValue(item: DimensionItem): FilterValue {
  const dv = item.default_value ?? [];
  switch (item.type) {
    case 'select':
      return dv[0] ?? null;
    case 'text':
      return dv[0] ?? '';
    case 'number_range': {
      const bounds = numberBounds(item);
      const range: NumberRange = [parseNumberInput(dv[0], bounds), parseNumberInput(dv[1], bounds)];
      return range;
    }
    default:
      return [...dv];
  }
}

export function initialForm(config: ReportConfig, today: string): FormValues {
  const filters: FormValues['filters'] = {};
  for (const item of filterItems(config)) filters[item.id] = initialValue(item);
  const shortcuts: FormValues['shortcuts'] = {};
  for (const range of config.dates) shortcuts[range.index] = null;
  return {
    filters,
    dates: defaultDates(config.dates, today),
    shortcuts,
    chips: chipItems(config)
      .filter((c) => c.active || c.forced)
      .map((c) => c.id),
  };
}
