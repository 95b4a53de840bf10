/**
 * The editor's custom rjsf widgets and fields: thin adapters from rjsf's props to the studio blocks
 * (dimension and measure pickers of the chosen dataset, date rule selects, zh/en text pairs).
 */
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { StudioDataset } from '../../../engine/studio/wire';
import { DatasetOptionSelect, type DatasetChoice } from '../../blocks/DatasetOptionSelect';
import { DateRuleSelect, type DateRuleKind } from '../../blocks/DateRuleSelect';
import { I18nTextInput, type I18nValue } from '../../blocks/I18nTextInput';

export interface EditorContext {
  dataset: StudioDataset | undefined;
  datasets: StudioDataset[];
}

const contextOf = (props: WidgetProps): EditorContext => props.registry.formContext as EditorContext;

/** A select over choices the chosen dataset (or the catalogue) offers. */
const choiceWidget = (choicesOf: (ctx: EditorContext) => DatasetChoice[]) =>
  function ChoiceWidget(props: WidgetProps) {
    return (
      <DatasetOptionSelect
        id={props.id}
        label={props.label}
        choices={choicesOf(contextOf(props))}
        value={props.value}
        onChange={(v) => props.onChange(v)}
        disabled={props.disabled || props.readonly}
      />
    );
  };

const dateRuleWidget = (kind: DateRuleKind) =>
  function DateRuleWidget(props: WidgetProps) {
    return (
      <DateRuleSelect
        id={props.id}
        kind={kind}
        label={props.label}
        value={props.value}
        onChange={(v) => props.onChange(v)}
        disabled={props.disabled || props.readonly}
      />
    );
  };

type ErrorNode = { __errors?: string[]; zh?: { __errors?: string[] }; en?: { __errors?: string[] } };

/** {zh, en} as one pair; an optional text left empty in both languages is removed, not saved empty. */
function I18nField(props: FieldProps<I18nValue>) {
  const errors = props.errorSchema as ErrorNode | undefined;
  const label = props.uiSchema?.['ui:title'] ?? props.schema.title ?? props.name;
  return (
    <I18nTextInput
      id={props.fieldPathId.$id}
      label={String(label)}
      value={props.formData}
      required={props.required}
      disabled={props.disabled || props.readonly}
      onChange={(v) => props.onChange(!props.required && !v.zh && !v.en ? undefined : v, props.fieldPathId.path)}
      errors={{ zh: errors?.zh?.__errors?.[0], en: errors?.en?.__errors?.[0], whole: errors?.__errors?.[0] }}
    />
  );
}

export const EDITOR_WIDGETS: RegistryWidgetsType = {
  dimension: choiceWidget((ctx) => ctx.dataset?.dimensions ?? []),
  measure: choiceWidget((ctx) => ctx.dataset?.measures ?? []),
  dataset: choiceWidget((ctx) => ctx.datasets.map((d) => ({ id: d.id, label: d.title }))),
  dateColumn: choiceWidget((ctx) => (ctx.dataset?.date_columns ?? []).map((c) => ({ id: c, label: { zh: c, en: c } }))),
  defaultKind: dateRuleWidget('default_kind'),
  restriction: dateRuleWidget('restriction'),
  granularity: dateRuleWidget('granularity'),
};

export const EDITOR_FIELDS: RegistryFieldsType = { i18n: I18nField };

const i18n = { 'ui:field': 'i18n' };

/** Where the custom widgets go in the report schema. */
export const EDITOR_UI_SCHEMA = {
  'ui:order': ['title', 'dataset', 'clients', 'area', 'chips', 'indicators', 'dates', 'filters', '*'],
  $schema: { 'ui:widget': 'hidden' },
  id: { 'ui:readonly': true },
  title: { ...i18n, 'ui:title': '报表名称' },
  dataset: { 'ui:widget': 'dataset' },
  chips: { items: { dimension: { 'ui:widget': 'dimension' } } },
  indicators: { items: { measure: { 'ui:widget': 'measure' }, label: i18n, desc: i18n } },
  dates: {
    items: {
      label: i18n,
      column: { 'ui:widget': 'dateColumn' },
      granularity: { 'ui:widget': 'granularity' },
      default_kind: { 'ui:widget': 'defaultKind' },
      restriction: { 'ui:widget': 'restriction' },
    },
  },
  filters: { items: { label: i18n, placeholder: i18n } },
  note: i18n,
};
