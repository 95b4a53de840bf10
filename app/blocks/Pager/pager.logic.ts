/** Pure rules of the pager. */
import { MAX_PAGE, PAGE_SIZES } from '../../../engine/wire';

export { MAX_PAGE, PAGE_SIZES };
export const DEFAULT_PAGE_SIZE = 20;
/** number of numbered page buttons (rule 331) */
export const PAGER_BUTTONS = 7;
export const TOO_LARGE_MESSAGE = 'blocks.pager.tooLarge';

export type PagerItem = number | 'prev-more' | 'next-more';

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The numbered buttons: first and last always, five around the current page, and a jump ("…") where
 * pages are left out, so at most seven numbers show.
 */
export function pagerItems(current: number, count: number, buttons = PAGER_BUTTONS): PagerItem[] {
  if (count <= buttons) return Array.from({ length: count }, (_, i) => i + 1);
  const half = Math.floor(buttons / 2);
  const showPrevMore = current > buttons - half;
  const showNextMore = current < count - half;
  const middle: number[] = [];
  if (showPrevMore && !showNextMore) {
    for (let p = count - (buttons - 2); p < count; p++) middle.push(p);
  } else if (!showPrevMore && showNextMore) {
    for (let p = 2; p < buttons; p++) middle.push(p);
  } else {
    const offset = half - 1;
    for (let p = current - offset; p <= current + offset; p++) middle.push(p);
  }
  return [1, ...(showPrevMore ? (['prev-more'] as const) : []), ...middle, ...(showNextMore ? (['next-more'] as const) : []), count];
}

/** Where a jump button lands: five pages back or forward. */
export function jumpTarget(item: 'prev-more' | 'next-more', current: number, count: number, buttons = PAGER_BUTTONS): number {
  const step = buttons - 2;
  return item === 'prev-more' ? Math.max(1, current - step) : Math.min(count, current + step);
}

export type PageRequest = { ok: true; page: number } | { ok: false; page: number; message: string };

/**
 * A page the user asks for: refused above the maximum page with the spec's message, keeping the current
 * page (rule 332); otherwise clamped into 1..count.
 */
export function requestPage(target: number, current: number, count: number, maxPage = MAX_PAGE): PageRequest {
  if (!Number.isFinite(target)) return { ok: false, page: current, message: '' };
  const page = Math.trunc(target);
  if (page > maxPage) return { ok: false, page: current, message: TOO_LARGE_MESSAGE };
  return { ok: true, page: Math.min(Math.max(1, page), count) };
}

/** Parse the jump box: digits only, else null. */
export function parseJump(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
