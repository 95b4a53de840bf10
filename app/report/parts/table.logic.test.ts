import { describe, expect, it } from 'vitest';
import { isRowSelected, selectionAfterClick } from './table.logic';

describe('row selection by clicks (rule 180)', () => {
  it('a click flips its row and leaves the others', () => {
    const one = selectionAfterClick({ '3': true }, 1, null, false);
    expect(one).toEqual({ '1': true, '3': true });
    expect(selectionAfterClick(one, 3, 1, false)).toEqual({ '1': true });
  });

  it('a shift-click gives every row from the anchor to it the clicked row’s new state, either direction', () => {
    expect(selectionAfterClick({ '2': true }, 5, 2, true)).toEqual({ '2': true, '3': true, '4': true, '5': true });
    const all = { '0': true, '1': true, '2': true, '3': true };
    expect(selectionAfterClick(all, 1, 3, true)).toEqual({ '0': true });
  });

  it('without an anchor a shift-click is a plain click', () => {
    expect(selectionAfterClick({}, 4, null, true)).toEqual({ '4': true });
  });

  it('does not change the selection it is given', () => {
    const before = { '0': true };
    selectionAfterClick(before, 0, null, false);
    expect(before).toEqual({ '0': true });
    expect(isRowSelected(before, 0)).toBe(true);
    expect(isRowSelected(before, 1)).toBe(false);
  });
});
