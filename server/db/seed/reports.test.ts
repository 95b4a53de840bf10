import { describe, expect, it } from 'vitest';
import { menuRows, permissionOf, REPORTS, reportIds } from './reports';

describe('seed report catalogue and permissions', () => {
  it('holds the 70 report ids of the catalogue once each', () => {
    expect(REPORTS).toHaveLength(70);
    expect(new Set(REPORTS.map((r) => r.id)).size).toBe(70);
  });

  it('gives each client its own report ids', () => {
    const hq = reportIds('HMT');
    expect(hq).toContain('70');
    expect(hq).not.toContain('34');
    expect(hq).not.toContain('172');
    expect(reportIds('HMT', true)).toContain('172');
    expect(reportIds('HMD')).toEqual(expect.arrayContaining(['34', '108', '166', '111']));
    expect(reportIds('HMD')).not.toContain('70');
    expect(reportIds('HMS').sort()).toEqual(['107', '116', '117', '118', '129', '131', '138', '157', '183', '192', '193', '88', '89'].sort());
  });

  it('permission strings add the page ids', () => {
    expect(permissionOf(['70']).split(',')).toEqual(['70', 'dashboard', 'user', 'j-system-leadingin', 'menu-nav']);
  });

  it('menu rows are unique per client, leaves point at /report/{id}, tab-only ids are not listed', () => {
    const rows = menuRows();
    expect(new Set(rows.map((r) => `${r.client_type}/${r.menu_id}`)).size).toBe(rows.length);
    const hq = rows.filter((r) => r.client_type === 'HMT');
    expect(hq.find((r) => r.menu_id === '70')?.route).toBe('/report/70');
    expect(hq.some((r) => r.menu_id === '128' || r.menu_id === '172')).toBe(false);
    for (const leaf of rows.filter((r) => r.level === 2)) expect(rows.some((g) => g.client_type === leaf.client_type && g.menu_id === leaf.parent_id)).toBe(true);
  });
});
