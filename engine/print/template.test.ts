import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../document/types';
import { documentForPrint, fillText, lineTotal, lineValue, templateFields } from './document';
import { parseTemplate } from './validate';

const minimal = { title: '采购收货单 {receive_no}', header: [{ label: '供应商', field: 'supplier_name' }], lines: [{ label: '序号', field: '$row' }, { label: '数量', field: 'qty' }], totals: [{ label: '合计数量', field: 'qty' }] };

describe('print template language', () => {
  it('accepts a minimal template and refuses unknown keys, empty lines and bad field names', () => {
    expect(parseTemplate(JSON.stringify(minimal)).ok).toBe(true);
    expect(parseTemplate('{').ok).toBe(false);
    expect(parseTemplate(JSON.stringify({ ...minimal, colour: 'red' })).ok).toBe(false);
    expect(parseTemplate(JSON.stringify({ ...minimal, lines: [] })).ok).toBe(false);
    const bad = parseTemplate(JSON.stringify({ ...minimal, header: [{ label: 'x', field: 'DROP TABLE' }] }));
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.message).toBe('模板文件格式错误：表头字段（header）第1项的字段（field）格式不对');
  });

  it('says what is wrong in Chinese, naming the place in the file, never ajv\'s or the JSON parser\'s English; and in English for an English page', () => {
    const wide = parseTemplate(JSON.stringify({ ...minimal, lines: [{ label: '数量', field: 'qty', width: 11 }] }));
    expect(wide).toEqual({
      ok: false,
      message: '模板文件格式错误：明细列（lines）第1项的列宽（width）不能大于 10',
      en: 'Invalid template file: lines › item 1 › width: must be 10 or less',
    });
    const missing = parseTemplate(JSON.stringify({ title: 't', lines: minimal.lines }));
    expect(missing).toMatchObject({ message: '模板文件格式错误：模板缺少表头字段（header）', en: 'Invalid template file: the template is missing "header"' });
    const broken = parseTemplate('{\n  "title": }');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message.replace('JSON', '')).not.toMatch(/[A-Za-z]/);
    expect(!broken.ok && broken.message).toMatch(/^模板文件不是有效的 JSON/);
  });

  it('names the line and column where a file stops being JSON (Node 20\'s parser names neither)', () => {
    // a comma missing after the title (line 3), and a trailing comma before the closing bracket (line 5)
    const noComma = '\uFEFF{\n  "title": "收货单"\n  "header": [],\n  "lines": []\n}';
    expect(parseTemplate(noComma)).toEqual({
      ok: false,
      message: '模板文件不是有效的 JSON（第 3 行第 3 列附近），请检查括号、引号和逗号',
      en: 'The template file is not valid JSON (near line 3, column 3): check its brackets, quotes and commas',
    });
    const trailing = '{\n  "title": "t",\n  "header": [],\n  "lines": [{ "label": "a", "field": "b" },\n  ]\n}';
    expect(!parseTemplate(trailing).ok && (parseTemplate(trailing) as { message: string }).message).toContain('（第 5 行第 3 列附近）');
    expect((parseTemplate('{"title": "t"') as { en: string }).en).toContain('(near line 1, column 14)');
  });

  it('fills {field} placeholders from the header, unknown ones empty', () => {
    expect(fillText('单号：{receive_no} {nope}', { receive_no: 'SH001' })).toBe('单号：SH001 ');
  });

  it('numbers lines from 1 and sums a line column, text figures included, blanks skipped', () => {
    const doc = { header: {}, lines: [{ qty: 1.1 }, { qty: '2.2' }, { qty: null }, { qty: '' }] };
    expect(lineValue(doc.lines[1], '$row', 1)).toBe(2);
    expect(lineTotal(doc, 'qty')).toBe(3.3);
  });

  it('lists the fields a template reads', () => {
    expect(templateFields(minimal as never)).toEqual({ header: ['supplier_name', 'receive_no'], lines: ['qty'] });
  });
});

describe('a loaded document as a template prints it', () => {
  const outbound = JSON.parse(readFileSync(new URL('../../report-defs/documents/store-outbound.json', import.meta.url), 'utf8')) as DocumentFile;
  const detail = {
    type: 'store-outbound',
    no: 'CK001',
    status: '1',
    header: { issue_no: 'CK001', org_code: 'S001', org_code_name: '南京路店', issue_type: 13, status: '1' },
    lines: [{ line_id: 1, sku_no: 'A1', sku_no_name: '苹果', qty: 2 }],
    actions: [],
    attachment_count: 0,
  };

  it('keeps the fields and names, adds enumeration labels, the state label and printed_at', () => {
    const doc = documentForPrint(outbound, detail, '2026-11-24 10:00:00');
    const state = outbound.states.find((s) => s.code === '1')!.label.zh;
    expect(doc.header).toMatchObject({ issue_no: 'CK001', org_code_name: '南京路店', issue_type_text: '领用', status_text: state, printed_at: '2026-11-24 10:00:00' });
    expect(doc.lines).toEqual([{ line_id: 1, sku_no: 'A1', sku_no_name: '苹果', qty: 2 }]);
  });
});

