import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { goods } from '../data-source/fixtures';
import { goodsPicker } from '../Picker/descriptions';
import { PickerParamError } from '../Picker/picker.logic';
import { assertFieldName, multiSkuResult } from './goods.logic';

const zh = catalogues['zh-CN'];

describe('goods multi-picker and multi-SKU picker', () => {
  it('rule 368: title 选择商品, tabs 选择列表 and 已选列表(count)', () => {
    expect(zh[goodsPicker.title]).toBe('选择商品');
    expect(zh['blocks.picker.tabList']).toBe('选择列表');
    expect(zh['blocks.picker.tabChosen'].replace('{count}', '3')).toBe('已选列表(3)');
  });

  it('rules 369, 371: at least one item (请选择至少一个商品！), page size 50', () => {
    expect(zh[goodsPicker.emptyMessage]).toBe('请选择至少一个商品！');
    expect(goodsPicker.pageSize).toBe(50);
  });

  it("rule 382: a missing field name raises 'fieldName 参数异常'", () => {
    expect(() => assertFieldName('')).toThrow(PickerParamError);
    expect(() => assertFieldName(undefined)).toThrow('fieldName 参数异常');
    expect(() => multiSkuResult(null, [])).toThrow('fieldName 参数异常');
    expect(multiSkuResult('sku_nos', goods.slice(0, 2))).toEqual({ sku_nos: ['1000001', '1000002'] });
  });
});
