/** The studio names every field and date column of the shipped datasets, in both languages. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, type DefinitionFile } from '../definition/catalogue';
import { tinyDataset, tinyReport } from '../definition/fixtures';
import type { DatasetFile } from '../definition/types';
import { dateLabels, fieldLabel } from './labels';

const DEFS = join(fileURLToPath(new URL('.', import.meta.url)), '../../report-defs');
const folder = (name: string): DefinitionFile[] =>
  readdirSync(join(DEFS, name))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ path: `report-defs/${name}/${f}`, json: JSON.parse(readFileSync(join(DEFS, name, f), 'utf8')) }));

describe('studio labels', () => {
  const { catalogue, errors } = loadCatalogue(folder('datasets'), folder('reports'));

  it('every field and date column of the shipped datasets has a Chinese and an English name', () => {
    expect(errors).toEqual([]);
    const unnamed: string[] = [];
    for (const { dataset } of catalogue.indexes.values()) {
      for (const f of dataset.fields ?? []) {
        const label = fieldLabel(catalogue, dataset, f.id);
        if (!label?.zh || !label.en) unnamed.push(`${dataset.id}.${f.id}`);
      }
      const dates = dateLabels(catalogue, dataset);
      for (const c of Object.keys(dataset.date_columns ?? {})) if (!dates[c]?.zh || !dates[c]?.en) unnamed.push(`${dataset.id}.${c}`);
    }
    // the ids these once showed instead: lot-expiry.expiration_date, invoices.party_wholesaler, store-orders.center
    expect(unnamed).toEqual([]);
    expect(dateLabels(catalogue, catalogue.datasets.get('lot-expiry')!).expiration_date).toEqual({ zh: '到期日期', en: 'Expiration date' });
    expect(fieldLabel(catalogue, catalogue.datasets.get('invoices')!, 'party_wholesaler')).toEqual({ zh: '批发客户', en: 'Wholesale customer' });
    expect(fieldLabel(catalogue, catalogue.datasets.get('store-orders')!, 'center')).toEqual({ zh: '物流中心', en: 'Logistics centre' });
  });

  it("the dataset's own label wins over a shipped report's", () => {
    const base = tinyDataset();
    const dataset: DatasetFile = {
      ...base,
      fields: [{ id: 'sku_text', value_type: 'text', exprs: ['i.sku_no'], label: { zh: '商品', en: 'Goods' } }],
      date_columns: { business_date: { expr: 'o.business_date', type: 'date', label: { zh: '销售日期', en: 'Sales date' } } },
    };
    const report = {
      ...tinyReport(),
      dataset: dataset.id,
      filters: [{ id: 'f', label: { zh: '商品名称', en: 'Goods name' }, target: { field: 'sku_text' } }],
    } as unknown as ReturnType<typeof tinyReport>;
    const reports = new Map([[report.id, report]]);
    expect(fieldLabel({ reports }, dataset, 'sku_text')).toEqual({ zh: '商品', en: 'Goods' });
    expect(fieldLabel({ reports }, { ...dataset, fields: [{ id: 'sku_text', value_type: 'text' }] }, 'sku_text')).toEqual({ zh: '商品名称', en: 'Goods name' });
    expect(dateLabels({ reports }, dataset).business_date).toEqual({ zh: '销售日期', en: 'Sales date' });
  });
});
