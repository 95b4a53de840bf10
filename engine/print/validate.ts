/** Reads a print-style template file: JSON text → a checked PrintTemplate, or a message a person can act on. */
import Ajv from 'ajv';
import templateSchema from '../../schemas/print-template.schema.json';
import type { ErrorObject } from 'ajv';
import { schemaMessage } from '../studio/messages';
import type { PrintTemplate } from './template';

const ajv = new Ajv({ allErrors: false, strict: false });
const check = ajv.compile<PrintTemplate>(templateSchema);

/** The template's keys as docs/print-templates.md names them for the person writing the file. */
const KEY_NAMES: Record<string, string> = {
  title: '标题',
  page: '页面设置',
  size: '纸张',
  orientation: '方向',
  margin_mm: '页边距',
  font_size: '字号',
  header: '表头字段',
  header_columns: '表头每行字段数',
  lines: '明细列',
  totals: '合计',
  footer: '页脚',
  label: '名称',
  field: '字段',
  width: '列宽',
  align: '对齐',
  format: '格式',
};

/** "/lines/0/width" → 明细列第1项的列宽（width）: where a person finds it in the file. */
export function templatePlace(pointer: string): string {
  const parts = pointer.split('/').filter(Boolean);
  if (!parts.length) return '模板';
  return parts
    .map((p) => (/^\d+$/.test(p) ? `第${Number(p) + 1}项` : `${KEY_NAMES[p] ?? p}（${p}）`))
    .join('的')
    .replace(/的第/g, '第');
}

/** An ajv error of the template schema in Chinese: the place, then what is wrong there. */
function templateError(err: ErrorObject | undefined): string {
  if (!err) return '模板文件格式错误';
  const place = templatePlace(err.instancePath);
  const params = err.params as Record<string, unknown>;
  if (err.keyword === 'required') return `模板文件格式错误：${place}缺少${KEY_NAMES[String(params.missingProperty)] ?? ''}（${params.missingProperty}）`;
  return `模板文件格式错误：${place}${schemaMessage(err.keyword, params, 'zh')}`;
}

export type ParsedTemplate = { ok: true; template: PrintTemplate } | { ok: false; message: string };

export function parseTemplate(text: string): ParsedTemplate {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    // the parser's own words are English: keep only where it stopped
    const at = /line (\d+) column (\d+)/.exec((e as Error).message);
    const where = at ? `（第 ${at[1]} 行第 ${at[2]} 列附近）` : '';
    return { ok: false, message: `模板文件不是有效的 JSON${where}，请检查括号、引号和逗号` };
  }
  if (!check(value)) {
    return { ok: false, message: templateError(check.errors?.[0]) };
  }
  return { ok: true, template: value };
}
