import { describe, expect, it } from 'vitest';
import type { Column } from '../../engine/wire';
import { columnLetter, escapeXml, sheetStyles, totalsCells } from './xlsx-parts';

const col = (value: string, type: '1' | '2', format: Column['format']): Column => ({
  value, label: value, type, format, is_header_show: '1', sortable: false, min_width: 100,
});

describe('xlsx parts', () => {
  it('names columns A…Z, AA…', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops control characters', () => {
    expect(escapeXml('a<b>&"c"\u0007')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });

  it('shares one cell format per column format, normal and bold', () => {
    const styles = sheetStyles([col('org', '1', 'text'), col('s', '2', 'money'), col('t', '2', 'money'), col('r', '2', 'rate')]);
    expect(styles.body[1]).toBe(styles.body[2]);
    expect(new Set([...styles.body, ...styles.bold, styles.header]).size).toBe(6);
    expect(styles.xml).toContain('formatCode="#,##0.00"');
    expect(styles.xml).toContain('formatCode="0.00%"');
    expect(styles.xml.match(/<xf /g)).toHaveLength(7); // 6 cell formats + the one cell style
  });

  it('labels the totals row 合计 and shows a missing total as -', () => {
    expect(totalsCells([col('org', '1', 'text'), col('sku', '1', 'text'), col('s', '2', 'money'), col('r', '2', 'rate')], { s: 10 })).toEqual([
      '合计',
      '',
      10,
      '-',
    ]);
  });
});
