/**
 * A new report definition from a dataset and a few choices (the studio's "new report" dialog):
 * chips with one forced, indicators, one date range, text filters over chosen dimensions and fields.
 */
import type { FilterDef, I18nText, ReportFile } from '../definition/types';
import { OPERATORS, type ClientType, type DateRestriction, type DefaultRangeKind } from '../wire';
import type { StudioDataset } from './wire';

export const REPORT_SCHEMA_REF = '../../schemas/report.schema.json';

export interface NewReportChoices {
  id: number;
  title: I18nText;
  dataset: StudioDataset;
  /** chip dimensions in order; `forced` is one of them (active and fixed) */
  dimensions: string[];
  forced: string;
  measures: string[];
  /** dataset date column of range 1; none → a report without dates */
  dateColumn: string | null;
  defaultKind: DefaultRangeKind;
  restriction: DateRestriction;
  /** dimension or field ids a text filter is made for */
  filters: string[];
  clients: ClientType[];
  area: string;
}

function filterFor(dataset: StudioDataset, id: string): FilterDef | null {
  const dim = dataset.dimensions.find((d) => d.id === id);
  if (dim) return { id, label: dim.label, widget: 'text', target: { dimension: id } };
  const field = dataset.fields.find((f) => f.id === id);
  if (!field) return null;
  const label = { zh: id, en: id };
  // a condition template tests whole values (equal / in), never "contains"
  return field.condition
    ? { id, label, widget: 'text', target: { field: id }, operators: [OPERATORS.eq], default_operator: OPERATORS.eq }
    : { id, label, widget: 'text', target: { field: id } };
}

export function newReportDraft(c: NewReportChoices): ReportFile {
  const first = c.measures.find((m) => !c.dataset.measures.find((x) => x.id === m)?.derived) ?? c.measures[0];
  return {
    $schema: REPORT_SCHEMA_REF,
    id: c.id,
    title: c.title,
    clients: c.clients,
    area: c.area,
    dataset: c.dataset.id,
    chips: c.dimensions.map((d) => (d === c.forced ? { dimension: d, active: true, forced: true } : { dimension: d })),
    filters: c.filters.flatMap((id) => filterFor(c.dataset, id) ?? []),
    indicators: c.measures.map((measure) => ({ measure })),
    dates: c.dateColumn
      ? [
          {
            index: 1,
            label: { zh: '日期', en: 'Date' },
            column: c.dateColumn,
            granularity: 'day',
            required: true,
            default_kind: c.defaultKind,
            restriction: c.restriction,
          },
        ]
      : [],
    sortable: true,
    ...(first ? { default_order_by: `${first} desc` } : {}),
  };
}
