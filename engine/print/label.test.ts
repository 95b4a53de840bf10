import { describe, expect, it } from 'vitest';
import { LABEL_FIELDS, labelPrice, labelRecord, labelRecords, labelXml, parseLabelXml, toFullWidth } from './label';

describe('price labels (rules 243–248)', () => {
  it("replaces < > & ' \" % ( ) with full-width forms (rule 245)", () => {
    expect(toFullWidth(`<a>&'b"%(c)`)).toBe('＜a＞＆＇b＂％（c）');
  });

  it('has 14 fields with the fallbacks of rule 248', () => {
    expect(LABEL_FIELDS).toHaveLength(14);
    const r = labelRecord({ sku_no: 'A', sale_unit_show: '瓶', specification_text: '500ml', shelflife_unit_text: '12个月' });
    expect([r.sale_unit_text, r.specification, r.shelf_life_show]).toEqual(['瓶', '500ml', '12个月']);
    expect(labelRecord({ sku_no: 'A', sale_unit: '箱', sale_unit_show: '瓶' }).sale_unit_text).toBe('箱');
  });

  it('writes one record per print_num copy (rule 244) and reads back what it wrote', () => {
    const goods = [
      { sku_no: 'A', sku_name: '可乐(大) <促销>', selling_price: 3.5, print_num: 2 },
      { sku_no: 'B', sku_name: "100% 'pure' & \"fresh\"", print_num: 3 },
      { sku_no: 'C', print_num: 0 },
    ];
    expect(labelRecords(goods)).toHaveLength(6);
    const xml = labelXml(goods, { name: '标准', content: '<label w="60" h="40"/>' });
    const back = parseLabelXml(xml);
    expect(back.template).toBe('<label w="60" h="40"/>');
    expect(back.records.map((r) => r.sku_no)).toEqual(['A', 'A', 'B', 'B', 'B', 'C']);
    expect(back.records[0].sku_name).toBe('可乐（大） ＜促销＞');
    expect(back.records[2].sku_name).toBe('100％ ＇pure＇ ＆ ＂fresh＂');
    expect(back.records[0].selling_price).toBe('3.50');
  });

  it('prints prices with cents: 6.5 → 6.50, whole and text figures alike', () => {
    expect(labelRecord({ sku_no: 'A', selling_price: 6.5, fcl_price: '12' })).toMatchObject({ selling_price: '6.50', fcl_price: '12.00' });
    expect(labelRecord({ sku_no: 'A', selling_price: null }).selling_price).toBe('');
    expect(labelPrice('面议')).toBe('面议');
  });
});
