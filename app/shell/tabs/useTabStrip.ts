/**
 * The tab bar's scrolling strip in the browser: keeps the active tab in view (when it changes, when
 * tabs open or close, when the bar or a title changes width), says which arrows to offer, and turns
 * arrow clicks and the mouse wheel into sideways scrolling. The arithmetic is tabStrip.logic.ts.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { arrowScroll, NO_OVERFLOW, revealTab, sameEnds, stripEnds, wheelScroll, type StripEnds } from './tabStrip.logic';

export function useTabStrip(activeKey: string, tabCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState<StripEnds>(NO_OVERFLOW);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = stripEnds(el);
    setEnds((prev) => (sameEnds(prev, next) ? prev : next));
  }, []);

  const scrollTo = useCallback(
    (left: number) => {
      const el = ref.current;
      if (!el) return;
      el.scrollLeft = left;
      // a scroll event follows in a browser, but only when the offset moved: measure now either way
      measure();
    },
    [measure],
  );

  const reveal = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const tab = Array.from(el.querySelectorAll<HTMLElement>('[data-tab]')).find((t) => t.dataset.tab === activeKey);
    if (!tab) {
      measure();
      return;
    }
    const box = el.getBoundingClientRect();
    const span = tab.getBoundingClientRect();
    scrollTo(revealTab(el, { left: span.left - box.left + el.scrollLeft, width: span.width }));
  }, [activeKey, measure, scrollTo]);

  // before paint, so the bar never shows the active tab cut off first
  useLayoutEffect(reveal, [reveal, tabCount]);

  // the strip narrows when the arrows appear or the menu opens; the tabs widen when a title arrives
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => reveal());
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [reveal]);

  // not passive: a wheel turn that scrolls the strip must not scroll the page as well
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      const next = wheelScroll(el, e);
      if (next === null) return;
      e.preventDefault();
      scrollTo(next);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scrollTo]);

  const step = useCallback(
    (direction: -1 | 1) => {
      if (ref.current) scrollTo(arrowScroll(ref.current, direction));
    },
    [scrollTo],
  );

  return { ref, ends, measure, step };
}
