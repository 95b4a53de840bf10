import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { dataScreenList, ROTATING_SCREEN, SALES_SCREEN } from './data-screen-routes';
import { leafFromDefinition, loadReportLeaves } from './report-leaves';

describe('report definitions as menu leaves', () => {
  it('reads id, title, clients, area and the menu flags', () => {
    expect(
      leafFromDefinition({ id: 128, title: { zh: '财务', en: 'Finance' }, clients: ['HMT'], area: 'finance', history_family: 33 }),
    ).toEqual({ table_id: 128, title: '财务', title_en: 'Finance', clients: ['HMT'], area: 'finance', special_tenant_only: false, in_menu: false });
  });

  it('degrades gracefully when fields are missing', () => {
    expect(leafFromDefinition({ id: '70' })).toMatchObject({ table_id: 70, title: '报表70', clients: ['HMT', 'HMD', 'HMS'], in_menu: true });
    expect(leafFromDefinition({ title: 'x' })).toBeNull();
  });

  it('skips unreadable files and sorts by id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'leaves-'));
    try {
      writeFileSync(join(dir, '070-a.json'), JSON.stringify({ id: 70, title: { zh: 'a', en: 'a' } }));
      writeFileSync(join(dir, '033-b.json'), JSON.stringify({ id: 33 }));
      writeFileSync(join(dir, 'broken.json'), '{');
      const warnings: string[] = [];
      expect(loadReportLeaves(dir, (m) => warnings.push(m)).map((l) => l.table_id)).toEqual([33, 70]);
      expect(warnings).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('data-screen list (rules 8, 9, C5)', () => {
  const rotatingRow = { id: '7', screen_name: '轮播', url: 'https://screens/x', is_rotating: 1 as const };
  it('every tenant gets the real sales screen', () => expect(dataScreenList([], false)).toEqual([SALES_SCREEN]));
  it('rule 9: only the special tenant gets a rotating entry', () => {
    expect(dataScreenList([rotatingRow], false)).toEqual([SALES_SCREEN]);
    expect(dataScreenList([], true)).toEqual([SALES_SCREEN, ROTATING_SCREEN]);
    expect(dataScreenList([rotatingRow], true)).toEqual([SALES_SCREEN, { ...rotatingRow, url: '/data-swiper' }]);
  });
});
