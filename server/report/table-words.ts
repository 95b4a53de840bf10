/**
 * The few words a report table writes around its figures in an export or a print, in the request's
 * language (the app shows the same words from its own catalogue).
 */
import type { TextLang } from './config';

export interface TableWords {
  /** the totals row's label, in its first column */
  totals: string;
  printedAt: string;
  /** a page's foot: page n of total */
  page: (n: number, total: number) => string;
  /** a wide table printed in column groups: group i of n */
  part: (i: number, n: number) => string;
}

export const TABLE_WORDS: Record<TextLang, TableWords> = {
  zh: {
    totals: '合计',
    printedAt: '打印时间：',
    page: (n, total) => `第 ${n} / ${total} 页`,
    part: (i, n) => `第 ${i}/${n} 部分列`,
  },
  en: {
    totals: 'Total',
    printedAt: 'Printed at: ',
    page: (n, total) => `Page ${n} of ${total}`,
    part: (i, n) => `Columns, part ${i} of ${n}`,
  },
};
