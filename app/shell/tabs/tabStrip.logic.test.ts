import { describe, expect, it } from 'vitest';
import { arrowScroll, NO_OVERFLOW, REVEAL_MARGIN, revealTab, stripEnds, wheelScroll } from './tabStrip.logic';

// 20 tabs of 100 px in a strip showing 600 px
const strip = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 2000, clientWidth: 600 });

describe('tab strip', () => {
  it('has no arrows while the tabs fit, and arrows that know which end is reached once they do not', () => {
    expect(stripEnds({ scrollLeft: 0, scrollWidth: 600, clientWidth: 600 })).toEqual(NO_OVERFLOW);
    // fractional widths: half a pixel over is still a fit
    expect(stripEnds({ scrollLeft: 0, scrollWidth: 600.5, clientWidth: 600 })).toEqual(NO_OVERFLOW);
    expect(stripEnds(strip(0))).toEqual({ overflows: true, back: false, forward: true });
    expect(stripEnds(strip(700))).toEqual({ overflows: true, back: true, forward: true });
    expect(stripEnds(strip(1400))).toEqual({ overflows: true, back: true, forward: false });
  });

  it('reveals a tab cut off on either side with room for its neighbour, and leaves a shown one alone', () => {
    // the last tab (1900–2000) while the start shows: scrolled to the end
    expect(revealTab(strip(0), { left: 1900, width: 100 })).toBe(1400);
    // a tab past the right edge: its end plus the margin at the right edge
    expect(revealTab(strip(0), { left: 1000, width: 100 })).toBe(1100 + REVEAL_MARGIN - 600);
    // a tab before the left edge: its start minus the margin at the left edge
    expect(revealTab(strip(1400), { left: 300, width: 100 })).toBe(300 - REVEAL_MARGIN);
    // the first tab: never before the start
    expect(revealTab(strip(1400), { left: 0, width: 100 })).toBe(0);
    // a tab already in sight does not move the strip
    expect(revealTab(strip(700), { left: 900, width: 100 })).toBe(700);
    // a tab wider than the strip shows from its start
    expect(revealTab(strip(0), { left: 1000, width: 800 })).toBe(1000);
  });

  it('an arrow steps most of a visible width, within the ends', () => {
    expect(arrowScroll(strip(0), 1)).toBe(480);
    expect(arrowScroll(strip(1200), 1)).toBe(1400);
    expect(arrowScroll(strip(300), -1)).toBe(0);
  });

  it('the wheel scrolls sideways, up/down as left/right, lines as pixels; not at all when nothing overflows', () => {
    expect(wheelScroll(strip(0), { deltaX: 0, deltaY: 120, deltaMode: 0 })).toBe(120);
    expect(wheelScroll(strip(500), { deltaX: -90, deltaY: 10, deltaMode: 0 })).toBe(410);
    expect(wheelScroll(strip(0), { deltaX: 0, deltaY: 3, deltaMode: 1 })).toBe(48);
    expect(wheelScroll(strip(0), { deltaX: 0, deltaY: 1, deltaMode: 2 })).toBe(600);
    // at an end the wheel is the page's again
    expect(wheelScroll(strip(0), { deltaX: 0, deltaY: -120, deltaMode: 0 })).toBeNull();
    expect(wheelScroll({ scrollLeft: 0, scrollWidth: 600, clientWidth: 600 }, { deltaX: 0, deltaY: 120, deltaMode: 0 })).toBeNull();
  });
});
