/**
 * How the report table shows a cell: thousands separators, money with 2 decimals, rates as
 * percentages with 2 decimals, rate changes in percentage points, '-' where a ratio has no denominator (the server sends null), negatives
 * flagged so the cell turns red. Matches the PDF print's formatting.
 */
import { formatPercentagePoints } from '../../engine/percentage-points';
import type { ColumnFormat } from '../../engine/wire';

const numberFormat = (min: number, max: number) =>
  new Intl.NumberFormat('zh-CN', { minimumFractionDigits: min, maximumFractionDigits: max });
const MONEY = numberFormat(2, 2);
const INT = numberFormat(0, 0);
const QTY = numberFormat(0, 3);

export const NO_VALUE = '-';

const isNumeric = (format: ColumnFormat) => format !== 'text' && format !== 'date';

/** The number in a cell, or null (numbers may come as decimal text). */
export function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function formatCell(value: unknown, format: ColumnFormat): string {
  if (value === null || value === undefined || value === '') return isNumeric(format) ? NO_VALUE : '';
  if (!isNumeric(format)) return String(value);
  const n = cellNumber(value);
  if (n === null) return String(value);
  switch (format) {
    case 'money':
      return MONEY.format(n);
    case 'int':
      return INT.format(n);
    case 'qty':
      return QTY.format(n);
    case 'rate':
      return `${(n * 100).toFixed(2)}%`;
    case 'pp':
      return formatPercentagePoints(n);
    default:
      return String(n);
  }
}

/** True for a numeric cell below zero (shown in red). */
export function isNegativeCell(value: unknown, format: ColumnFormat): boolean {
  if (!isNumeric(format)) return false;
  const n = cellNumber(value);
  return n !== null && n < 0;
}
