/**
 * The document list's one selection: the rows ticked in its checkbox column. 打印 takes every ticked
 * document; the other document actions take exactly one, in a state that allows them. A button the
 * selection does not fit is disabled with the reason, so nobody has to guess. Pure.
 */
import type { DocumentAction, DocumentFile } from '../../../engine/document/types';
import type { DocumentRow } from '../../../engine/document/wire';
import type { ClientType } from '../../../engine/wire';
import type { ToolbarButton } from '../../blocks/Toolbar';
import { buttonAction, stateActions, stateLabel, toolbarButtons, type ButtonAction } from './documents.logic';

/** Why a list button does not fit the selection now, or null when it does. */
export type Unfit =
  | { reason: 'choose' }
  | { reason: 'onlyOne'; count: number }
  | { reason: 'printMax'; max: number }
  | { reason: 'state'; state: string };

export interface ListButton extends ToolbarButton {
  unfit: Unfit | null;
}

/** How many documents an action of the list takes: none (新增, import, export), several (打印) or one. */
export function selectionNeed(action: ButtonAction): 'none' | 'some' | 'one' {
  if (action === 'add' || action === 'import' || action === 'export') return 'none';
  return action === 'print' ? 'some' : 'one';
}

const noOf = (row: DocumentRow, noKey: string) => String(row[noKey]);

/** Whether a list action fits the ticked rows: their count, then the one document's state. */
export function unfitSelection(
  def: DocumentFile,
  client: ClientType,
  action: ButtonAction,
  stateAction: DocumentAction | undefined,
  selected: readonly DocumentRow[],
  locale: string,
  maxPrint: number,
): Unfit | null {
  const need = selectionNeed(action);
  if (need === 'none') return null;
  if (!selected.length) return { reason: 'choose' };
  if (need === 'some') return selected.length > maxPrint ? { reason: 'printMax', max: maxPrint } : null;
  if (selected.length > 1) return { reason: 'onlyOne', count: selected.length };
  if (!stateAction) return null;
  const status = String(selected[0][def.tables.status_column]);
  return stateActions(def, status, client).includes(stateAction) ? null : { reason: 'state', state: stateLabel(def, status, locale).label };
}

/** The list's toolbar for the ticked rows: each button enabled only when the selection fits it. */
export function listButtons(def: DocumentFile, client: ClientType, selected: readonly DocumentRow[], locale: string, maxPrint: number): ListButton[] {
  return toolbarButtons(def.toolbar.list, null, locale, !!def.print).map((b) => {
    const stateAction = def.toolbar.list.find((d) => buttonAction(d.function_key) === b.key)?.action;
    const unfit = unfitSelection(def, client, b.key as ButtonAction, stateAction, selected, locale, maxPrint);
    return { ...b, disabled: unfit !== null, unfit };
  });
}

/** A row's checkbox: ticked rows keep the order they were ticked in (the order 打印 prints them). */
export function tickRow(selected: readonly DocumentRow[], row: DocumentRow, on: boolean, noKey: string): DocumentRow[] {
  const rest = selected.filter((r) => noOf(r, noKey) !== noOf(row, noKey));
  return on ? [...rest, row] : rest;
}

/** The header checkbox: ticks every row of the page (after those ticked before), or clears them when all are ticked. */
export function tickPage(selected: readonly DocumentRow[], page: readonly DocumentRow[], noKey: string): DocumentRow[] {
  if (pageTicked(selected, page, noKey) === 'all') {
    const pageNos = new Set(page.map((r) => noOf(r, noKey)));
    return selected.filter((r) => !pageNos.has(noOf(r, noKey)));
  }
  const nos = new Set(selected.map((r) => noOf(r, noKey)));
  return [...selected, ...page.filter((r) => !nos.has(noOf(r, noKey)))];
}

/** How much of the page is ticked, for the header checkbox. */
export function pageTicked(selected: readonly DocumentRow[], page: readonly DocumentRow[], noKey: string): 'all' | 'some' | 'none' {
  const nos = new Set(selected.map((r) => noOf(r, noKey)));
  const n = page.filter((r) => nos.has(noOf(r, noKey))).length;
  return n === 0 ? 'none' : n === page.length ? 'all' : 'some';
}

/**
 * The ticked rows as the list answers them now: a row fetched again (after a write elsewhere) brings its
 * new state, so the buttons follow it; rows of other pages stay as they were ticked.
 */
export function freshSelection(selected: readonly DocumentRow[], page: readonly DocumentRow[], noKey: string): DocumentRow[] {
  return selected.map((s) => page.find((r) => noOf(r, noKey) === noOf(s, noKey)) ?? s);
}
