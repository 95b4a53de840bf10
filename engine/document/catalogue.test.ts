import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from './catalogue';
import type { DocumentFile } from './types';

const DIR = join(fileURLToPath(new URL('.', import.meta.url)), '../../report-defs/documents');
const committed = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ path: `report-defs/documents/${f}`, json: JSON.parse(readFileSync(join(DIR, f), 'utf8')) as DocumentFile }));

const receipt = () => committed().find((f) => f.json.id === 'purchase-receipt')!;

function errorsOf(edit: (doc: DocumentFile) => void): string[] {
  const file = receipt();
  edit(file.json);
  return loadDocuments([file]).errors.map((e) => `${e.pointer}: ${e.message}`);
}

describe('document definitions', () => {
  it('the committed definitions load without problems', () => {
    const { documents, errors } = loadDocuments(committed());
    expect(errors).toEqual([]);
    expect([...documents.keys()].sort()).toEqual(['purchase-receipt', 'stock-adjustment', 'store-outbound']);
  });

  it('a schema problem names the JSON pointer', () => {
    expect(errorsOf((d) => ((d.tables as { header: string }).header = 'Bad Table'))).toContain('/tables/header: must match pattern "^[a-z][a-z0-9_]*$"');
  });

  it('a list column, filter or scope naming no header field is refused', () => {
    const errors = errorsOf((d) => {
      d.list.columns[0].key = 'nowhere';
      d.filters[0].column = 'nowhere';
      d.scope.HMS = [{ column: 'nowhere', session: 'supplier_no' }];
    });
    expect(errors).toContain('/list/columns/0/key: unknown header field "nowhere"');
    expect(errors).toContain('/filters/0/column: unknown header field "nowhere"');
    expect(errors).toContain('/scope/HMS/0/column: unknown header field "nowhere"');
  });

  it('a picker name outside the registry names is refused with file and pointer; scan only adds lines', () => {
    const file = receipt();
    file.json.filters[1].source = { kind: 'picker', picker: 'suppliers' };
    file.json.header[3].source = { kind: 'picker', picker: 'scan' };
    file.json.line_pickers = [{ picker: 'goods_multi', label: { zh: '选择商品', en: 'Goods' } }, { picker: 'carrier', label: { zh: '承运商', en: 'Carrier' } }];
    const errors = loadDocuments([file]).errors;
    expect(errors).toContainEqual({ file: 'report-defs/documents/purchase-receipt.json', pointer: '/filters/1/source', message: 'unknown picker "suppliers"' });
    expect(errors.map((e) => `${e.pointer}: ${e.message}`)).toEqual([
      '/header/3/source: picker "scan" only adds document lines',
      '/line_pickers/1/picker: "carrier" is not a goods picker (goods, goods_multi, favorite, batch_stock, scan)',
      '/filters/1/source: unknown picker "suppliers"',
    ]);
  });

  it('picker parameters name fields of the document, and only a picker field takes them', () => {
    const errors = errorsOf((d) => {
      const centre = d.header.find((f) => f.key === 'center_code')!;
      centre.picker_params = { org_code: 'org_code', keyword: 'nowhere' };
      d.header.find((f) => f.key === 'receive_type')!.picker_params = { org_code: 'org_code' };
      d.lines.find((c) => c.key === 'sku_no')!.picker_params = { org_code: 'org_code', center_code: 'center_code', x: 'qty' };
    });
    const centre = receipt().json.header.findIndex((f) => f.key === 'center_code');
    const type = receipt().json.header.findIndex((f) => f.key === 'receive_type');
    expect(errors.filter((e) => e.includes('picker_params'))).toEqual([
      `/header/${type}/picker_params: only a picker source takes picker parameters`,
      `/header/${centre}/picker_params/keyword: unknown field "nowhere"`,
    ]);
  });

  it('a store or supplier client without a row scope is refused (they see only their own documents)', () => {
    expect(errorsOf((d) => delete d.scope.HMS)).toContain('/scope: HMS sees the document, so it needs a row scope');
  });

  it('an action needs its feature, and the audit flow names existing states', () => {
    const errors = errorsOf((d) => {
      delete d.attachments;
      d.audit!.to['1'] = '9';
    });
    expect(errors).toContain('/states/0: action "attach" needs "attachments" in the definition');
    expect(errors).toContain('/audit/to/1: unknown state "9"');
  });

  it('the audit choice the reject flag offers must lead somewhere (approve/reject vs approve/send back)', () => {
    const noSendBack = errorsOf((d) => {
      d.audit!.reject_flag = true;
      delete d.audit!.to['3'];
    });
    expect(noSendBack).toContain('/audit/to: result "3" needs a target state');
  });

  it('the reject flag swaps reject for send back, so no reject target beside it', () => {
    expect(errorsOf((d) => (d.audit!.reject_flag = true))).toContain('/audit/to/2: the reject flag offers no reject');
  });

  it('the id is the file name and menu groups are known', () => {
    const errors = errorsOf((d) => {
      d.id = 'other';
      d.menu.parent = 'nowhere';
    });
    expect(errors).toContain('/id: id must equal the file name "purchase-receipt"');
    expect(errors).toContain('/menu/parent: unknown menu group "nowhere"');
  });

  it('import and lot rules name line and header columns', () => {
    const files = committed();
    const adj = files.find((f) => f.json.id === 'stock-adjustment')!;
    adj.json.import!.columns = ['qty', 'nowhere'];
    const out = files.find((f) => f.json.id === 'store-outbound')!;
    out.json.lots!.qty_column = 'nowhere';
    const errors = loadDocuments([adj, out]).errors.map((e) => `${e.file}: ${e.pointer}: ${e.message}`);
    expect(errors).toContain('report-defs/documents/stock-adjustment.json: /import/columns/1: unknown line column "nowhere"');
    expect(errors).toContain('report-defs/documents/stock-adjustment.json: /import/columns: an import needs the sku_no column');
    expect(errors).toContain('report-defs/documents/store-outbound.json: /lots/qty_column: unknown line column "nowhere"');
  });
});
