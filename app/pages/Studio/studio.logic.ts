/**
 * Pure helpers of the studio page: how the form fills defaults, definition errors placed at their
 * field, copies of shipped reports under a new name.
 */
import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';
import type { DefinitionError } from '../../../engine/definition/catalogue';
import type { I18nText, ReportFile } from '../../../engine/definition/types';
import { STUDIO_FORBIDDEN_KEYS } from '../../../engine/studio/rules';

type Json = Record<string, unknown>;

/**
 * How the form fills what the draft leaves out: an optional object (explain, print …) stays absent
 * until filled, not saved as {}; a `const` is never a default (rjsf's default would write
 * `default_previous_of: 1` into every date range, and 昨天 would open on the day before).
 */
export const FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: 'populateRequiredDefaults',
  constAsDefaults: 'never',
};

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export interface ErrorNode {
  __errors?: string[];
  [key: string]: ErrorNode | string[] | undefined;
}

/** Definition errors as a form error tree: /chips/1/dimension → {chips: {1: {dimension: {__errors}}}}. */
export function errorTree(errors: readonly DefinitionError[]): ErrorNode {
  const root: ErrorNode = {};
  for (const e of errors) {
    let node = root;
    for (const token of e.pointer.split('/').slice(1).map(unescape)) {
      node[token] ??= {};
      node = node[token] as ErrorNode;
    }
    node.__errors = [...(node.__errors ?? []), e.message];
  }
  return root;
}

/** A shipped report as the start of a tenant's own: new id and name, without the keys the studio refuses. */
/** A dataset by its title in the analyst's language (its id when the list does not know it). */
export function datasetLabel(datasets: readonly { id: string; title: I18nText }[], id: string, lang: 'zh' | 'en'): string {
  return datasets.find((d) => d.id === id)?.title[lang] || id;
}

export function copyAsNew(report: ReportFile, id: number, title: I18nText): ReportFile {
  const copy: Json = { ...(report as unknown as Json), id, title };
  for (const key of STUDIO_FORBIDDEN_KEYS) delete copy[key];
  return copy as unknown as ReportFile;
}

/** The raw JSON view's text, and its parse (null + message when it is not JSON). */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function parseJsonText(text: string): { value: unknown; error: null } | { value: null; error: string } {
  try {
    return { value: JSON.parse(text), error: null };
  } catch (err) {
    return { value: null, error: (err as Error).message };
  }
}

/** A value of a diff entry in one short line. */
export function diffValue(value: unknown): string {
  if (value === undefined) return '∅';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
