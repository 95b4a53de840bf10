import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { decimal, int, oneOf, paging, text } from './params';

const fails = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).statusCode).toBe(400);
    return (e as HttpError).message;
  }
  throw new Error('expected a 400');
};

describe('picker query parameters', () => {
  it('paging defaults, caps the page size and refuses bad values', () => {
    expect(paging({}, 50, 500)).toEqual({ page_num: 1, page_size: 50, offset: 0 });
    expect(paging({ page_num: '3', page_size: '20' }, 50, 500)).toEqual({ page_num: 3, page_size: 20, offset: 40 });
    expect(paging({ page_size: '100000' }, 50, 500).page_size).toBe(500);
    expect(fails(() => paging({ page_num: '0' }, 50, 500))).toContain('page_num');
    expect(fails(() => paging({ page_size: 'abc' }, 50, 500))).toContain('page_size');
    expect(fails(() => paging({ page_num: '-1' }, 50, 500))).toContain('page_num');
  });

  it('text trims, treats empty as absent, refuses repeats and long values', () => {
    expect(text({ k: '  朝阳 ' }, 'k')).toBe('朝阳');
    expect(text({ k: '   ' }, 'k')).toBeUndefined();
    expect(fails(() => text({ k: ['a', 'b'] }, 'k'))).toContain('k');
    expect(fails(() => text({ k: 'x'.repeat(101) }, 'k'))).toContain('100');
  });

  it('enumerations, integers and decimals are checked', () => {
    expect(oneOf({ t: '8' }, 't', ['1', '8'])).toBe('8');
    expect(fails(() => oneOf({ t: '7' }, 't', ['1', '8']))).toContain('1、8');
    expect(int({ n: '12' }, 'n')).toBe(12);
    expect(fails(() => int({ n: '1.5' }, 'n'))).toContain('n');
    expect(decimal({ d: '-0.5' }, 'd')).toBe(-0.5);
    expect(fails(() => decimal({ d: '1e9' }, 'd'))).toContain('d');
  });
});
