/** Non-rendering rules of the print-style blocks (building blocks §4, §5): form checks and action guards. */
import { initialTicked, STYLE_FILE_MAX_BYTES, STYLE_NAME_MAX, type PrintStyle } from '../../../engine/print/styles';
import type { StyleFormValues } from './types';

/** i18n keys (print namespace) of the first problem of a style form, or null. */
export function styleFormProblem(values: Pick<StyleFormValues, 'report_name' | 'file' | 'id'>): string | null {
  const name = values.report_name.trim();
  if (!name) return 'print.style.nameRequired';
  if ([...name].length > STYLE_NAME_MAX) return 'print.style.nameRequired';
  if (!values.file && !values.id) return 'print.style.fileRequired';
  if (values.file && values.file.size >= STYLE_FILE_MAX_BYTES) return 'print.style.fileTooLarge';
  return null;
}

export type StyleAction = 'print' | 'edit' | 'delete' | 'export' | 'default';

const NONE: Record<StyleAction, string> = {
  print: 'print.style.printNone',
  edit: 'print.style.editNone',
  delete: 'print.style.deleteNone',
  export: 'print.style.exportNone',
  default: 'print.style.defaultNone',
};

/** rules 258–262: each action needs a ticked style; the message key when none is. */
export function actionNeedsTick(action: StyleAction, ticked: number | null): string | null {
  return ticked === null ? NONE[action] : null;
}

/** Opens a PDF in a new tab, then runs the caller's callback after the delay of rule 254. */
export function openPdfThenCallback(pdf: Blob, delayMs: number, callback?: () => void): void {
  const url = URL.createObjectURL(pdf);
  window.open(url, '_blank');
  setTimeout(() => callback?.(), delayMs);
}

/**
 * The row ticked when the list loads (rule 251): the default, else the first row, so a store or supplier
 * whose list holds no default of theirs still starts with exactly one style ticked.
 */
export function startTick(list: readonly Pick<PrintStyle, 'id' | 'is_default'>[]): number | null {
  return initialTicked(list) ?? list[0]?.id ?? null;
}
