/** Reads a print-style template file: JSON text → a checked PrintTemplate, or a message a person can act on. */
import Ajv from 'ajv';
import templateSchema from '../../schemas/print-template.schema.json';
import type { PrintTemplate } from './template';

const ajv = new Ajv({ allErrors: false, strict: false });
const check = ajv.compile<PrintTemplate>(templateSchema);

export type ParsedTemplate = { ok: true; template: PrintTemplate } | { ok: false; message: string };

export function parseTemplate(text: string): ParsedTemplate {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { ok: false, message: `模板文件不是有效的 JSON：${(e as Error).message}` };
  }
  if (!check(value)) {
    const err = check.errors?.[0];
    const where = err?.instancePath || '/';
    return { ok: false, message: `模板文件格式错误：${where} ${err?.message ?? ''}`.trim() };
  }
  return { ok: true, template: value };
}
