import { describe, expect, it } from 'vitest';
import { layoutTable, MIN_PRINT_FONT_SIZE, PRINT_FONT_SIZE, type LayoutColumn } from './table-layout';

// one point per character at font size 1: widths are easy to reason about
const measure = (text: string) => text.length;
const col = (label: string, cells: string[], key = false): LayoutColumn => ({ label, cells, key });

describe('report print column layout (issue: wide reports stay readable)', () => {
  it('a narrow table keeps the preferred size and fills the page in proportion to content', () => {
    const layout = layoutTable([col('门店', ['上海南京路店'], true), col('销售额', ['1.50'])], measure, { width: 400 });
    expect(layout.fontSize).toBe(PRINT_FONT_SIZE);
    expect(layout.groups).toHaveLength(1);
    const [a, b] = layout.groups[0].widths;
    expect(a + b).toBeCloseTo(400, 6);
    expect(a).toBeGreaterThan(b);
  });

  it('every header fits its column: widths come from the widest of header and cells', () => {
    const layout = layoutTable([col('期初库存成本金额', ['1'], true), col('x', ['55,555,555.55'])], measure, { width: 1000 });
    const [w0] = layout.groups[0].widths;
    expect(w0).toBeGreaterThanOrEqual('期初库存成本金额'.length * layout.fontSize);
  });

  it('a slightly too wide table scales down, never below the readable minimum', () => {
    const cols = Array.from({ length: 10 }, (_, i) => col(`列${i}`.padEnd(8, 'x'), ['1']));
    const layout = layoutTable(cols, measure, { width: 600 });
    expect(layout.groups).toHaveLength(1);
    expect(layout.fontSize).toBeLessThan(PRINT_FONT_SIZE);
    expect(layout.fontSize).toBeGreaterThanOrEqual(MIN_PRINT_FONT_SIZE);
  });

  it('a very wide table splits into column groups that repeat the key columns and cover every column once', () => {
    const cols = [col('组织', ['上海店'], true), col('商品', ['可口可乐330ml'], true)];
    for (let i = 0; i < 31; i++) cols.push(col(`期初库存成本金额${i}`, ['12,345,678.90']));
    const width = 780;
    const layout = layoutTable(cols, measure, { width });
    expect(layout.fontSize).toBe(MIN_PRINT_FONT_SIZE);
    expect(layout.groups.length).toBeGreaterThan(1);
    for (const g of layout.groups) {
      expect(g.columns.slice(0, 2)).toEqual([0, 1]);
      expect(g.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(width + 1e-6);
      g.columns.forEach((c, k) => expect(g.widths[k]).toBeGreaterThanOrEqual(measure(cols[c].label) * layout.fontSize));
    }
    const figures = layout.groups.flatMap((g) => g.columns.slice(2));
    expect(figures).toEqual(cols.map((_, i) => i).slice(2));
  });
});
