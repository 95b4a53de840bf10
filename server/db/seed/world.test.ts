import { describe, expect, it } from 'vitest';
import { tenantProfiles } from './scale';
import { buildWorld, categoryTree, centerDemand, ean13 } from './world';

describe('seed master data', () => {
  const [demo] = tenantProfiles('demo');
  const world = buildWorld(demo, 1, '2026-11-22');

  it('computes EAN-13 check digits', () => {
    expect(ean13('690123456789')).toBe('6901234567892');
    expect(world.skus.every((s) => /^\d{13}$/.test(s.barcode) && ean13(s.barcode.slice(0, 12)) === s.barcode)).toBe(true);
    expect(new Set(world.skus.map((s) => s.barcode)).size).toBe(world.skus.length);
  });

  it('is the same for the same tenant and day', () => {
    const again = buildWorld(demo, 1, '2026-11-22');
    expect(again.skus.map((s) => [s.sku_no, s.name, s.price])).toEqual(world.skus.map((s) => [s.sku_no, s.name, s.price]));
    expect(again.stores.map((s) => s.stocked.length)).toEqual(world.stores.map((s) => s.stocked.length));
  });

  it('has head-office-level parties, selling stores and idle stores (report 166)', () => {
    expect(world.start).toBe('2025-08-01');
    expect(world.sellingStores.length).toBe(world.stores.length - demo.idleStores);
    expect(world.stores.filter((s) => !s.selling).every((s) => s.stocked.length === 0)).toBe(true);
    expect(new Set(world.stores.map((s) => s.store_type))).toEqual(new Set([1, 2, 3]));
    expect(world.skus.some((s) => !s.central) && world.skus.some((s) => s.central)).toBe(true);
    expect(world.skus.length).toBe(demo.skus);
  });

  it('builds a three-level category tree whose leaves the SKUs use', () => {
    const tree = categoryTree();
    const leaves = new Set(tree.filter((c) => c.level === 3).map((c) => c.code));
    expect(world.skus.every((s) => leaves.has(s.cate3))).toBe(true);
    for (const c of tree.filter((x) => x.parent)) expect(tree.some((p) => p.code === c.parent && p.level === c.level - 1)).toBe(true);
  });

  it('derives centre demand from the stores it serves', () => {
    const c = world.centers[0];
    const d = centerDemand(c);
    const total = c.stores.reduce((a, st) => a + st.stocked.filter((s) => s.central).reduce((b, s) => b + st.demand.get(s.sku_no)!, 0), 0);
    expect([...d.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(total, 6);
  });
});
