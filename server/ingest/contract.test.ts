import { describe, expect, it } from 'vitest';
import { buildDataContract, TENANT_COLUMN, unclassified, type TableContract } from './contract';
import { contractSources } from './contract-fs';
import { SUPPLIED_UNREAD } from './classification';

const sources = contractSources();
const contract = buildDataContract(sources);
const table = (name: string): TableContract => {
  const t = contract.supplied.find((s) => s.table === name);
  if (!t) throw new Error(`${name} is not supplied`);
  return t;
};
const derived = new Set(contract.derived.map((d) => d.table));

describe('the data contract', () => {
  it('sales_order_item: a fact keyed by (order_no, line_no), dated, referencing sku and its order, read by report 70', () => {
    const t = table('sales_order_item');
    expect(t.kind).toBe('fact');
    expect(t.key).toEqual(['order_no', 'line_no']);
    const required = t.columns.filter((c) => c.required).map((c) => c.name);
    expect(required).toEqual(expect.arrayContaining(['order_no', 'line_no', 'qty', 'sale_amount']));
    expect(t.columns.find((c) => c.name === 'sku_no')).toMatchObject({ type: 'VARCHAR(32)', required: false });
    expect(t.references).toContainEqual({ columns: ['sku_no'], table: 'sku', key: ['sku_no'] });
    expect(t.references).toContainEqual({ columns: ['order_no'], table: 'sales_order', key: ['order_no'] });
    expect(t.dateColumn).toBe('business_date');
    expect(t.readBy.reports.map((r) => r.id)).toContain(70);
    expect(t.readBy.reports.find((r) => r.id === 70)?.title.zh).toBe('门店毛利分析');
  });

  it('sku: master data keyed by sku_no, referencing its category and brand; read by the documents that pick goods', () => {
    const t = table('sku');
    expect(t.kind).toBe('master');
    expect(t.key).toEqual(['sku_no']);
    expect(t.dateColumn).toBeUndefined();
    expect(t.references).toContainEqual({ columns: ['back_cate_code'], table: 'category', key: ['cate_code'] });
    expect(t.references).toContainEqual({ columns: ['brand_code'], table: 'brand', key: ['brand_code'] });
    expect(t.readBy.documents.map((d) => d.id)).toContain('purchase-receipt');
  });

  it('takes the keys of facts from the @postgres blocks and their dates from the date-range indexes', () => {
    expect(table('purchase_receipt')).toMatchObject({ kind: 'fact', key: ['receive_no'], dateColumn: 'receive_time' });
    expect(table('stocktake')).toMatchObject({ kind: 'fact', key: ['stocktake_no'], dateColumn: 'stocktake_date' });
    expect(table('plus_member_subscription')).toMatchObject({ kind: 'fact', dateColumn: 'buy_time' });
  });

  it('tells a conditional reference and a fixed part of a key', () => {
    expect(table('ar_ap_ledger').references).toContainEqual({
      columns: ['party_no'],
      table: 'supplier',
      key: ['supplier_no'],
      when: { direction: '2', party_type: '4' },
    });
    expect(table('invoice').references).toContainEqual({
      columns: ['party_no'],
      table: 'wholesaler',
      key: ['wholesaler_no'],
      when: { party_type: '3' },
    });
    expect(table('member').references).toContainEqual({
      columns: ['member_attribute'],
      table: 'dictionary',
      key: ['dic_value'],
      fixed: { dic_code: 'MEMBER_ATTRIBUTE' },
    });
    expect(table('invoice').references).toContainEqual({
      columns: ['party_type', 'invoice_type'],
      table: 'invoice_type',
      key: ['party_type', 'invoice_type'],
    });
  });

  it('references only supplied tables, by their whole natural key', () => {
    for (const t of contract.supplied) {
      for (const r of t.references) {
        const target = table(r.table);
        expect([...r.key, ...Object.keys(r.fixed ?? {})].sort(), `${t.table} → ${r.table}`).toEqual([...target.key].sort());
        for (const c of [...r.columns, ...Object.keys(r.when ?? {})]) expect(t.columns.map((x) => x.name), `${t.table}.${c}`).toContain(c);
      }
    }
  });

  it('never supplies what the product derives: ledger, positions, snapshots, payment copy, summaries, archives, app tables', () => {
    for (const name of [
      'stock',
      'lot_stock',
      'stock_ledger',
      'stock_daily_snapshot',
      'lot_stock_daily_snapshot',
      'sales_payment_daily',
      'sales_org_day',
      'sales_order_his',
      'sales_order_item_his_x',
      'sales_order_all',
      'account_session',
      'idempotency_key',
      'print_style',
      'studio_report',
      'menu',
      'day_close',
    ]) {
      expect(derived.has(name), name).toBe(true);
      expect(contract.supplied.some((t) => t.table === name), name).toBe(false);
    }
    for (const d of sources.datasets) for (const s of d.summaries ?? []) expect(derived.has(s.table), s.table).toBe(true);
  });

  it('never asks for the tenant column; every supplied table has a natural key', () => {
    for (const t of contract.supplied) {
      expect(t.columns.map((c) => c.name), t.table).not.toContain(TENANT_COLUMN);
      expect(t.key.length, t.table).toBeGreaterThan(0);
      expect(t.key.every((k) => t.columns.some((c) => c.name === k && c.required)), t.table).toBe(true);
    }
  });

  it('classifies every table of the migrations and every table a dataset source or join names', () => {
    expect(unclassified(sources, contract)).toEqual([]);
    const classified = new Set([...contract.supplied.map((t) => t.table), ...derived]);
    for (const d of sources.datasets) {
      const parts = 'union' in d.source ? [...d.source.union, d.source] : [d.source];
      for (const p of parts) {
        for (const name of ['table' in p ? p.table : undefined, ...(p.joins ?? []).map((j) => j.table)]) {
          if (name) expect(classified.has(name), `${d.id}: ${name}`).toBe(true);
        }
      }
    }
  });

  it('keeps SUPPLIED_UNREAD to tables no definition reads (a table read since belongs to no list)', () => {
    for (const name of SUPPLIED_UNREAD) expect(table(name).readBy, name).toEqual({ reports: [], documents: [] });
  });
});
