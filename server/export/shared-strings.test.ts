import { describe, expect, it } from 'vitest';
import { PackedText, PackedTextBuilder } from '../db/packed-text';
import { EMPTY_TEXT, NULL_CODE, NULL_TEXT, RepeatingText, SharedStrings, SharedText } from './shared-strings';

const indexes = (column: unknown) => {
  expect(column).toBeInstanceOf(SharedText);
  return [...(column as SharedText).indexes];
};

describe('shared strings', () => {
  it('gives each distinct text one index, whether it comes packed or as a string, and counts the cells', () => {
    const table = new SharedStrings();
    const names = ['上海徐汇店', '杭州西湖店', '上海徐汇店', null, '', '😀 x'];
    expect(indexes(table.share(PackedText.of(names)))).toEqual([0, 1, 0, NULL_TEXT, EMPTY_TEXT, 2]);
    expect(indexes(table.share(['杭州西湖店', '😀 x', 'new', undefined]))).toEqual([1, 2, 3, NULL_TEXT]);
    expect([0, 1, 2, 3].map((i) => table.at(i))).toEqual(['上海徐汇店', '杭州西湖店', '😀 x', 'new']);
    expect(table.size).toBe(4);
    expect(table.count).toBe(7);
  });

  it('gives a text repeating the row before (after a NULL or an empty one too) the same index', () => {
    const table = new SharedStrings();
    expect(indexes(table.share(PackedText.of(['ab', 'ab', null, 'ab', 'ba', '', 'ba', 'abc', 'ab'])))).toEqual([0, 0, NULL_TEXT, 0, 1, EMPTY_TEXT, 1, 2, 0]);
    const days = ['2026-11-01', '2026-11-01', '2026-11-02'];
    expect(indexes(table.share(days))).toEqual([3, 3, 4]);
    expect(indexes(table.share(['2026-11-02', 'ab']))).toEqual([4, 0]);
    expect(table.count).toBe(12);
  });

  it('leaves columns that hold anything but text as they are, and a column of NULLs only', () => {
    const table = new SharedStrings();
    const mixed = ['a', 1, null];
    expect(table.share(mixed)).toBe(mixed);
    const numbers = [1.5, 2];
    expect(table.share(numbers)).toBe(numbers);
    const nulls = [null, null];
    expect(table.share(nulls)).toBe(nulls);
    expect(table.size).toBe(0);
  });

  it('tells apart many texts with the same length and letters, through the table growing', () => {
    const table = new SharedStrings();
    const texts = Array.from({ length: 50_000 }, (_, i) => `SKU${String(i).padStart(6, '0')}`);
    const first = indexes(table.share(PackedText.of(texts)));
    expect(first).toEqual(texts.map((_, i) => i));
    expect(indexes(table.share([...texts].reverse()))).toEqual([...first].reverse());
    expect(table.at(12_345)).toBe('SKU012345');
  });

  it('stops taking texts once it holds its bound: later chunks stay inline, earlier indexes stand', () => {
    const table = new SharedStrings(10);
    expect(indexes(table.share(['abcdef', 'ghijk', 'abcdef']))).toEqual([0, 1, 0]);
    const later = PackedText.of(['abcdef', 'zzz']);
    expect(table.share(later)).toBe(later);
    expect(table.size).toBe(2);
    expect(table.count).toBe(3);
  });

  it('reads repeating text: a NULL row repeats the row before, per column and across chunks; NULL_CODE is NULL', () => {
    const table = new SharedStrings();
    expect(indexes(table.share(repeating([undefined, 'ab', undefined, '', undefined, null, 'ab']), 0))).toEqual([NULL_TEXT, 0, 0, EMPTY_TEXT, EMPTY_TEXT, NULL_TEXT, 0]);
    expect(indexes(table.share(repeating(['cd', undefined]), 1))).toEqual([1, 1]);
    // each column goes on from its own last row
    expect(indexes(table.share(repeating([undefined, 'cd']), 0))).toEqual([0, 1]);
    expect(indexes(table.share(repeating([undefined, undefined]), 1))).toEqual([1, 1]);
    expect(table.count).toBe(9);
  });

  it('writes repeating text out as plain packed text once the table is full, from the last row shared before', () => {
    const table = new SharedStrings(5);
    expect(indexes(table.share(repeating(['abcd', undefined]), 0))).toEqual([0, 0]);
    expect(indexes(table.share(repeating([null]), 1))).toEqual([NULL_TEXT]);
    expect(indexes(table.share(repeating(['xy']), 2))).toEqual([1]);
    const plain = (column: unknown) => {
      expect(column).toBeInstanceOf(PackedText);
      const packed = column as PackedText;
      return Array.from({ length: packed.length }, (_, r) => packed.at(r));
    };
    expect(plain(table.share(repeating([undefined, 'x', undefined, null, undefined, '', undefined]), 0))).toEqual(['abcd', 'x', 'x', null, null, '', '']);
    expect(plain(table.share(repeating([undefined, '😀']), 0))).toEqual(['', '😀']);
    expect(plain(table.share(repeating([undefined]), 1))).toEqual([null]);
    expect(plain(table.share(repeating([undefined]), 2))).toEqual(['xy']);
    expect(table.size).toBe(2);
  });
});

/** Repeating text from rows: undefined repeats the row before, null is NULL (NULL_CODE). */
function repeating(rows: (string | null | undefined)[]): RepeatingText {
  const builder = new PackedTextBuilder();
  for (const row of rows) builder.push(row === undefined ? null : row === null ? [NULL_CODE] : Array.from(row, (c) => c.codePointAt(0)!));
  return new RepeatingText(builder.take());
}
