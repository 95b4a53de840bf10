import { describe, expect, it } from 'vitest';
import type { Column } from '../../engine/wire';
import {
  EMPTY_LAYOUT,
  layoutFromStored,
  moveColumn,
  orderedColumns,
  storedFromLayout,
  tableStateOf,
  toggleColumn,
  withWidths,
} from './custom-columns.logic';

const col = (value: string, type: '1' | '2' = '2'): Column => ({
  label: value,
  value,
  type,
  is_header_show: '1',
  format: type === '1' ? 'text' : 'money',
  sortable: false,
  min_width: 100,
});
const COLUMNS = [col('org_name', '1'), col('sales'), col('cost'), col('gm')];

describe('custom columns (rules 181–185)', () => {
  it('rule 184: a stored list gives order, hidden columns and widths', () => {
    const layout = layoutFromStored([
      { prop: 'gm', isShow: true, minWidth: 150 },
      { prop: 'sales', isShow: false, minWidth: 100 },
      { prop: 'gone', isShow: true, minWidth: 100 },
    ]);
    expect(orderedColumns(COLUMNS, layout).map((c) => c.value)).toEqual(['gm', 'sales', 'org_name', 'cost']);
    expect(layout.hidden).toEqual(['sales']);
    expect(layout.widths).toMatchObject({ gm: 150 });
  });

  it('rule 185: the saved value lists every column with isShow and minWidth, in display order', () => {
    let layout = toggleColumn(COLUMNS, EMPTY_LAYOUT, 'cost');
    layout = moveColumn(COLUMNS, layout, 'gm', -1);
    layout = withWidths(layout, { sales: 222.4 });
    expect(storedFromLayout(COLUMNS, layout)).toEqual([
      { prop: 'org_name', isShow: true, minWidth: 100 },
      { prop: 'sales', isShow: true, minWidth: 222 },
      { prop: 'gm', isShow: true, minWidth: 100 },
      { prop: 'cost', isShow: false, minWidth: 100 },
    ]);
  });

  it('a stored layout survives a round trip', () => {
    const stored = storedFromLayout(COLUMNS, moveColumn(COLUMNS, toggleColumn(COLUMNS, EMPTY_LAYOUT, 'sales'), 'cost', -1));
    expect(storedFromLayout(COLUMNS, layoutFromStored(stored))).toEqual(stored);
  });

  it('the last visible column cannot be hidden; moves past the ends do nothing', () => {
    const one = [col('sales')];
    expect(toggleColumn(one, EMPTY_LAYOUT, 'sales')).toBe(EMPTY_LAYOUT);
    expect(moveColumn(COLUMNS, EMPTY_LAYOUT, 'org_name', -1)).toBe(EMPTY_LAYOUT);
  });

  it('garbage in the stored value is ignored', () => {
    expect(layoutFromStored(null)).toEqual(EMPTY_LAYOUT);
    expect(layoutFromStored([{ prop: '', isShow: true, minWidth: 5 }, { prop: 'a', isShow: true, minWidth: 99999 }] as never)).toEqual({
      order: ['a'],
      hidden: [],
      widths: {},
    });
  });

  it('the table state puts leading display columns first', () => {
    const state = tableStateOf(COLUMNS, toggleColumn(COLUMNS, EMPTY_LAYOUT, 'gm'), ['mrt-row-select']);
    expect(state.columnOrder).toEqual(['mrt-row-select', 'org_name', 'sales', 'cost', 'gm']);
    expect(state.columnVisibility).toEqual({ gm: false });
  });
});
