/**
 * The master-data loader against a real database (DuckDB, or PostgreSQL with HM_DATABASE_URL): the
 * sample folder loads into tenant 10139, a repeat changes nothing, a changed row replaces the old one,
 * and every kind of bad file is refused with its rejects while nothing is written for any tenant.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDuckDb } from '../../server/db/duckdb';
import { dataContract } from '../../server/ingest/contract-fs';
import { loadFolder, LoadError, tenantOf } from '../../server/ingest/load';
import { openTestDb, type TestDb } from './testdb';

const SAMPLE = join(__dirname, '..', 'fixtures', 'load-sample');
const contract = dataContract();
/** the contract of a product that has a fact without a loader yet: settlements not loadable */
const withUnloadable = { ...contract, supplied: contract.supplied.map((t) => (t.table === 'settlement' ? { ...t, loadable: undefined } : t)) };
const TABLES = { brand: 'brand_code', supplier: 'supplier_no', sku: 'sku_no', store: 'store_no' } as const;
let t: TestDb;
const folders: string[] = [];
/** tenant 266's rows before any load */
let tenant266: Record<string, unknown[]>;

beforeAll(async () => {
  t = await openTestDb();
  tenant266 = of266(await snapshot());
});
afterAll(async () => {
  await t?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** A copy of the sample with some files replaced (text) or removed (null). */
function sampleWith(changes: Record<string, string | Buffer | null> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-load-'));
  folders.push(dir);
  cpSync(SAMPLE, dir, { recursive: true });
  for (const [name, text] of Object.entries(changes)) {
    if (text === null) rmSync(join(dir, name));
    else writeFileSync(join(dir, name), text);
  }
  return dir;
}

const load = async (folder: string, merchantNo = '10139', under = contract) =>
  loadFolder({ target: t.db, contract: under, tenantId: await tenantOf(t.db, merchantNo), folder, source: { kind: 'file' } });

/** Every row of the loaded tables for the two tenants, in key order. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    out[table] = await t.db.query(`SELECT * FROM ${table} WHERE tenant_id IN (10139, 266) ORDER BY tenant_id, ${key}`);
  }
  return out;
}

const of266 = (s: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(s).map(([table, rows]) => [table, rows.filter((r) => (r as { tenant_id: number }).tenant_id === 266)]));

const sample = (name: string) => readFileSync(join(SAMPLE, name), 'utf8');
const SKU_CSV = 'sku_no,barcode,sku_name,brand_code,supplier_no\n';

describe('loading master data', () => {
  test('the sample loads into tenant 10139 with its id', async () => {
    const result = await load(sampleWith());
    expect(result).toMatchObject({ ok: true, rejects: 0 });
    expect(Object.fromEntries(result.tables.map((x) => [x.table, x.rows]))).toEqual({ brand: 2, organisation: 2, sku: 3, store: 2, supplier: 1 });
    const [store] = await t.db.query(`SELECT tenant_id, store_name, address, open_date, org_code FROM store WHERE store_no = 'S902'`);
    expect(store).toEqual({ tenant_id: 10139, store_name: '样例门店二', address: '徐汇区漕溪北路 2 号, 近地铁', open_date: '2026-04-15', org_code: '2902' });
    const skus = await t.db.query(`SELECT tenant_id, sku_no, brand_code, selling_price, output_tax_rate FROM sku WHERE sku_no LIKE 'K90%' ORDER BY sku_no`);
    expect(skus).toEqual([
      { tenant_id: 10139, sku_no: 'K901', brand_code: 'B901', selling_price: 3.5, output_tax_rate: 0.13 },
      { tenant_id: 10139, sku_no: 'K902', brand_code: 'B902', selling_price: 5.9, output_tax_rate: 0.13 },
      { tenant_id: 10139, sku_no: 'K903', brand_code: null, selling_price: 2, output_tax_rate: 0.13 },
    ]);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM brand WHERE brand_code IN ('B901', 'B902') AND tenant_id <> 10139`);
    expect(Number(n)).toBe(0);
  });

  test('loading the same files again changes nothing', async () => {
    const before = await snapshot();
    expect(await load(sampleWith())).toMatchObject({ ok: true, status: 'repeated' });
    expect(await snapshot()).toEqual(before);
  });

  test('a changed row replaces the old one, the other rows stay', async () => {
    const before = await snapshot();
    const store = sample('store.csv').replace('样例门店一,1,2901', '样例门店一（改名）,3,2901');
    expect((await load(sampleWith({ 'store.csv': store }))).ok).toBe(true);
    const after = await snapshot();
    expect(after.store).toHaveLength(before.store.length);
    const [row] = await t.db.query(`SELECT store_name, store_type FROM store WHERE tenant_id = 10139 AND store_no = 'S901'`);
    expect(row).toEqual({ store_name: '样例门店一（改名）', store_type: 3 });
    expect(after.sku).toEqual(before.sku);
  });

  test('an unknown merchant is refused before anything is read', async () => {
    await expect(load(sampleWith(), '99999')).rejects.toThrow(LoadError);
  });
});

async function writeParquet(path: string, select: string): Promise<void> {
  const duck = await openDuckDb(':memory:');
  try {
    await duck.exec(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
  } finally {
    await duck.close();
  }
}

describe('bad files are refused with their rejects and nothing is written', () => {
  const cases: { name: string; changes: () => Promise<Record<string, string | Buffer | null>> | Record<string, string | Buffer | null>; reject: string }[] = [
    { name: 'a value of the wrong type', changes: () => ({ 'store.csv': sample('store.csv').replace('样例门店二,2,', '样例门店二,二,') }), reject: 'store,store.csv,3,store_type,二,' },
    { name: 'an impossible date', changes: () => ({ 'store.csv': sample('store.csv').replace('2026-04-15', '2026-02-30') }), reject: 'store,store.csv,3,open_date,2026-02-30,不是有效日期' },
    { name: 'a decimal with more places than its scale', changes: () => ({ 'sku.parquet': null, 'sku.csv': `${SKU_CSV.trim()},selling_price\nK901,69001,奶,B901,V901,3.12345\n` }), reject: 'sku,sku.csv,2,selling_price,3.12345,' },
    { name: 'a missing required column', changes: () => ({ 'brand.csv': 'brand_code\nB901\n' }), reject: 'brand,brand.csv,1,brand_name,,缺少必填列 brand_name' },
    { name: 'an empty required value', changes: () => ({ 'brand.csv': 'brand_code,brand_name\nB901,\nB902,子品牌\n' }), reject: 'brand,brand.csv,2,brand_name,,必填项为空' },
    { name: 'a duplicate key', changes: () => ({ 'brand.csv': `${sample('brand.csv')}B901,重复品牌,\n` }), reject: 'brand,brand.csv,4,brand_code,B901,主键与第 2 行重复' },
    { name: 'an unknown reference', changes: () => ({ 'sku.parquet': null, 'sku.csv': `${SKU_CSV}K901,69001,奶,B999,V901\n` }), reject: 'sku,sku.csv,2,brand_code,B999,本商户的 brand' },
    {
      name: "a brand of another tenant",
      changes: async () => {
        await t.db.query(`INSERT INTO brand (tenant_id, brand_code, brand_name) VALUES (266, 'B266X', '他家品牌')`);
        return { 'sku.parquet': null, 'sku.csv': `${SKU_CSV}K901,69001,奶,B266X,V901\n` };
      },
      reject: 'sku,sku.csv,2,brand_code,B266X,本商户的 brand',
    },
    { name: 'a truncated CSV', changes: () => ({ 'store.csv': sample('store.csv').trimEnd().replace(/,"徐汇区.*$/, '') + '\n' }), reject: 'store,store.csv,3,' },
    { name: 'a tenant_id column', changes: () => ({ 'brand.csv': 'tenant_id,brand_code,brand_name\n266,B901,品牌\n' }), reject: 'brand,brand.csv,1,tenant_id,tenant_id,文件不能带 tenant_id' },
    { name: 'an unknown column', changes: () => ({ 'brand.csv': 'brand_code,brand_name,colour\nB901,品牌,red\n' }), reject: 'brand,brand.csv,1,colour,colour,' },
    {
      name: 'a Parquet file with a wrong column type',
      changes: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'hm-load-pq-'));
        folders.push(dir);
        await writeParquet(join(dir, 'sku.parquet'), `SELECT 'K901' AS sku_no, '69001' AS barcode, '奶' AS sku_name, '3.5' AS selling_price`);
        return { 'sku.parquet': readFileSync(join(dir, 'sku.parquet')) };
      },
      reject: 'sku,sku.parquet,0,selling_price,VARCHAR,"列类型 VARCHAR 不符',
    },
    { name: "a fact the loader does not take", changes: () => ({ 'settlement.csv': 'settlement_no\nX1\n' }), reject: 'settlement,settlement.csv,0,,settlement.csv,settlement 暂不支持导入' },
    { name: 'an unknown table', changes: () => ({ 'stores.csv': 'store_no\nS1\n' }), reject: 'stores,stores.csv,0,,stores.csv,数据约定中没有表 stores' },
  ];

  test.each(cases)('$name', async ({ changes, reject }) => {
    const files = await changes();
    // the good rows of the same load must not be written either: a new store rides along
    const folder = sampleWith({ 'store.csv': `${sample('store.csv')}S950,不该写入的门店,1,2950,,,,1\n`, ...files });
    const before = await snapshot();
    const result = await load(folder, '10139', withUnloadable);
    expect(result.ok).toBe(false);
    expect(result.rejects).toBeGreaterThan(0);
    const rejects = readFileSync(join(folder, 'rejects.csv'), 'utf8');
    expect(rejects.startsWith('\uFEFFtable,file,line,column,value,reason_zh,reason_en\n')).toBe(true);
    expect(rejects).toContain(`\n${reject}`);
    expect(await snapshot()).toEqual(before);
  });

  test('a good load afterwards removes the stale rejects file; tenant 266 was never touched', async () => {
    const folder = sampleWith({ 'brand.csv': `${sample('brand.csv')}B901,重复品牌,\n` });
    expect((await load(folder)).ok).toBe(false);
    writeFileSync(join(folder, 'brand.csv'), sample('brand.csv'));
    expect((await load(folder)).ok).toBe(true);
    expect(existsSync(join(folder, 'rejects.csv'))).toBe(false);
    const now = of266(await snapshot());
    // the one brand of 266 is the one a test above added itself, to be referred to from 10139
    expect(now.brand.filter((r) => (r as { brand_code: string }).brand_code !== 'B266X')).toEqual(tenant266.brand);
    expect(now).toEqual({ ...tenant266, brand: now.brand });
  });
});
