/**
 * The custom-column layout (spec §3, §4, §6; rules 177, 181–185): visibility, order and widths of the
 * result columns, stored as a list of {prop, isShow, minWidth} in display order.
 */
import type { Column } from '../../engine/wire';
import type { StoredColumn } from './source';

export interface ColumnLayout {
  /** column values in display order; columns not listed follow in result order */
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
}

export const EMPTY_LAYOUT: ColumnLayout = { order: [], hidden: [], widths: {} };

/** Rule 182: the stored layout is loaded this long after the page opens. */
export const LOAD_DELAY_MS = 1000;

const MIN_WIDTH = 60;
const MAX_WIDTH = 1200;

/** The result columns in layout order (unknown props ignored, new columns appended). */
export function orderedColumns(columns: Column[], layout: ColumnLayout): Column[] {
  const byValue = new Map(columns.map((c) => [c.value, c]));
  const listed = layout.order.filter((v) => byValue.has(v)).map((v) => byValue.get(v)!);
  const rest = columns.filter((c) => !layout.order.includes(c.value));
  return [...listed, ...rest];
}

/** A stored list (rule 184) as a layout; widths outside a sane range are dropped. */
export function layoutFromStored(stored: readonly StoredColumn[] | null | undefined): ColumnLayout {
  const layout: ColumnLayout = { order: [], hidden: [], widths: {} };
  for (const c of stored ?? []) {
    if (!c || typeof c.prop !== 'string' || !c.prop || layout.order.includes(c.prop)) continue;
    layout.order.push(c.prop);
    if (c.isShow === false) layout.hidden.push(c.prop);
    const w = Number(c.minWidth);
    if (Number.isFinite(w) && w >= MIN_WIDTH && w <= MAX_WIDTH) layout.widths[c.prop] = Math.round(w);
  }
  return layout;
}

/** Rule 185: what is saved, every current column in display order with its visibility and width. */
export function storedFromLayout(columns: Column[], layout: ColumnLayout): StoredColumn[] {
  return orderedColumns(columns, layout).map((c) => ({
    prop: c.value,
    isShow: !layout.hidden.includes(c.value),
    minWidth: layout.widths[c.value] ?? c.min_width,
  }));
}

/** Shows or hides a column; the last visible column cannot be hidden. */
export function toggleColumn(columns: Column[], layout: ColumnLayout, prop: string): ColumnLayout {
  const hidden = layout.hidden.includes(prop);
  if (!hidden && columns.filter((c) => !layout.hidden.includes(c.value)).length <= 1) return layout;
  return { ...layout, hidden: hidden ? layout.hidden.filter((p) => p !== prop) : [...layout.hidden, prop] };
}

/** Moves a column one place up (−1) or down (+1) in the display order. */
export function moveColumn(columns: Column[], layout: ColumnLayout, prop: string, delta: -1 | 1): ColumnLayout {
  const order = orderedColumns(columns, layout).map((c) => c.value);
  const i = order.indexOf(prop);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return layout;
  [order[i], order[j]] = [order[j], order[i]];
  // keep the props of columns not in this result (other chips) at the end, so they survive
  const others = layout.order.filter((p) => !order.includes(p));
  return { ...layout, order: [...order, ...others] };
}

/** Widths from a resize (MRT column sizing), rounded. */
export function withWidths(layout: ColumnLayout, sizing: Record<string, number>): ColumnLayout {
  const widths = { ...layout.widths };
  for (const [prop, w] of Object.entries(sizing)) if (Number.isFinite(w) && w > 0) widths[prop] = Math.round(w);
  return { ...layout, widths };
}

/** The MRT table state of a layout. */
export function tableStateOf(columns: Column[], layout: ColumnLayout, leading: string[] = []) {
  return {
    columnOrder: [...leading, ...orderedColumns(columns, layout).map((c) => c.value)],
    columnVisibility: Object.fromEntries(layout.hidden.map((p) => [p, false])),
    columnSizing: { ...layout.widths },
  };
}
