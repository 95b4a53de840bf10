/** Reads a print-style template file: JSON text → a checked PrintTemplate, or a message a person can act on, in Chinese and English. */
import Ajv from 'ajv';
import templateSchema from '../../schemas/print-template.schema.json';
import type { ErrorObject } from 'ajv';
import { schemaMessage } from '../studio/messages';
import { jsonErrorOffset, placeOf } from './json-place';
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

/** "/lines/0/width" → lines › item 1 › width, the keys as written in the file. */
export function templatePlaceEn(pointer: string): string {
  const parts = pointer.split('/').filter(Boolean);
  if (!parts.length) return 'the template';
  return parts.map((p) => (/^\d+$/.test(p) ? `item ${Number(p) + 1}` : p)).join(' › ');
}

/** A template's problem in both languages: `message` Chinese (the default), `en` English. */
export interface TemplateProblem {
  message: string;
  en: string;
}

/** An ajv error of the template schema: the place, then what is wrong there. */
function templateError(err: ErrorObject | undefined): TemplateProblem {
  if (!err) return { message: '模板文件格式错误', en: 'Invalid template file' };
  const params = err.params as Record<string, unknown>;
  const [zh, en] = [templatePlace(err.instancePath), templatePlaceEn(err.instancePath)];
  if (err.keyword === 'required') {
    const key = String(params.missingProperty);
    return { message: `模板文件格式错误：${zh}缺少${KEY_NAMES[key] ?? ''}（${key}）`, en: `Invalid template file: ${en} is missing "${key}"` };
  }
  const what = schemaMessage(err.keyword, params, 'en');
  return {
    message: `模板文件格式错误：${zh}${schemaMessage(err.keyword, params, 'zh')}`,
    en: `Invalid template file: ${en}: ${what[0].toLowerCase()}${what.slice(1)}`,
  };
}

export type ParsedTemplate = { ok: true; template: PrintTemplate } | ({ ok: false } & TemplateProblem);

export function parseTemplate(file: string): ParsedTemplate {
  const text = file.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // the parser's own words are English and, on Node 20, name no place: find where the text stops being JSON
    const offset = jsonErrorOffset(text);
    const at = offset === null ? null : placeOf(text, offset);
    return {
      ok: false,
      message: `模板文件不是有效的 JSON${at ? `（第 ${at.line} 行第 ${at.column} 列附近）` : ''}，请检查括号、引号和逗号`,
      en: `The template file is not valid JSON${at ? ` (near line ${at.line}, column ${at.column})` : ''}: check its brackets, quotes and commas`,
    };
  }
  if (!check(value)) return { ok: false, ...templateError(check.errors?.[0]) };
  return { ok: true, template: value };
}
