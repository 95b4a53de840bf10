/** The import file's rules (rules 305–307). Pure. */
import { sizeLimit } from '../../../engine/upload';

/** Rule 306: 52428800 bytes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rule 307: xlsx and xls. */
export const SPREADSHEET_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'] as const;
const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls'];

export type ImportFileError = 'fileRequired' | 'tooLarge' | 'wrongType';

type PickedFile = Pick<File, 'name' | 'size' | 'type'>;

/** Browsers often leave `type` empty for .xls: the extension decides then. */
function isAccepted(file: PickedFile, accept: readonly string[]): boolean {
  if (file.type) return accept.includes(file.type);
  const name = file.name.toLowerCase();
  return SPREADSHEET_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** Rule 305: a file is required; rule 306: at most `maxBytes`; rule 307: a spreadsheet. */
export function importFileError(file: PickedFile | null, maxBytes = IMPORT_MAX_BYTES, accept: readonly string[] = SPREADSHEET_TYPES): ImportFileError | null {
  if (!file) return 'fileRequired';
  if (!isAccepted(file, accept)) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** `{size}` of 请选择小于{size}的文件: 50M, or K under 1 MB. */
export function importSizeText(maxBytes = IMPORT_MAX_BYTES): string {
  const { n, unit } = sizeLimit(maxBytes);
  return `${n}${unit}`;
}
