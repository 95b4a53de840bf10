import { describe, expect, it } from 'vitest';
import { shapeRows } from '../report/runner';
import type { OutputColumn } from '../report/types';
import { columnLabeller } from './report-export';

const columns: OutputColumn[] = [
  { key: 'org_type', label: { zh: '门店类型', en: 'Store type' }, type: '1', format: 'text', enum: 'store_type' },
  { key: 'cate1_name', label: { zh: '一级类目名称', en: 'Category L1 name' }, type: '1', format: 'text' },
  { key: 'sales', label: { zh: '销售额', en: 'Sales' }, type: '2', format: 'money' },
];
const rows = [
  { org_type: 1, cate1_name: '未分类', sales: 10.5 },
  { org_type: 3, cate1_name: '生鲜', sales: null },
  { org_type: null, cate1_name: null, sales: 2 },
  { org_type: 9, cate1_name: '未分类', sales: 0 },
];
const chunk = {
  names: ['org_type', 'cate1_name', 'sales'],
  columns: [rows.map((r) => r.org_type), rows.map((r) => r.cate1_name), rows.map((r) => r.sales)],
  rowCount: rows.length,
};

describe('report export columns', () => {
  it('labels enumeration codes a column at a time, as the screen rows do (Chinese by default)', () => {
    const out = columnLabeller(columns)(chunk);
    expect(out.columns[0]).toEqual(['直营店', '弱加盟店', null, '9']);
    expect(out.columns[0]).toEqual(shapeRows(rows, columns).map((r) => r.org_type));
    // nothing else to label in Chinese: the other columns are the chunk's own
    expect(out.columns[1]).toBe(chunk.columns[1]);
    expect(out.columns[2]).toBe(chunk.columns[2]);
  });

  it('in English: the labels the screen rows show in English, figures untouched', () => {
    const out = columnLabeller(columns, 'en')(chunk);
    expect(out.columns[0]).toEqual(['Own store', 'Franchise (weak)', null, '9']);
    expect(out.columns[1]).toEqual(['Uncategorised', '生鲜', null, 'Uncategorised']);
    const screen = shapeRows(rows, columns, 'en');
    expect(out.columns[0]).toEqual(screen.map((r) => r.org_type));
    expect(out.columns[1]).toEqual(screen.map((r) => r.cate1_name));
    expect(out.columns[2]).toBe(chunk.columns[2]);
  });

  it('a report without such columns passes its chunks through as they are', () => {
    expect(columnLabeller([columns[2]], 'en')(chunk)).toBe(chunk);
  });
});
