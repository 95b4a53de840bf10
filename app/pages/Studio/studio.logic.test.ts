import { describe, expect, it } from 'vitest';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import formUi from '../../../schemas/report-form.ui.json';
import validators from '../../../schemas/report-form.validators.js';
import reportSchema from '../../../schemas/report.schema.json';
import type { ReportFile } from '../../../engine/definition/types';
import { tinyReport } from '../../../engine/definition/fixtures';
import { studioFormSchema } from '../../../engine/studio/form-schema';
import { localizer } from '../../../engine/studio/messages';
import type { StudioDataset } from '../../../engine/studio/wire';
import { fieldTitleAt, itemTitle, localUi } from './form-ui.logic';
import { copyAsNew, datasetLabel, diffValue, errorTree, FORM_STATE_BEHAVIOR, parseJsonText } from './studio.logic';

describe('studio.logic', () => {
  it('the form schema is the generated report schema without row scope, table mapping or tab wiring', () => {
    const schema = studioFormSchema(reportSchema as { properties: Record<string, unknown> });
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['title', 'chips', 'indicators', 'dates']));
    for (const key of ['scope', 'tables', 'history', 'history_family', 'special_tenant_only']) expect(schema.properties).not.toHaveProperty(key);
    expect(reportSchema.properties).toHaveProperty('scope');
  });

  it('errors land at their JSON pointer, several at one field kept together', () => {
    expect(
      errorTree([
        { file: 'f', pointer: '/chips/1/dimension', message: 'unknown dimension "x"' },
        { file: 'f', pointer: '/chips/1/dimension', message: 'duplicate chip "x"' },
        { file: 'f', pointer: '', message: 'whole' },
        { file: 'f', pointer: '/a~1b', message: 'escaped' },
      ]),
    ).toEqual({
      __errors: ['whole'],
      chips: { 1: { dimension: { __errors: ['unknown dimension "x"', 'duplicate chip "x"'] } } },
      'a/b': { __errors: ['escaped'] },
    });
  });

  it('a shipped report copied as new gets the new id and name and loses the keys a studio report may not set', () => {
    const shipped = { id: 33, title: { zh: 'a', en: 'b' }, history: {}, scope: {}, tables: {} } as unknown as ReportFile;
    expect(copyAsNew(shipped, 100005, { zh: '新', en: 'New' })).toEqual({ id: 100005, title: { zh: '新', en: 'New' } });
  });

  it('a built-in report names its dataset by title in the analyst\'s language, not by its key', () => {
    const datasets = [{ id: 'stock-movement', title: { zh: '库存变动', en: 'Stock movements' } }];
    expect(datasetLabel(datasets, 'stock-movement', 'en')).toBe('Stock movements');
    expect(datasetLabel(datasets, 'stock-movement', 'zh')).toBe('库存变动');
    expect(datasetLabel(datasets, 'sales', 'en')).toBe('sales');
  });

  it('raw JSON parses or says why not; diff values stay short', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ value: { a: 1 }, error: null });
    expect(parseJsonText('{').error).toBeTruthy();
    expect(diffValue(undefined)).toBe('∅');
    expect(diffValue('x'.repeat(100)).length).toBe(78);
  });
});

const FORM_SCHEMA = studioFormSchema(reportSchema as unknown as RJSFSchema & { properties: Record<string, unknown> }) as RJSFSchema;
const DATASET = {
  id: 'tiny',
  title: { zh: '小', en: 'Tiny' },
  dimensions: [{ id: 'order_source', label: { zh: '订单来源', en: 'Source' } }],
  measures: [],
  fields: [],
  date_columns: ['business_date'],
} as StudioDataset;

describe('the studio form without eval', () => {
  const zh = createPrecompiledValidator(validators, FORM_SCHEMA, localizer('zh'));

  it("a date range chosen as 昨天 stays yesterday: the form never fills default_previous_of from the schema's const", () => {
    const draft = { ...tinyReport(), id: 100001 };
    const filled = getDefaultFormState(zh, FORM_SCHEMA, draft, FORM_SCHEMA, false, FORM_STATE_BEHAVIOR) as ReportFile;
    expect(filled.dates[0]).not.toHaveProperty('default_previous_of');
    expect(filled.dates[0].default_kind).toBe('yesterday');
  });

  it('the precompiled validators check the draft in the browser, in the analyst\'s language', () => {
    const draft = { ...tinyReport(), id: 100001, title: { zh: '', en: 'x' } };
    const { errors } = zh.validateFormData(draft, FORM_SCHEMA);
    expect(errors).toContainEqual(expect.objectContaining({ property: '.title.zh', message: '不能为空' }));
    expect(zh.validateFormData({ ...tinyReport(), id: 100001 }, FORM_SCHEMA).errors).toEqual([]);
  });

  it('the generated ui schema titles every field in the active language; items are named by what they hold', () => {
    const ui = localUi(formUi, 'zh');
    expect((ui.dataset as Record<string, unknown>)['ui:title']).toBe('数据集');
    expect(((ui.chips as Record<string, Record<string, unknown>>).items.active as Record<string, unknown>)['ui:title']).toBe('默认选中');
    expect((localUi(formUi, 'en').dataset as Record<string, unknown>)['ui:title']).toBe('Dataset');
    expect(itemTitle({ dimension: 'order_source' }, 'dimension', DATASET, 'zh')).toBe('订单来源');
    expect(itemTitle({ label: { zh: '营业日期', en: 'Date' } }, 'label', DATASET, 'en')).toBe('Date');
    expect(fieldTitleAt(ui, '/chips/1/dimension', tinyReport(), DATASET, 'zh')).toBe('汇总维度 › 订单来源 › 维度');
    expect(fieldTitleAt(ui, '/title/zh', tinyReport(), DATASET, 'zh')).toBe('报表名称 › 中文');
    expect(fieldTitleAt(ui, '', tinyReport(), DATASET, 'zh')).toBe('整个报表');
  });
});
