import { describe, expect, it } from 'vitest';
import type { ReportLeaf } from './report-leaves';
import { groupKeyOfArea } from '../../engine/report-groups';
import { allLeafIds, buildMenu, type DocumentLeaf } from './menu.logic';

const leaf = (table_id: number, area: string, clients: ReportLeaf['clients'] = ['HMT'], extra: Partial<ReportLeaf> = {}): ReportLeaf => ({
  table_id,
  title: `报表${table_id}`,
  title_en: `Report ${table_id}`,
  clients,
  area,
  special_tenant_only: false,
  in_menu: true,
  ...extra,
});

const LEAVES = [
  leaf(33, 'finance'),
  leaf(128, 'finance', ['HMT'], { in_menu: false }),
  leaf(172, 'finance', ['HMT'], { special_tenant_only: true }),
  leaf(70, 'sales'),
  leaf(35, 'sales', ['HMT', 'HMD']),
  leaf(116, 'supplier', ['HMS', 'HMT']),
  leaf(77, 'logistics / store-order', ['HMT', 'HMD']),
];

const viewer = (permission: string[], client: ReportLeaf['clients'][number] = 'HMT', is_special_tenant = false) => ({
  client,
  permissions: new Set(permission),
  is_special_tenant,
});

const ids = (menu: ReturnType<typeof buildMenu>) => menu.map((n) => [n.id, n.children.map((c) => c.id)]);

describe('permission menu (rules 32–33)', () => {
  it('rule 33: leaves are matched against the permission ids', () => {
    const menu = buildMenu(LEAVES, viewer(['dashboard', '70', 'user']));
    expect(ids(menu)).toEqual([
      ['dashboard', []],
      ['group:sales', ['70']],
      ['group:account', ['user']],
    ]);
  });

  it('rule 32: a group without any permitted leaf does not appear', () => {
    const menu = buildMenu(LEAVES, viewer(['33']));
    expect(menu.map((n) => n.id)).toEqual(['group:finance']);
  });

  it('rule 32: a hidden group or leaf does not appear', () => {
    const all = viewer(allLeafIds(LEAVES, 'HMT', false));
    expect(buildMenu(LEAVES, all, new Set(['group:sales'])).some((n) => n.id === 'group:sales')).toBe(false);
    const finance = buildMenu(LEAVES, all, new Set(['33'])).find((n) => n.id === 'group:finance');
    expect(finance).toBeUndefined();
  });

  it('the client decides which reports exist: a store user never sees an HMT-only report, whatever it holds', () => {
    const menu = buildMenu(LEAVES, viewer(['70', '35', '77'], 'HMD'));
    expect(ids(menu)).toEqual([
      ['group:sales', ['35']],
      ['group:logistics', ['77']],
    ]);
  });

  it('tab targets are reached through their page; special-tenant reports only for that tenant (C5)', () => {
    const perms = ['33', '128', '172'];
    expect(ids(buildMenu(LEAVES, viewer(perms)))).toEqual([['group:finance', ['33']]]);
    expect(ids(buildMenu(LEAVES, viewer(perms, 'HMT', true)))).toEqual([['group:finance', ['33', '172']]]);
  });

  it('report leaves route to the report page with their table id', () => {
    const [group] = buildMenu(LEAVES, viewer(['70']));
    expect(group.children[0]).toMatchObject({ kind: 'report', route: '/report/70', table_id: 70, title: '报表70' });
    expect(group).toMatchObject({ kind: 'group', route: null });
  });

  it('areas map to groups by their first word; unknown areas go to other', () => {
    expect(groupKeyOfArea('logistics / warehouse / stock')).toBe('logistics');
    expect(groupKeyOfArea('store services')).toBe('services');
    expect(groupKeyOfArea('something new')).toBe('other');
  });
});

describe('document entries in the menu', () => {
  const docs: DocumentLeaf[] = [
    { id: 'doc-b', type: 'b', title: '乙单', title_en: 'B', clients: ['HMT', 'HMS'], parent: 'purchase-docs', sort: 20 },
    { id: 'doc-a', type: 'a', title: '甲单', title_en: 'A', clients: ['HMT'], parent: 'purchase-docs', sort: 10 },
  ];

  it('appear under their document group, by sort, when the client is offered them and holds the permission', () => {
    const menu = buildMenu(LEAVES, viewer(['doc-a', 'doc-b', 'user']), new Set(), docs);
    expect(ids(menu)).toEqual([
      ['group:purchase-docs', ['doc-a', 'doc-b']],
      ['group:account', ['user']],
    ]);
    expect(menu[0].children[0].route).toBe('/documents/a');
    expect(ids(buildMenu(LEAVES, viewer(['doc-a', 'doc-b'], 'HMS'), new Set(), docs))).toEqual([['group:purchase-docs', ['doc-b']]]);
    expect(buildMenu(LEAVES, viewer(['user']), new Set(), docs).some((n) => n.id === 'group:purchase-docs')).toBe(false);
  });

  it('an all-permissions account holds its client’s document ids', () => {
    expect(allLeafIds(LEAVES, 'HMS', false, docs)).toContain('doc-b');
    expect(allLeafIds(LEAVES, 'HMS', false, docs)).not.toContain('doc-a');
  });
});
