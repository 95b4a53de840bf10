import { describe, expect, it } from 'vitest';
import { canSetSystem, clampCopies, initialLabelTick, labelFormProblem, readTemplateFile, showsStoreDisplay } from './price-label.logic';
import type { LabelTemplate } from './types';

const tpl = (id: number, is_default: '0' | '1', is_system: '0' | '1' = '0') => ({ id, is_default, is_system }) as LabelTemplate;

describe('price-label dialog rules (217–228)', () => {
  it('pre-checks the default, else the system default (rule 219)', () => {
    expect(initialLabelTick([tpl(1, '0'), tpl(2, '1')])).toBe(2);
    expect(initialLabelTick([tpl(1, '0', '1'), tpl(2, '0')])).toBe(1);
    expect(initialLabelTick([])).toBeNull();
  });

  it('system default only for tenants 10139 and 266; store display only HQ and type 1027', () => {
    expect([canSetSystem(10139), canSetSystem('266'), canSetSystem(30001)]).toEqual([true, true, false]);
    expect([showsStoreDisplay('HMT', 1027), showsStoreDisplay('HMD', 1027), showsStoreDisplay('HMT', 9001)]).toEqual([true, false, false]);
  });

  it('name then content required; copies clamped to whole 1–999', () => {
    expect(labelFormProblem('', 'x')).toBe('print.label.confirmNoName');
    expect(labelFormProblem('a', ' ')).toBe('print.label.contentRequired');
    expect(labelFormProblem('a', 'x')).toBeNull();
    expect([clampCopies(0), clampCopies(2.7), clampCopies(5000), clampCopies('x')]).toEqual([1, 2, 999, 1]);
  });

  it('reads an imported template as UTF-8 and refuses above 5M (rules 227–228)', async () => {
    const ok = await readTemplateFile(new File([new TextEncoder().encode('<label w="60"/>价签')], 't.txt'));
    expect(ok).toEqual({ ok: true, text: '<label w="60"/>价签' });
    const big = await readTemplateFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.txt'));
    expect(big).toEqual({ ok: false, key: 'print.label.fileTooLarge' });
  });
});
