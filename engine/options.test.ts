import { describe, expect, it } from 'vitest';
import { definitionTextIn, ENUMS, enumOptions, isDefinitionText, type EnumName } from './options';

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

describe('texts the definitions write into SQL', () => {
  it('English when English is asked for; Chinese, and any text not listed, as they are', () => {
    expect(isDefinitionText('未分类')).toBe(true);
    expect(definitionTextIn('未分类', 'en-US')).toBe('Uncategorised');
    expect(definitionTextIn('未分类', 'en')).toBe('Uncategorised');
    expect(definitionTextIn('未分类', 'zh-CN')).toBe('未分类');
    expect(isDefinitionText('生鲜')).toBe(false);
    expect(definitionTextIn('生鲜', 'en-US')).toBe('生鲜');
  });
});
