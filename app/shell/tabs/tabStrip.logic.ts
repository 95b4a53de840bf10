/**
 * The tab bar's scrolling strip (rules 36–42): with more tabs than fit, the active one is scrolled into
 * view, arrows at the ends step through the rest and the mouse wheel scrolls sideways. Pure: measures
 * in, scroll offsets out (px).
 */

/** The strip as the browser measures it. */
export interface StripBox {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** A tab's place in the strip's content (left from the content's start, not the visible part). */
export interface TabSpan {
  left: number;
  width: number;
}

export interface StripEnds {
  /** the tabs do not fit: the arrows show */
  overflows: boolean;
  /** there is more to the left / to the right */
  back: boolean;
  forward: boolean;
}

export const NO_OVERFLOW: StripEnds = { overflows: false, back: false, forward: false };

/** A revealed tab keeps this much of its neighbour in sight, so the bar shows there is more beyond it. */
export const REVEAL_MARGIN = 24;
/** An arrow click moves by this share of the visible width: the last tab seen stays in sight. */
export const ARROW_STEP = 0.8;
/** A wheel notch in lines (deltaMode 1, e.g. Firefox) as pixels. */
export const LINE_PX = 16;
// browsers report fractional widths; a pixel less is "at the end"
const SLACK = 1;

const maxScroll = (s: StripBox) => Math.max(0, s.scrollWidth - s.clientWidth);
const clamp = (s: StripBox, left: number) => Math.min(maxScroll(s), Math.max(0, Math.round(left)));

export function stripEnds(s: StripBox): StripEnds {
  if (s.scrollWidth - s.clientWidth <= SLACK) return NO_OVERFLOW;
  return { overflows: true, back: s.scrollLeft > SLACK, forward: s.scrollLeft < maxScroll(s) - SLACK };
}

export const sameEnds = (a: StripEnds, b: StripEnds) => a.overflows === b.overflows && a.back === b.back && a.forward === b.forward;

/**
 * The scroll offset that shows the whole tab, with REVEAL_MARGIN of room beside it; the offset unchanged
 * when it already shows. A tab wider than the strip shows from its start.
 */
export function revealTab(s: StripBox, tab: TabSpan, margin = REVEAL_MARGIN): number {
  const room = Math.max(0, Math.min(margin, (s.clientWidth - tab.width) / 2));
  const startAt = tab.left - room;
  const endAt = tab.left + tab.width + room - s.clientWidth;
  if (s.scrollLeft > startAt || tab.width > s.clientWidth) return clamp(s, startAt);
  if (s.scrollLeft < endAt) return clamp(s, endAt);
  return s.scrollLeft;
}

/** Where an arrow click scrolls: most of a visible width back or forward. */
export function arrowScroll(s: StripBox, direction: -1 | 1): number {
  return clamp(s, s.scrollLeft + direction * Math.max(1, s.clientWidth * ARROW_STEP));
}

/**
 * Where a wheel turn scrolls: the strip only moves sideways, so an up/down turn (the usual mouse wheel)
 * moves it as a sideways one (a touchpad's) does; null when there is nothing to scroll, so the page keeps
 * the wheel.
 */
export function wheelScroll(s: StripBox, wheel: { deltaX: number; deltaY: number; deltaMode: number }): number | null {
  if (!stripEnds(s).overflows) return null;
  const delta = Math.abs(wheel.deltaX) > Math.abs(wheel.deltaY) ? wheel.deltaX : wheel.deltaY;
  const unit = wheel.deltaMode === 1 ? LINE_PX : wheel.deltaMode === 2 ? s.clientWidth : 1;
  const next = clamp(s, s.scrollLeft + delta * unit);
  return next === s.scrollLeft ? null : next;
}
