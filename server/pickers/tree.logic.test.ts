import { describe, expect, it } from 'vitest';
import { buildTree } from './tree.logic';

describe('buildTree', () => {
  it('nests rows under their parents and drops the parent key', () => {
    const tree = buildTree(
      [
        { org_code: '1000', org_name: '总部', parent_org_code: null },
        { org_code: '1101', org_name: '上海物流中心', parent_org_code: '1000' },
        { org_code: '2001', org_name: '门店一', parent_org_code: '1101' },
      ],
      'org_code',
      'parent_org_code',
    );
    expect(tree).toEqual([
      { org_code: '1000', org_name: '总部', children: [{ org_code: '1101', org_name: '上海物流中心', children: [{ org_code: '2001', org_name: '门店一' }] }] },
    ]);
  });

  it('rows whose parent is not visible become roots', () => {
    const tree = buildTree(
      [
        { org_code: '2001', parent_org_code: '1101' },
        { org_code: '2002', parent_org_code: '1101' },
      ],
      'org_code',
      'parent_org_code',
    );
    expect(tree.map((n) => n.org_code)).toEqual(['2001', '2002']);
  });
});
