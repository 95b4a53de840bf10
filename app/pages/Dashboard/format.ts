/** Number formats of the dashboard and data screens: thousands separators, money with 2 decimals, rates in %. Pure. */
const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

export const fmtMoney = (v: number | null | undefined) => (v == null ? '-' : money.format(v));
const quantity = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export const fmtQty = (v: number | null | undefined) => (v == null ? '-' : quantity.format(v));
export const fmtInt = (v: number | null | undefined) => (v == null ? '-' : integer.format(v));
export const fmtRate = (v: number | null | undefined) => (v == null ? '-' : `${(v * 100).toFixed(2)}%`);
