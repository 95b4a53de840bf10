/**
 * Query-string parsing of the picker endpoints: every bad value becomes a 400 with a message that says
 * which parameter is wrong; page sizes are capped so no request can ask for an unbounded list.
 */
import { badRequest } from '../http/errors';

export type RawQuery = Record<string, unknown>;

export interface Paging {
  page_num: number;
  page_size: number;
  offset: number;
}

const INT = /^\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
export const MAX_TEXT = 100;

function single(query: RawQuery, key: string): string | undefined {
  const value = query[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest('BAD_PARAM', `参数 ${key} 只能出现一次`);
  return String(value).trim();
}

/** Trimmed text; empty counts as absent. */
export function text(query: RawQuery, key: string, max = MAX_TEXT): string | undefined {
  const value = single(query, key);
  if (value === undefined || value === '') return undefined;
  if (value.length > max) throw badRequest('BAD_PARAM', `参数 ${key} 不能超过${max}个字符`);
  return value;
}

export function oneOf<T extends string>(query: RawQuery, key: string, allowed: readonly T[]): T | undefined {
  const value = text(query, key);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw badRequest('BAD_PARAM', `参数 ${key} 只能是 ${allowed.join('、')}`);
  return value as T;
}

export function int(query: RawQuery, key: string): number | undefined {
  const value = text(query, key);
  if (value === undefined) return undefined;
  if (!INT.test(value) || value.length > 15) throw badRequest('BAD_PARAM', `参数 ${key} 必须是非负整数`);
  return Number(value);
}

export function decimal(query: RawQuery, key: string): number | undefined {
  const value = text(query, key);
  if (value === undefined) return undefined;
  if (!DECIMAL.test(value) || value.length > 20) throw badRequest('BAD_PARAM', `参数 ${key} 必须是数字`);
  return Number(value);
}

/** page_num from 1; page_size defaults per endpoint and is capped at its maximum. */
export function paging(query: RawQuery, defaultSize: number, maxSize: number): Paging {
  const pageNum = int(query, 'page_num') ?? 1;
  const requested = int(query, 'page_size') ?? defaultSize;
  if (pageNum < 1) throw badRequest('BAD_PARAM', '参数 page_num 必须大于0');
  if (requested < 1) throw badRequest('BAD_PARAM', '参数 page_size 必须大于0');
  const pageSize = Math.min(requested, maxSize);
  return { page_num: pageNum, page_size: pageSize, offset: (pageNum - 1) * pageSize };
}
