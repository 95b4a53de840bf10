import { describe, expect, it } from 'vitest';
import { pickerParams } from './picker-params';

describe('pickerParams', () => {
  const lot = { picker_params: { org_code: 'org_code', center_code: 'center_code', sku_no: 'sku_no' } };

  it('takes each parameter from the row first, else the header, as text', () => {
    expect(pickerParams(lot, { sku_no: 'K1', lot_no: 'L1' }, { org_code: '2001', center_code: 'W1', sku_no: 'ignored' })).toEqual({
      org_code: '2001',
      center_code: 'W1',
      sku_no: 'K1',
    });
    expect(pickerParams({ picker_params: { account: 'buyer_id' } }, {}, { buyer_id: 7 })).toEqual({ account: '7' });
  });

  it('leaves out a parameter whose field is empty, so the picker is not narrowed by it', () => {
    expect(pickerParams(lot, { sku_no: 'K1' }, { org_code: '2001', center_code: null })).toEqual({ org_code: '2001', sku_no: 'K1' });
    expect(pickerParams(lot, { sku_no: '' }, { org_code: '2001', center_code: '' })).toEqual({ org_code: '2001' });
  });

  it('a line field that is empty on the line does not fall back to the header', () => {
    expect(pickerParams({ picker_params: { center_code: 'center_code' } }, { center_code: null }, { center_code: 'W1' })).toEqual({});
  });

  it('a field without picker parameters gets none', () => {
    expect(pickerParams({}, { sku_no: 'K1' }, { org_code: '2001' })).toEqual({});
  });
});
