/** Cell formatting of picker tables: money with 2 decimals and separators, rates as %. */
import type { CellFormat } from '../Picker/picker.types';

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export function formatCell(value: unknown, format: CellFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return format === 'text' ? '' : '-';
  if (format === 'text') return String(value);
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (format === 'money') return money.format(n);
  if (format === 'rate') return `${(n * 100).toFixed(2)}%`;
  return qty.format(n);
}

export function isNumericFormat(format: CellFormat | undefined): boolean {
  return format === 'money' || format === 'qty' || format === 'rate';
}
