import { describe, expect, it } from 'vitest';
import { parseColumns } from './table-columns';

describe('custom column layouts (rule §21)', () => {
  it('accepts JSON text or a list, keeps order, clamps widths', () => {
    expect(parseColumns('[{"prop":"org_name","isShow":true,"minWidth":180},{"prop":"qty","isShow":false}]')).toEqual([
      { prop: 'org_name', isShow: true, minWidth: 180 },
      { prop: 'qty', isShow: false, minWidth: 100 },
    ]);
    expect(parseColumns([{ prop: 'a', isShow: true, minWidth: 5 }])).toEqual([{ prop: 'a', isShow: true, minWidth: 40 }]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"prop":"a"}'],
    ['missing isShow', '[{"prop":"a"}]'],
    ['odd prop', '[{"prop":"a;drop","isShow":true}]'],
    ['duplicate prop', '[{"prop":"a","isShow":true},{"prop":"a","isShow":false}]'],
  ])('refuses %s with a clear message', (_name, raw) => {
    expect(() => parseColumns(raw)).toThrow(/列配置格式错误/);
  });
});
