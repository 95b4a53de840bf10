import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../../engine/document/types';
import { freshSelection, listButtons, pageTicked, selectionNeed, tickPage, tickRow } from './list-selection.logic';

const outbound = JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents/store-outbound.json'), 'utf8')) as DocumentFile;
const row = (no: string, status = '0') => ({ issue_no: no, status });
const byKey = (selected: ReturnType<typeof row>[], client: 'HMT' | 'HMD' = 'HMT', max = 200) =>
  Object.fromEntries(listButtons(outbound, client, selected, 'zh-CN', max).map((b) => [b.key, b]));

describe('the list toolbar follows the one selection', () => {
  it('新增 needs nothing, 打印 one or more, the document actions exactly one', () => {
    expect(selectionNeed('add')).toBe('none');
    expect(selectionNeed('print')).toBe('some');
    for (const action of ['delete', 'submit', 'audit', 'approvals'] as const) expect(selectionNeed(action)).toBe('one');
  });

  it('nothing ticked: only 新增 works, the others say to choose first', () => {
    const b = byKey([]);
    expect(b.add).toMatchObject({ disabled: false, unfit: null });
    for (const key of ['delete', 'submit', 'audit', 'approvals', 'print']) expect(b[key]).toMatchObject({ disabled: true, unfit: { reason: 'choose' } });
  });

  it('one draft ticked: its state decides (a draft is deleted and submitted, not audited)', () => {
    const b = byKey([row('CK1', '0')]);
    expect(b.delete.disabled).toBe(false);
    expect(b.submit.disabled).toBe(false);
    expect(b.approvals.disabled).toBe(false);
    expect(b.print.disabled).toBe(false);
    expect(b.audit).toMatchObject({ disabled: true, unfit: { reason: 'state', state: '草稿' } });
    // head office audits what waits for it; a store does not
    expect(byKey([row('CK1', '1')]).audit.disabled).toBe(false);
    expect(byKey([row('CK1', '1')], 'HMD').audit.unfit).toEqual({ reason: 'state', state: '待审核' });
  });

  it('two ticked: 打印 takes both, the one-document actions say they take one', () => {
    const b = byKey([row('CK1'), row('CK2')]);
    expect(b.print).toMatchObject({ disabled: false, unfit: null });
    for (const key of ['delete', 'submit', 'audit', 'approvals']) expect(b[key]).toMatchObject({ disabled: true, unfit: { reason: 'onlyOne', count: 2 } });
    expect(byKey([row('CK1'), row('CK2'), row('CK3')], 'HMT', 2).print.unfit).toEqual({ reason: 'printMax', max: 2 });
  });
});

describe('ticking rows', () => {
  const page = [row('A'), row('B'), row('C')];
  it('a row ticks and unticks; ticked rows keep the order they were ticked in', () => {
    const one = tickRow([], page[2], true, 'issue_no');
    const two = tickRow(one, page[0], true, 'issue_no');
    expect(two.map((r) => r.issue_no)).toEqual(['C', 'A']);
    expect(tickRow(two, page[2], false, 'issue_no').map((r) => r.issue_no)).toEqual(['A']);
    expect(tickRow(two, page[2], true, 'issue_no').map((r) => r.issue_no)).toEqual(['A', 'C']);
  });

  it('the header box ticks the whole page after rows of other pages, then clears the page alone', () => {
    const other = row('Z');
    const all = tickPage([other, page[1]], page, 'issue_no');
    expect(all.map((r) => r.issue_no)).toEqual(['Z', 'B', 'A', 'C']);
    expect(pageTicked(all, page, 'issue_no')).toBe('all');
    expect(tickPage(all, page, 'issue_no').map((r) => r.issue_no)).toEqual(['Z']);
    expect(pageTicked([page[1]], page, 'issue_no')).toBe('some');
    expect(pageTicked([other], page, 'issue_no')).toBe('none');
  });

  it('a ticked row fetched again brings its new state; one of another page stays as ticked', () => {
    const ticked = [row('A', '0'), row('Z', '0')];
    expect(freshSelection(ticked, [row('A', '1')], 'issue_no')).toEqual([row('A', '1'), row('Z', '0')]);
  });
});
