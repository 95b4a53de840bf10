/** The beginner guide's steps: each highlights one shell element marked with data-tour. Pure. */
export const GUIDE_STEPS = ['menu', 'tabs', 'screens', 'messages', 'assist', 'complaint', 'user'] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** Only the steps whose element is on screen (a store user has no message icon). */
export function availableSteps(isPresent: (step: GuideStep) => boolean): GuideStep[] {
  return GUIDE_STEPS.filter(isPresent);
}

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

const CARD_WIDTH = 300;
const GAP = 10;

/** The explanation card goes below the element, or to its right when the element is tall (the menu); kept on screen. */
export function cardPosition(target: Rect, viewport: { width: number; height: number }): { top: number; left: number } {
  const tall = target.height > viewport.height / 2;
  const top = tall ? target.top + 40 : target.top + target.height + GAP;
  const left = tall ? target.left + target.width + GAP : target.left + target.width - CARD_WIDTH;
  return {
    top: Math.min(Math.max(GAP, top), viewport.height - 180),
    left: Math.min(Math.max(GAP, left), viewport.width - CARD_WIDTH - GAP),
  };
}

export const GUIDE_CARD_WIDTH = CARD_WIDTH;
