import { describe, expect, it } from 'vitest';
import { isDefinitionText } from '../../engine/options';
import { validCatalogueFromDir } from './catalogue-fs';
import { cellLabel } from './cell-labels';
import { shapeRows } from './runner';
import type { OutputColumn } from './types';

const col = (key: string, more: Partial<OutputColumn> = {}): OutputColumn => ({
  key,
  label: { zh: key, en: key },
  type: '1',
  format: 'text',
  ...more,
});
const virtualType = col('virtual_type', { enum: 'virtual_type' });
const cateName = col('cate1_name');
const sales = col('sales', { type: '2', format: 'money' });

describe('report cells in the request language', () => {
  const rows = [
    { virtual_type: 1, cate1_name: '未分类', sales: 10 },
    { virtual_type: '6', cate1_name: '生鲜', sales: null },
    { virtual_type: 99, cate1_name: null, sales: 0 },
    { virtual_type: null, cate1_name: 'Fresh', sales: 1.5 },
  ];

  it('zh (the default): enumeration labels and definition texts in Chinese, the rest as stored', () => {
    const zh = shapeRows(rows, [virtualType, cateName, sales]);
    expect(zh).toEqual(shapeRows(rows, [virtualType, cateName, sales], 'zh'));
    expect(zh.map((r) => r.virtual_type)).toEqual(['充值', '促销礼包', '99', null]);
    expect(zh.map((r) => r.cate1_name)).toEqual(['未分类', '生鲜', null, 'Fresh']);
    expect(zh.map((r) => r.sales)).toEqual([10, null, 0, 1.5]);
  });

  it('en: enumeration labels and definition texts in English; the tenant’s names and the figures as stored', () => {
    const en = shapeRows(rows, [virtualType, cateName, sales], 'en');
    expect(en.map((r) => r.virtual_type)).toEqual(['Top-up', 'Promotion pack', '99', null]);
    expect(en.map((r) => r.cate1_name)).toEqual(['Uncategorised', '生鲜', null, 'Fresh']);
    expect(en.map((r) => r.sales)).toEqual([10, null, 0, 1.5]);
  });

  it('only enumerations, and dimension text columns in English, need labelling: the rest pass untouched', () => {
    expect(cellLabel(sales, 'en')).toBeNull();
    expect(cellLabel(col('business_date', { format: 'date' }), 'en')).toBeNull();
    expect(cellLabel(cateName, 'zh')).toBeNull();
    expect(cellLabel(virtualType, 'zh')).not.toBeNull();
  });
});

/** Quoted SQL text with Chinese in it, e.g. '未分类'. */
const CHINESE_LITERAL = /'([^']*[\u4e00-\u9fa5][^']*)'/g;

function literals(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') for (const m of value.matchAll(CHINESE_LITERAL)) out.push([path, m[1]]);
  else if (Array.isArray(value)) value.forEach((v, i) => literals(v, `${path}/${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) literals(v, `${path}/${k}`, out);
  return out;
}

describe('texts the shipped datasets write into SQL', () => {
  it('each has its English and sits in a dimension text column, where the answer translates it', () => {
    const found: [string, string][] = [];
    for (const [name, dataset] of validCatalogueFromDir().datasets) literals(dataset, name, found);
    expect(found.length).toBeGreaterThan(0);
    for (const [path, text] of found) {
      expect(isDefinitionText(text), `${path}: '${text}' has no English in engine/options.ts`).toBe(true);
      expect(path, text).toMatch(/^[\w-]+\/dimensions\/\d+\/columns\/\d+\/expr$/);
    }
  });
});
