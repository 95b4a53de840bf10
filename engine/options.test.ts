import { describe, expect, it } from 'vitest';
import { ENUMS, enumOptions, type EnumName } from './options';

describe('enumerations in both languages', () => {
  const names = Object.keys(ENUMS) as EnumName[];
  it('Chinese by default: the spec labels as they are', () => {
    for (const name of names) expect(enumOptions(name, 'zh-CN')).toEqual(ENUMS[name]);
  });
  it('every value has its English label, in the same order', () => {
    for (const name of names) {
      const en = enumOptions(name, 'en-US');
      expect(en.map((o) => o.value)).toEqual(ENUMS[name].map((o) => o.value));
      for (const o of en) expect(o.label, `${name} ${o.value}`).toMatch(/^[A-Za-z][A-Za-z ()\-]*$/);
    }
    expect(enumOptions('purchase_receipt_type', 'en-US').find((o) => o.value === '26')?.label).toBe('Direct delivery');
  });
});
