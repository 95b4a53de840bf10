/**
 * The editor's custom rjsf widgets, fields and templates: thin adapters from rjsf's props to the
 * studio blocks (dimension and measure pickers of the chosen dataset, date rule selects, zh/en text
 * pairs, the clients as checkboxes) and array items titled by what they hold.
 */
import { cloneElement, isValidElement } from 'react';
import { Checkbox, Group, Input } from '@mantine/core';
import { Templates } from '@rjsf/mantine';
import {
  englishStringTranslator,
  TranslatableString,
  type FieldProps,
  type ObjectFieldTemplateProps,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import type { StudioLang } from '../../../engine/studio/messages';
import type { StudioDataset } from '../../../engine/studio/wire';
import type { ClientType } from '../../../engine/wire';
import { DatasetOptionSelect, type DatasetChoice } from '../../blocks/DatasetOptionSelect';
import { DateRuleSelect, type DateRuleKind } from '../../blocks/DateRuleSelect';
import { I18nTextInput, type I18nValue } from '../../blocks/I18nTextInput';
import { isUnused, itemTitle } from './form-ui.logic';
import { dateColumnChoices, REPORT_AREAS } from './new-report.logic';

export interface EditorContext {
  dataset: StudioDataset | undefined;
  datasets: StudioDataset[];
  lang: StudioLang;
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
  dateColumn: choiceWidget((ctx) => dateColumnChoices(ctx.dataset)),
  area: choiceWidget(() => [...REPORT_AREAS]),
  defaultKind: dateRuleWidget('default_kind'),
  restriction: dateRuleWidget('restriction'),
  granularity: dateRuleWidget('granularity'),
};

const CLIENT_NAMES: Record<ClientType, { zh: string; en: string }> = {
  HMT: { zh: '总部端 HMT', en: 'Headquarters HMT' },
  HMD: { zh: '门店端 HMD', en: 'Store HMD' },
  HMS: { zh: '供应商端 HMS', en: 'Supplier HMS' },
};

/** The clients a report opens for, as checkboxes named in words (not "clients-1"). */
function ClientsField(props: FieldProps<string[]>) {
  const { lang } = props.registry.formContext as EditorContext;
  const label = String(props.uiSchema?.['ui:title'] ?? props.name);
  const errors = (props.errorSchema as { __errors?: string[] } | undefined)?.__errors;
  return (
    <Input.Wrapper label={label} description={props.uiSchema?.['ui:description'] as string | undefined} error={errors?.[0]} mb="xs">
      <Checkbox.Group value={props.formData ?? []} onChange={(v) => props.onChange(v, props.fieldPathId.path)}>
        <Group gap="md" mt={4}>
          {(Object.keys(CLIENT_NAMES) as ClientType[]).map((c) => (
            <Checkbox key={c} size="xs" value={c} label={CLIENT_NAMES[c][lang]} disabled={props.disabled || props.readonly} />
          ))}
        </Group>
      </Checkbox.Group>
    </Input.Wrapper>
  );
}

export const EDITOR_FIELDS: RegistryFieldsType = { i18n: I18nField, clients: ClientsField };

const BaseObjectTemplate = Templates.ObjectFieldTemplate!;

/**
 * An array item titled by its content (`ui:options.nameBy` of the generated ui schema), never "chips-1".
 * An optional section not used yet (说明弹窗, 打印 …) shows its fields without the required mark: they are
 * required only once the section is filled in, which is also when the schema checks them.
 */
function NamedObjectTemplate(props: ObjectFieldTemplateProps) {
  const nameBy = (props.uiSchema?.['ui:options'] as { nameBy?: string } | undefined)?.nameBy;
  const ctx = props.registry.formContext as EditorContext;
  const title = nameBy ? (itemTitle(props.formData, nameBy, ctx.dataset, ctx.lang) ?? props.title) : props.title;
  const unused = !props.required && props.fieldPathId.path.length > 0 && isUnused(props.formData);
  const properties = unused
    ? props.properties.map((p) => ({ ...p, content: isValidElement<{ required?: boolean }>(p.content) ? cloneElement(p.content, { required: false }) : p.content }))
    : props.properties;
  return <BaseObjectTemplate {...props} title={title} properties={properties} />;
}

export const EDITOR_TEMPLATES: Partial<TemplatesType> = { ObjectFieldTemplate: NamedObjectTemplate };

const ZH_STRINGS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '项',
  [TranslatableString.EmptyArray]: '还没有内容，点下方按钮添加',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '错误',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加一项',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '删除',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.OptionalObjectAdd]: '添加此项设置',
  [TranslatableString.OptionalObjectRemove]: '移除此项设置',
  [TranslatableString.OptionalObjectEmptyMsg]: '未设置',
  [TranslatableString.Type]: '类型',
  [TranslatableString.Value]: '值',
};

/** rjsf's own words (buttons, empty lists) in the page's language. */
export function translateString(lang: StudioLang) {
  return (key: TranslatableString, params?: string[]) =>
    lang === 'zh' && ZH_STRINGS[key] ? ZH_STRINGS[key] : englishStringTranslator(key, params);
}

const i18n = { 'ui:field': 'i18n' };

/** Where the custom widgets go in the report schema (the words come from the generated ui schema). */
export const EDITOR_UI_SCHEMA = {
  'ui:order': ['title', 'dataset', 'clients', 'area', 'chips', 'indicators', 'dates', 'filters', '*'],
  $schema: { 'ui:widget': 'hidden' },
  id: { 'ui:readonly': true },
  title: i18n,
  clients: { 'ui:field': 'clients' },
  dataset: { 'ui:widget': 'dataset' },
  area: { 'ui:widget': 'area' },
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
