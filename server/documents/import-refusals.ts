/**
 * Why an import file is refused before its lines are looked at, with its code and both languages: the
 * file's container (encrypted, too many parts), what its XML piles up (xml-guard.ts), and the bounds of
 * the reading thread (import-pool.ts). Plain data, so the reading thread can send one back.
 */
import { HttpError } from '../http/errors';
import type { XmlRefusal } from './xml-guard';

export interface ImportRefusal {
  status: number;
  code: string;
  zh: string;
  en: string;
}

const refusal = (status: number, code: string, zh: string, en: string): ImportRefusal => ({ status, code, zh, en });

const TRIM_ZH = '请删去与导入无关的内容，或使用导入模板后再导入';
const TRIM_EN = 'remove what the import does not need, or use the import template, and import again';

export const IMPORT_REFUSALS = {
  encrypted: () => refusal(400, 'FILE_ENCRYPTED', '文件已加密，请在Excel中取消密码保护后再导入', 'The file is encrypted; remove its password in Excel and import again'),
  tooManyEntries: (max: number) =>
    refusal(400, 'ZIP_TOO_MANY_ENTRIES', `文件包含超过${max}个部件，不是可导入的表格，${TRIM_ZH}`, `The file holds more than ${max} parts, more than a spreadsheet to import; ${TRIM_EN}`),
  tooDeep: (max: number) =>
    refusal(400, 'XML_TOO_DEEP', `文件内容的嵌套超过${max}层，无法读取，${TRIM_ZH}`, `The file's content is nested more than ${max} levels deep and cannot be read; ${TRIM_EN}`),
  tooManyStrings: (max: number) =>
    refusal(400, 'TOO_MANY_SHARED_STRINGS', `文件中的文本超过${max}项，${TRIM_ZH}`, `The file holds more than ${max} texts; ${TRIM_EN}`),
  tooManyCells: (max: number) =>
    refusal(400, 'TOO_MANY_CELLS', `文件中有一行的单元格超过${max}个，${TRIM_ZH}`, `A row of the file has more than ${max} cells; ${TRIM_EN}`),
  nul: () =>
    refusal(400, 'NUL_IN_FILE', '文件中含有空字符（\\0），请在Excel中删除后再导入', 'The file contains a NUL character (\\0); remove it in Excel and import again'),
  busy: () => refusal(503, 'IMPORT_BUSY', '导入任务较多，请稍后再试', 'Many imports are being read, please try again later'),
  timeout: (s: number) =>
    refusal(422, 'IMPORT_TIMEOUT', `读取文件超过${s}秒仍未完成，已停止，${TRIM_ZH}`, `Reading the file took more than ${s} seconds and was stopped; ${TRIM_EN}`),
  memory: () =>
    refusal(422, 'IMPORT_TOO_LARGE', `读取文件超出内存限制，已停止，${TRIM_ZH}`, `Reading the file went past its memory limit and was stopped; ${TRIM_EN}`),
  failed: (why: string) => refusal(422, 'IMPORT_FAILED', `读取文件失败：${why}`, `Reading the file failed: ${why}`),
} as const;

/** The refusal for what the XML guard found in a part; null for a DTD, which is just an unreadable file. */
export function xmlRefusal(found: XmlRefusal, limits: { sharedStrings: number; rowCells: number }): ImportRefusal | null {
  switch (found.kind) {
    case 'depth':
      return IMPORT_REFUSALS.tooDeep(found.max);
    case 'count':
      return found.name === 'si' ? IMPORT_REFUSALS.tooManyStrings(limits.sharedStrings) : IMPORT_REFUSALS.tooManyCells(limits.rowCells);
    case 'nul':
      return IMPORT_REFUSALS.nul();
    case 'declaration':
      return null;
  }
}

export const refusalError = (r: ImportRefusal) => new HttpError(r.status, r.code, r.zh, r.en);
