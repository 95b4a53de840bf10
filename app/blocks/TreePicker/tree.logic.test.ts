import { describe, expect, it } from 'vitest';
import * as fx from '../data-source/fixtures';
import { categoryPicker, orgPicker, brandPicker } from '../Picker/descriptions';
import { filterNodes, initialExpanded, isLeaf, toggleNode, allCodes, type TreeNode } from './tree.logic';

const cats = fx.categories as unknown as TreeNode[];

describe('tree pickers (rules 395, 397)', () => {
  it('rule 395: category nodes of level 3 are leaves; role-filtered fast tree is asked for', () => {
    const level3 = { cate_code: '010101', cate_name: '饼干', cate_level: 3, children: [{ cate_code: 'x' }] } as TreeNode;
    expect(isLeaf(categoryPicker, level3)).toBe(true);
    expect(isLeaf(categoryPicker, cats[0])).toBe(false);
    expect(categoryPicker.fixedParams!({} as never)).toEqual({ is_role: '1', fast_show: '1' });
  });

  it('rule 397: the org tree opens with keys 1000 and 0 expanded and asks for at most 999', () => {
    expect(initialExpanded(orgPicker)).toEqual(['1000', '0']);
    expect(orgPicker.fixedParams!({} as never)).toEqual({ limit: 999 });
  });

  it('rule 397: choosing beyond the org limit is refused', () => {
    const chosen = Array.from({ length: 999 }, (_, i) => ({ org_code: `O${i}` }) as TreeNode);
    const r = toggleNode(orgPicker, chosen, { org_code: 'X', org_name: 'x' }, true);
    expect(r).toEqual({ ok: false, message: 'blocks.picker.limitExceeded', params: { limit: 999 } });
    const unchoose = toggleNode(orgPicker, chosen, { org_code: 'O1' }, true);
    expect(unchoose.ok && unchoose.chosen).toHaveLength(998);
  });

  it('filtering keeps matching nodes with their ancestors', () => {
    const out = filterNodes(categoryPicker, cats, '饼干');
    expect(allCodes(categoryPicker, out)).toEqual(['01', '0101', '010101']);
    expect(filterNodes(categoryPicker, cats, ' ')).toBe(cats);
  });

  it('a chosen node is stored without its subtree', () => {
    const r = toggleNode(brandPicker, [], fx.brands[2] as unknown as TreeNode, true);
    expect(r.ok && r.chosen).toEqual([{ brand_code: 'B03', brand_name: '伊利' }]);
  });
});
