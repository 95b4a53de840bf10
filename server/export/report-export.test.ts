import { describe, expect, it } from 'vitest';
import { shapeRows } from '../report/runner';
import type { OutputColumn } from '../report/types';
import { labelColumns } from './report-export';

const columns: OutputColumn[] = [
  { key: 'org_type', label: { zh: '门店类型', en: 'Store type' }, type: '1', format: 'text', enum: 'store_type' },
  { key: 'sales', label: { zh: '销售额', en: 'Sales' }, type: '2', format: 'money' },
];

describe('report export columns', () => {
  it('labels enumeration codes a column at a time, as the screen rows do', () => {
    const rows = [{ org_type: 1, sales: 10.5 }, { org_type: 3, sales: null }, { org_type: null, sales: 2 }, { org_type: 9, sales: 0 }];
    const chunk = labelColumns(
      { names: ['org_type', 'sales'], columns: [rows.map((r) => r.org_type), rows.map((r) => r.sales)], rowCount: rows.length },
      columns,
    );
    expect(chunk.columns[0]).toEqual(['直营店', '弱加盟店', null, '9']);
    expect(chunk.columns[0]).toEqual(shapeRows(rows, columns).map((r) => r.org_type));
    expect(chunk.columns[1]).toEqual([10.5, null, 2, 0]);
  });
});
