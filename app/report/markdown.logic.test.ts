import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.logic';

describe('parseMarkdown (AI panel text)', () => {
  it('reads headings, lists and paragraphs', () => {
    expect(parseMarkdown('## 整体情况\n\n本期销售 **1,000.00** 元。\n\n- 甲\n- 乙\n1. 一')).toEqual([
      { kind: 'heading', level: 2, content: [{ text: '整体情况', bold: false }] },
      {
        kind: 'paragraph',
        content: [
          { text: '本期销售 ', bold: false },
          { text: '1,000.00', bold: true },
          { text: ' 元。', bold: false },
        ],
      },
      { kind: 'list', ordered: false, items: [[{ text: '甲', bold: false }], [{ text: '乙', bold: false }]] },
      { kind: 'list', ordered: true, items: [[{ text: '一', bold: false }]] },
    ]);
  });

  it('partial text while streaming: an unclosed ** stays plain', () => {
    expect(parseInline('销售 **1,0')).toEqual([
      { text: '销售 ', bold: false },
      { text: '**1,0', bold: false },
    ]);
  });

  it('reads a quote line', () => {
    expect(parseMarkdown('> 以上数字均取自报表')).toEqual([{ kind: 'quote', content: [{ text: '以上数字均取自报表', bold: false }] }]);
  });

  it('never produces HTML: tags stay text', () => {
    expect(parseMarkdown('<b>x</b>')).toEqual([{ kind: 'paragraph', content: [{ text: '<b>x</b>', bold: false }] }]);
  });
});
