import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { DEFAULT_PAGE_SIZE, jumpTarget, pageCount, pagerItems, PAGE_SIZES, parseJump, requestPage } from './pager.logic';

describe('pager rules', () => {
  it('rule 330: sizes 10, 20, 30, 50, 100, 500 with default 20', () => {
    expect([...PAGE_SIZES]).toEqual([10, 20, 30, 50, 100, 500]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it('rule 331: at most 7 numbered page buttons', () => {
    for (const current of [1, 4, 5, 50, 96, 97, 100]) {
      const numbers = pagerItems(current, 100).filter((i) => typeof i === 'number');
      expect(numbers, `page ${current}`).toHaveLength(7);
      expect(numbers).toContain(current);
    }
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'prev-more', 8, 9, 10, 11, 12, 'next-more', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
  });

  it('jump buttons move five pages', () => {
    expect(jumpTarget('next-more', 3, 20)).toBe(8);
    expect(jumpTarget('prev-more', 3, 20)).toBe(1);
    expect(jumpTarget('next-more', 18, 20)).toBe(20);
  });

  it('rule 332: a page above 100 is refused with the message and the page stays', () => {
    expect(requestPage(101, 7, 300)).toEqual({ ok: false, page: 7, message: 'blocks.pager.tooLarge' });
    expect(catalogues['en-US']['blocks.pager.tooLarge']).toBe('Data volume too large, please add search conditions!');
    expect(requestPage(100, 7, 300)).toEqual({ ok: true, page: 100 });
  });

  it('clamps into the existing pages', () => {
    expect(requestPage(9, 1, 4)).toEqual({ ok: true, page: 4 });
    expect(requestPage(0, 2, 4)).toEqual({ ok: true, page: 1 });
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it('the jump box takes digits only', () => {
    expect(parseJump(' 12 ')).toBe(12);
    expect(parseJump('1a')).toBeNull();
    expect(parseJump('')).toBeNull();
  });
});
