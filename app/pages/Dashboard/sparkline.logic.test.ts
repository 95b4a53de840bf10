import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../api/files';
import { nextSlide, SLIDES } from '../DataSwiper/swiper.logic';
import { fmtInt, fmtMoney, fmtRate } from './format';
import { changeRatio, sparkPath, sparkPoints } from './sparkline.logic';

describe('sparkline', () => {
  it('spans the width and puts the highest value at the top', () => {
    const pts = sparkPoints([0, 5, 10], 100, 20);
    expect(pts[0][0]).toBe(2);
    expect(pts[2][0]).toBe(98);
    expect(pts[2][1]).toBe(2);
    expect(pts[0][1]).toBe(18);
  });
  it('draws a flat line in the middle when all values are equal; nothing without values', () => {
    expect(sparkPoints([3, 3], 100, 20).map((p) => p[1])).toEqual([10, 10]);
    expect(sparkPath([], 100, 20)).toBe('');
    expect(sparkPath([1, 2], 100, 20)).toMatch(/^M2\.0 18\.0 L98\.0 2\.0$/);
  });
  it('change against the day before; none when there is no base', () => {
    expect(changeRatio(110, 100)).toBeCloseTo(0.1);
    expect(changeRatio(-50, -100)).toBeCloseTo(0.5);
    expect(changeRatio(5, 0)).toBeNull();
    expect(changeRatio(null, 3)).toBeNull();
  });
});

describe('formats', () => {
  it('money with 2 decimals and separators, rates in %, "-" for none', () => {
    expect(fmtMoney(1234567.891)).toBe('1,234,567.89');
    expect(fmtInt(12345)).toBe('12,345');
    expect(fmtRate(0.24315)).toBe('24.32%');
    expect(fmtRate(null)).toBe('-');
  });
});

describe('downloads and the rotating screen', () => {
  it('takes the file name from content-disposition', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E9%94%80%E5%94%AE.xlsx", 'x')).toBe('销售.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
  it('cycles through every slide', () => {
    expect(SLIDES.map((_, i) => nextSlide(i))).toEqual([1, 2, 0]);
  });
});
