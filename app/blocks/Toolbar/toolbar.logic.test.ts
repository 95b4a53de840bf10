import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import {
  CLICK_DELAY_MS,
  closeTarget,
  createClickGuard,
  FUNCTION_KEYS,
  presetButtons,
  PRESETS,
  splitButtons,
  toolbarButtons,
} from './toolbar.logic';

describe('toolbar presets', () => {
  it('rule 316: clicks are delayed 50 ms', () => {
    expect(CLICK_DELAY_MS).toBe(50);
  });

  it('rule 317: more than 12 buttons fold into the more-menu', () => {
    const buttons = Array.from({ length: 14 }, (_, i) => i);
    expect(splitButtons(buttons)).toEqual({ visible: buttons.slice(0, 12), more: [12, 13] });
    expect(splitButtons(buttons.slice(0, 12)).more).toEqual([]);
  });

  it('rule 318: six preset sets', () => {
    expect(Object.keys(PRESETS)).toHaveLength(6);
  });

  it('rule 319: function keys 1 add, 2 edit, 3 delete, 4 save, 18 import, 19 export, 20 print, 21 audit', () => {
    expect(FUNCTION_KEYS).toEqual({ 1: 'add', 2: 'edit', 3: 'delete', 4: 'save', 18: 'import', 19: 'export', 20: 'print', 21: 'audit' });
    const zh = catalogues['zh-CN'];
    expect(presetButtons('full').map((b) => zh[b.labelKey!])).toEqual(['新增', '编辑', '删除', '保存', '导入', '导出', '打印', '审核']);
  });

  it('preset plus own buttons, minus hidden ones, no duplicates', () => {
    const keys = toolbarButtons('list', [{ key: 'copy', label: '复制' }, { key: 'add', label: '重复' }], ['delete']).map((b) => b.key);
    expect(keys).toEqual(['add', 'edit', 'import', 'export', 'print', 'copy']);
  });

  it('rule 31: close goes to prePageId, else the last remaining tab, else /', () => {
    expect(closeTarget({ prePageId: '/purchase/orders', tabs: ['/dashboard', '/x'], currentPath: '/x' })).toBe('/purchase/orders');
    expect(closeTarget({ tabs: ['/dashboard', '/a', '/x'], currentPath: '/x' })).toBe('/a');
    expect(closeTarget({ tabs: ['/x'], currentPath: '/x' })).toBe('/');
  });

  it('rule 327: repeat clicks within 1500 ms are ignored, per button', () => {
    let now = 1000;
    const guard = createClickGuard(1500, () => now);
    expect(guard('save')).toBe(true);
    now += 1000;
    expect(guard('save')).toBe(false);
    expect(guard('print')).toBe(true);
    now += 600;
    expect(guard('save')).toBe(true);
  });
});
