/** The config answer of a report page (engine/wire ReportConfig) from its definition. */
import type { DatasetIndex } from '../../engine/definition/dataset-index';
import { enumOptions, type EnumName } from '../../engine/options';
import type { I18nText, ReportFile } from '../../engine/definition/types';
import { PAGE_SIZES, type ClientType, type DimensionItem, type ReportConfig } from '../../engine/wire';
import { tenantTabs, type Resolved } from './resolve';
import { filterOperators } from './validate';

/** Which of a definition's texts a request reads: its `en` when the app asks in English, else `zh`. */
export type TextLang = keyof I18nText;

export function textLangOf(acceptLanguage: string | undefined): TextLang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'zh';
}

export function columnMinWidth(report: ReportFile): number {
  return report.column_min_width ?? (report.sortable ? 180 : 100);
}

function dimensionItems(report: ReportFile, index: DatasetIndex, client: ClientType, lang: TextLang): DimensionItem[] {
  const filters = report.filters
    .filter((f) => !(f.hidden_for ?? []).includes(client))
    .map<DimensionItem>((f) => {
      const item: DimensionItem = {
        id: f.id,
        type: f.widget,
        fieldName: f.id,
        label: f.label[lang],
        default_operator_id: f.default_operator ?? filterOperators(f)[0],
        dimension_show: '0',
        active: false,
      };
      if (f.source) item.source = f.source;
      if (f.source?.kind === 'enum') item.options = enumOptions(f.source.name as EnumName, lang);
      if (f.widget === 'number_range') {
        item.startField = `${f.id}_start`;
        item.endField = `${f.id}_end`;
      }
      if (f.default_value) item.default_value = f.default_value;
      if (f.min !== undefined) item.min = f.min;
      if (f.max !== undefined) item.max = f.max;
      if (f.maxlength !== undefined) item.maxlength = f.maxlength;
      else if (f.widget === 'text') item.maxlength = 35;
      if (f.placeholder) item.placeholder = f.placeholder[lang];
      return item;
    });
  const chips = report.chips.map<DimensionItem>((c) => {
    const dim = index.dimensions.get(c.dimension)!;
    return {
      id: c.dimension,
      type: 'dimension',
      fieldName: dim.columns[0].value,
      label: dim.label[lang],
      dimension_show: '1',
      active: !!(c.active || c.forced),
      forced: !!c.forced,
    };
  });
  return [...filters, ...chips];
}

export function buildConfig(
  resolved: Resolved,
  index: DatasetIndex,
  client: ClientType,
  special: boolean,
  lang: TextLang = 'zh',
): ReportConfig {
  const { page, used, family } = resolved;
  const required = new Set([...page.dates, ...used.dates].filter((d) => d.required).map((d) => d.index));
  return {
    table_id: used.id,
    page_table_id: page.id,
    title: used.title[lang],
    dimension: dimensionItems(used, index, client, lang),
    index: used.indicators.map((i) => i.measure),
    dates: used.dates.map((d) => ({
      index: d.index as 1 | 2 | 3 | 4,
      label: d.label[lang],
      fieldName: d.index === 1 ? 'date' : `date_${d.index}`,
      granularity: d.granularity,
      required: required.has(d.index),
      default_kind: d.default_kind,
      ...(d.default_previous_of ? { default_previous_of: d.default_previous_of } : {}),
      restriction: d.restriction,
    })),
    tabs: tenantTabs(family, special, lang),
    is_history: resolved.is_history,
    sortable: used.sortable,
    default_order_by: used.default_order_by ?? null,
    column_min_width: columnMinWidth(used),
    page_sizes: [...PAGE_SIZES],
    default_page_size: used.page_size ?? 50,
    export_type: used.export_type ?? null,
    print: used.print ?? null,
    always_show_buttons: !!used.always_show_buttons,
    note: used.note?.[lang] ?? null,
    explain: used.explain ?? null,
    org_restricted: !!used.org_restricted,
    custom_columns: !!used.custom_columns,
    ai_assistant: !!used.ai_assistant,
    hide_zero_rows: !!used.hide_zero_rows,
  };
}
