import { describe, expect, it } from 'vitest';
import { enumLabeller } from './known';

describe('enumeration labels by language', () => {
  it('codes (numbers or text) as their Chinese labels unless English is asked for', () => {
    const zh = enumLabeller('purchase_receipt_type', 'zh');
    const en = enumLabeller('purchase_receipt_type', 'en-US');
    expect([1, '26', 3].map(zh)).toEqual(['采购', '直送', '紧急采购']);
    expect([1, '26', 3].map(en)).toEqual(['Purchase', 'Direct delivery', 'Urgent purchase']);
  });

  it('a code not listed shows as itself, a missing one as null, in either language', () => {
    for (const lang of ['zh', 'en']) {
      const label = enumLabeller('yes_no', lang);
      expect([7, null, undefined].map(label)).toEqual(['7', null, null]);
    }
    expect(enumLabeller('no_such_enum', 'en')(2)).toBe('2');
  });
});
