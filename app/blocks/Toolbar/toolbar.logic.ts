/** Rules of the toolbar presets (rule 31 for close, rule 327 for repeat clicks). */

/** Rule 319. */
export const FUNCTION_KEYS = {
  1: 'add',
  2: 'edit',
  3: 'delete',
  4: 'save',
  18: 'import',
  19: 'export',
  20: 'print',
  21: 'audit',
} as const;
export type FunctionKey = keyof typeof FUNCTION_KEYS;
export type FunctionName = (typeof FUNCTION_KEYS)[FunctionKey];

/** Rule 316. */
export const CLICK_DELAY_MS = 50;
/** Rule 317. */
export const MAX_VISIBLE_BUTTONS = 12;
/** Rule 327. */
export const REPEAT_CLICK_MS = 1500;

export interface ToolbarButton {
  key: string;
  /** shown as is */
  label?: string;
  /** i18n key, when there is no label */
  labelKey?: string;
  fn?: FunctionKey;
  disabled?: boolean;
  /** why a disabled button cannot be used now, shown on hover */
  hint?: string;
}

/**
 * Rule 318: six preset sets. The spec does not list their contents; these are the sets the product's
 * screens use: lists, documents, audit, read-only views, import/export, and everything.
 */
export const PRESETS = {
  list: [1, 2, 3, 18, 19, 20],
  document: [1, 2, 3, 4, 21, 20],
  audit: [21, 20, 19],
  readonly: [20, 19],
  transfer: [18, 19],
  full: [1, 2, 3, 4, 18, 19, 20, 21],
} as const satisfies Record<string, readonly FunctionKey[]>;
export type PresetName = keyof typeof PRESETS;

export function functionButton(fn: FunctionKey): ToolbarButton {
  const name = FUNCTION_KEYS[fn];
  return { key: name, labelKey: `blocks.toolbar.${name}`, fn };
}

export function presetButtons(preset: PresetName): ToolbarButton[] {
  return PRESETS[preset].map(functionButton);
}

/** The preset's buttons, then the screen's own, without hidden ones and without duplicate keys. */
export function toolbarButtons(preset: PresetName | undefined, extra: readonly ToolbarButton[] = [], hidden: readonly string[] = []): ToolbarButton[] {
  const seen = new Set<string>();
  return [...(preset ? presetButtons(preset) : []), ...extra].filter((b) => !hidden.includes(b.key) && !seen.has(b.key) && !!seen.add(b.key));
}

/** Rule 317: the first 12 show; the rest go into the more-menu. */
export function splitButtons<B>(buttons: readonly B[], max = MAX_VISIBLE_BUTTONS): { visible: B[]; more: B[] } {
  return buttons.length > max ? { visible: buttons.slice(0, max), more: buttons.slice(max) } : { visible: [...buttons], more: [] };
}

export interface CloseContext {
  /** route meta prePageId: the page this one was opened from */
  prePageId?: string | null;
  /** open tabs (full paths), most recently visited last */
  tabs: readonly string[];
  currentPath: string;
}

/** Rule 31: after closing, go to prePageId; else the last visited remaining tab; else '/'. */
export function closeTarget({ prePageId, tabs, currentPath }: CloseContext): string {
  if (prePageId) return prePageId;
  const remaining = tabs.filter((t) => t !== currentPath);
  return remaining.length ? remaining[remaining.length - 1] : '/';
}

/** Rule 327: a click within 1500 ms of the last accepted one on the same button is ignored. */
export function createClickGuard(ms = REPEAT_CLICK_MS, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return (key: string): boolean => {
    const t = now();
    const previous = last.get(key);
    if (previous !== undefined && t - previous < ms) return false;
    last.set(key, t);
    return true;
  };
}
