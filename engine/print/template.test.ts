import { describe, expect, it } from 'vitest';
import { fillText, lineTotal, lineValue, templateFields } from './document';
import { parseTemplate } from './validate';

const minimal = { title: '采购收货单 {receive_no}', header: [{ label: '供应商', field: 'supplier_name' }], lines: [{ label: '序号', field: '$row' }, { label: '数量', field: 'qty' }], totals: [{ label: '合计数量', field: 'qty' }] };

describe('print template language', () => {
  it('accepts a minimal template and refuses unknown keys, empty lines and bad field names', () => {
    expect(parseTemplate(JSON.stringify(minimal)).ok).toBe(true);
    expect(parseTemplate('{').ok).toBe(false);
    expect(parseTemplate(JSON.stringify({ ...minimal, colour: 'red' })).ok).toBe(false);
    expect(parseTemplate(JSON.stringify({ ...minimal, lines: [] })).ok).toBe(false);
    const bad = parseTemplate(JSON.stringify({ ...minimal, header: [{ label: 'x', field: 'DROP TABLE' }] }));
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.message).toContain('/header/0/field');
  });

  it('fills {field} placeholders from the header, unknown ones empty', () => {
    expect(fillText('单号：{receive_no} {nope}', { receive_no: 'SH001' })).toBe('单号：SH001 ');
  });

  it('numbers lines from 1 and sums a line column, text figures included, blanks skipped', () => {
    const doc = { header: {}, lines: [{ qty: 1.1 }, { qty: '2.2' }, { qty: null }, { qty: '' }] };
    expect(lineValue(doc.lines[1], '$row', 1)).toBe(2);
    expect(lineTotal(doc, 'qty')).toBe(3.3);
  });

  it('lists the fields a template reads', () => {
    expect(templateFields(minimal as never)).toEqual({ header: ['supplier_name', 'receive_no'], lines: ['qty'] });
  });
});
