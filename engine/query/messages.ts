/** Messages the query transitions raise, verbatim from the spec (zh-CN) with the spec's English. */
import { DATE_OUT_OF_LIMIT } from '../dates';

export const NOTICES = {
  /** spec §5, §8: a required date range is missing (rule 126) */
  DATE_REQUIRED: { code: 'DATE_REQUIRED', zh: '请选择日期', en: 'Please select a date' },
  /** building blocks §5: a page above 100 (rule 332) */
  PAGE_LIMIT: { code: 'PAGE_LIMIT', zh: '数据量过大，请添加查询条件！', en: 'Data volume too large, please add search conditions!' },
  /** building blocks §5, §8: a shortcut with no enabled day (rule 338) */
  DATE_OUT_OF_LIMIT,
} as const;

export type NoticeCode = keyof typeof NOTICES;
export type Message = (typeof NOTICES)[NoticeCode];
