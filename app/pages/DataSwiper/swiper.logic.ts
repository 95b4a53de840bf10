/** The rotating screen's slides and timing. Pure. */
export const SLIDES = ['byStore', 'byCategory', 'byHour'] as const;
export type Slide = (typeof SLIDES)[number];
export const SLIDE_SECONDS = 8;

export const nextSlide = (index: number) => (index + 1) % SLIDES.length;
