import { describe, expect, it } from 'vitest';
import { actionNeedsTick, styleFormProblem } from './print-style.logic';

const file = (size: number) => new File([new Uint8Array(size)], 'a.json', { type: 'application/json' });

describe('print-style form and actions (rules 255–262)', () => {
  it('name required, file required when adding, under 5 MB', () => {
    expect(styleFormProblem({ report_name: ' ', file: file(1) })).toBe('print.style.nameRequired');
    expect(styleFormProblem({ report_name: '甲', file: null })).toBe('print.style.fileRequired');
    expect(styleFormProblem({ report_name: '甲', file: null, id: 5 })).toBeNull();
    expect(styleFormProblem({ report_name: '甲', file: file(5 * 1024 * 1024) })).toBe('print.style.fileTooLarge');
    expect(styleFormProblem({ report_name: '甲', file: file(10) })).toBeNull();
  });

  it('each action names what is missing when no style is ticked', () => {
    expect(actionNeedsTick('print', null)).toBe('print.style.printNone');
    expect(actionNeedsTick('edit', null)).toBe('print.style.editNone');
    expect(actionNeedsTick('delete', null)).toBe('print.style.deleteNone');
    expect(actionNeedsTick('export', null)).toBe('print.style.exportNone');
    expect(actionNeedsTick('default', null)).toBe('print.style.defaultNone');
    expect(actionNeedsTick('print', 3)).toBeNull();
  });
});
