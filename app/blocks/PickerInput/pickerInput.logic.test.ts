import { describe, expect, it } from 'vitest';
import { resolvePicker } from '../Picker/registry';
import { pickedCodes, pickedFromRows, pickedText, rowsFromPicked } from './pickerInput.logic';

describe('picker field value', () => {
  it("shows values as 'code - name'", () => {
    expect(pickedText([{ code: 'S001', name: '北京朝阳门店' }, { code: 'S002', name: '北京海淀门店' }])).toBe('S001 - 北京朝阳门店，S002 - 北京海淀门店');
    expect(pickedText([])).toBe('');
  });

  it('maps values to picker rows and back for list, tree and commodity pickers', () => {
    const value = [{ code: 'V003', name: '内蒙古伊利实业集团' }];
    expect(rowsFromPicked(resolvePicker('supplier'), value)).toEqual([{ supplier_no: 'V003', supplier_name: '内蒙古伊利实业集团' }]);
    expect(rowsFromPicked(resolvePicker('org'), [{ code: '1000', name: '总部' }])).toEqual([{ org_code: '1000', org_name: '总部' }]);
    expect(pickedFromRows(resolvePicker('goods'), [{ sku_no: '1000001', sku_name: '康师傅', id: 'x' }])).toEqual([{ code: '1000001', name: '康师傅' }]);
    expect(pickedCodes(value)).toEqual(['V003']);
  });
  it('a value field takes another field of the row as the code (a store picker filling an org_code column)', () => {
    const store = resolvePicker('store');
    expect(pickedFromRows(store, [{ store_no: 'S001', store_name: '上海徐汇店', org_code: '2001' }], 'org_code')).toEqual([{ code: '2001', name: '上海徐汇店' }]);
    expect(pickedFromRows(store, [{ store_no: 'S001', store_name: '上海徐汇店', org_code: '2001' }])).toEqual([{ code: 'S001', name: '上海徐汇店' }]);
  });
});
