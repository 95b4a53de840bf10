/** Non-rendering rules of the print-style blocks (building blocks §4, §5): form checks and action guards. */
import {
  initialTicked,
  refuseDelete,
  refuseEdit,
  refuseSetDefault,
  STYLE_FILE_MAX_BYTES,
  STYLE_MESSAGES,
  STYLE_NAME_MAX,
  SHIPPED_STYLE_DESCRIPTION,
  type PrintStyle,
  type StyleActor,
} from '../../../engine/print/styles';
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

/** A refused action's message as an i18n key (print namespace) and its values. */
export interface Refusal {
  key: string;
  values?: Record<string, string>;
}

const refusalKey = (message: string | null): Refusal | null => {
  const name = (Object.keys(STYLE_MESSAGES) as (keyof typeof STYLE_MESSAGES)[]).find((k) => STYLE_MESSAGES[k] === message);
  return name ? { key: `print.refuse.${name}` } : null;
};

/**
 * Why the ticked style refuses an action, known before asking (the server refuses the same, rules 252,
 * 263–268): the button is disabled with this reason instead of confirming first and refusing after.
 */
export function styleActionRefusal(action: 'edit' | 'delete' | 'default', actor: StyleActor, style: PrintStyle | null): Refusal | null {
  if (!style) return null;
  if (action === 'edit') return refusalKey(refuseEdit(actor, style));
  if (action === 'delete') return refusalKey(refuseDelete(actor, style));
  return refusalKey(refuseSetDefault(actor, style)) ?? (style.is_default === 1 ? { key: 'print.alreadyDefault', values: { name: style.report_name } } : null);
}

/** What the description column shows: the shipped styles' product words in the page's language, a user's text as written. */
export function styleDescription(description: string): { key: string } | { text: string } {
  return description === SHIPPED_STYLE_DESCRIPTION ? { key: 'print.shippedDescription' } : { text: description };
}
