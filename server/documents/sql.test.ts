import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../engine/document/types';
import { filterWhere, orderBy, Params, scopeWhere } from './sql';

const DIR = join(fileURLToPath(new URL('.', import.meta.url)), '../../report-defs/documents');
const receipt = JSON.parse(readFileSync(join(DIR, 'purchase-receipt.json'), 'utf8')) as DocumentFile;
const session = { tenant_id: 10139, org_code: 'S001', store_no: 'S001', supplier_no: 'V001' };

describe('document SQL', () => {
  it('scope: HMT by tenant; HMD by its org; HMS by its supplier; a missing session value matches nothing', () => {
    const p = new Params();
    expect(scopeWhere(receipt, { ...session, client: 'HMT' }, p)).toEqual(['h.tenant_id = $1']);
    const d = new Params();
    expect(scopeWhere(receipt, { ...session, client: 'HMD' }, d)).toEqual(['h.tenant_id = $1', 'h.org_code = $2']);
    expect(d.values).toEqual([10139, 'S001']);
    const s = new Params();
    scopeWhere(receipt, { ...session, client: 'HMS', supplier_no: null }, s);
    expect(s.values[1]).toBe('\u0000');
  });

  it('filters bind every value; hidden filters are ignored for their client; LIKE escapes its wildcards', () => {
    const p = new Params();
    const where = filterWhere(receipt, 'HMS', { receive_no: '50%_', supplier_no: 'V002', receive_time_end: '2026-11-20', status: '0' }, p);
    expect(where).toEqual([
      "h.receive_no LIKE $1 ESCAPE '\\'",
      'h.receive_time < CAST($2 AS TIMESTAMP)',
      'CAST(h.status AS VARCHAR) IN ($3)',
    ]);
    expect(p.values).toEqual(['%50\\%\\_%', '2026-11-21', '0']);
    expect(filterWhere(receipt, 'HMT', { receive_time_start: '11/20' }, new Params())).toEqual({ error: '收货时间格式应为yyyy-MM-dd' });
    expect(filterWhere(receipt, 'HMT', { receive_type: '1,3' }, new Params())).toEqual(['CAST(h.receive_type AS VARCHAR) IN ($1, $2)']);
  });

  it('impossible dates and numbers are a message, not a database error; 9999-12-31 leaves the end open', () => {
    for (const day of ['2026-02-30', '2026-13-45', '0000-00-00']) {
      expect(filterWhere(receipt, 'HMT', { receive_time_end: day }, new Params())).toEqual({ error: '收货时间格式应为yyyy-MM-dd' });
    }
    const p = new Params();
    expect(filterWhere(receipt, 'HMT', { receive_time_start: '0001-01-01', receive_time_end: '9999-12-31' }, p)).toEqual([
      'h.receive_time >= CAST($1 AS TIMESTAMP)',
    ]);
    const stock = JSON.parse(readFileSync(join(DIR, 'stock-adjustment.json'), 'utf8')) as DocumentFile;
    const range = { ...stock, filters: [{ id: 'qty', label: { zh: '数量', en: 'Qty' }, widget: 'number_range', column: 'qty' }] } as DocumentFile;
    for (const v of ['1e20', '0x10', '100000000000000', 'Infinity']) {
      expect(filterWhere(range, 'HMT', { qty_start: v }, new Params())).toEqual({ error: '数量必须是数字' });
    }
    expect(filterWhere(range, 'HMT', { qty_start: '-12.5' }, new Params())).toEqual(['h.qty >= CAST($1 AS DECIMAL(18,4))']);
  });

  it('order by: a sortable list column, else the default; never an arbitrary identifier', () => {
    expect(orderBy(receipt, 'receive_no asc')).toBe('h.receive_no asc');
    expect(orderBy(receipt, 'supplier_no asc')).toBe('h.receive_time desc, h.receive_no desc');
    expect(orderBy(receipt, 'receive_time desc; drop table x')).toBe('h.receive_time desc, h.receive_no desc');
  });
});
