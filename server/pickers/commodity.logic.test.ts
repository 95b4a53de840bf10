import { describe, expect, it } from 'vitest';
import { finishCommodityRow, isOrderDay, isoWeekday, marginRate, shelfLifeText, taxRateText, withoutRetailPrices } from './commodity.logic';

describe('commodity row derivations (rules 360, 367, 415)', () => {
  it('ISO weekday of a date', () => {
    expect(isoWeekday('2025-11-17')).toBe(1);
    expect(isoWeekday('2025-11-23')).toBe(7);
  });

  it('rule 360: is_week is 0 when today is not one of the order days', () => {
    expect(isOrderDay('1,4', 2)).toBe(0);
    expect(isOrderDay('1,4', 4)).toBe(1);
    expect(isOrderDay(null, 3)).toBe(1);
  });

  it('texts and margin', () => {
    expect(shelfLifeText(12, 2)).toBe('12月');
    expect(taxRateText(0.13)).toBe('13%');
    expect(taxRateText(0.095)).toBe('9.5%');
    expect(marginRate(10, 7.5)).toBe(0.25);
    expect(marginRate(0, 7.5)).toBeNull();
  });

  it('finishes a row: helper columns dropped, derived columns added', () => {
    const row = finishCommodityRow(
      { sku_no: '1', c1: '01', c2: '0101', c3: '010101', order_weekdays: '1,4', shelflife: 180, shelflife_unit: 1, input_tax_rate: 0.13, selling_price: 10, buying_price: 8 },
      '2026-11-24',
    );
    expect(row).toEqual({
      sku_no: '1',
      shelflife: 180,
      shelflife_unit_show_text: '180天',
      input_tax_rate: 0.13,
      input_tax_rate_text: '13%',
      is_week: 0,
      margin_rate: 0.2,
      selling_price: 10,
      buying_price: 8,
    });
  });

  it('marks a lot-stock row expired once its expiry date has passed', () => {
    const lot = (expiration_date: string | null) => finishCommodityRow({ sku_no: '1', lot_no: 'L1', expiration_date }, '2026-11-26');
    expect(lot('2026-11-25').expired).toBe(1);
    expect(lot('2026-11-26').expired).toBe(0);
    expect(lot(null).expired).toBe(0);
    expect(finishCommodityRow({ sku_no: '1' }, '2026-11-26')).not.toHaveProperty('expired');
  });

  it("a supplier's row keeps its buying price and loses the retailer's selling price and margin", () => {
    const row = finishCommodityRow({ sku_no: '1', buying_price: 8, selling_price: 10 }, '2026-11-26');
    expect(row.margin_rate).toBe(0.2);
    const shown = withoutRetailPrices(row);
    expect(shown).toMatchObject({ sku_no: '1', buying_price: 8 });
    expect(shown).not.toHaveProperty('selling_price');
    expect(shown).not.toHaveProperty('margin_rate');
  });
});
