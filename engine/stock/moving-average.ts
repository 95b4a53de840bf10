/**
 * The moving-average cost rules of a stock position (docs/inventory.md), shared by the product's posting
 * (server/stock) and the demo-data generator, so the two cannot disagree. Amounts are integers in
 * 1/10000 yuan: a position's value is then exactly the sum of its ledger amounts and cost differences.
 */

export interface Balance {
  qty: number;
  /** stock value, 1/10000 yuan */
  amt: number;
  /** last known unit cost, 1/10000 yuan: used when the position is not positive */
  lastCost: number;
}

export interface Posting {
  /** signed: + in, − out */
  qty: number;
  /** signed, 1/10000 yuan */
  amount: number;
  /** revaluation of a negative position, 1/10000 yuan; kept out of `amount` */
  costDiff: number;
  /** 1/10000 yuan, unrounded */
  unitCost: number;
  stockBefore: number;
}

/** Quantities carry three decimals (DECIMAL(18,3)): sums of them must not drift. */
export const roundQty = (q: number) => Math.round(q * 1000) / 1000;
export const toYuan = (v: number) => v / 10000;
export const toUnits = (yuan: number) => Math.round(yuan * 10000);

/**
 * Inbound at a unit cost. When the stock before is negative, the position is revalued at the incoming
 * cost and the difference is the cost-difference amount (the spec applies it only then).
 */
export function postInbound(b: Balance, qty: number, unitCost: number): Posting {
  const before = b.qty;
  const amount = Math.round(qty * unitCost);
  let costDiff = 0;
  if (before < 0) {
    const target = Math.round(roundQty(before + qty) * unitCost);
    costDiff = target - (b.amt + amount);
  }
  b.qty = roundQty(before + qty);
  b.amt += amount + costDiff;
  b.lastCost = unitCost;
  return { qty, amount, costDiff, unitCost, stockBefore: before };
}

/** Outbound at the moving-average cost; emptying a positive position takes its whole value. */
export function postOutbound(b: Balance, qty: number): Posting {
  const before = b.qty;
  const unitCost = before > 0 ? b.amt / before : b.lastCost;
  const amount = before > 0 && qty === before ? -b.amt : -Math.round(qty * unitCost);
  b.qty = roundQty(before - qty);
  b.amt += amount;
  if (before > 0) b.lastCost = unitCost;
  return { qty: -qty, amount, costDiff: 0, unitCost, stockBefore: before };
}

/**
 * One outbound amount shared over the lots it consumed, in proportion to their quantities; the last
 * part takes the rounding rest, so the parts add up to the whole exactly.
 */
export function splitAmount(amount: number, qtys: readonly number[]): number[] {
  const total = qtys.reduce((a, q) => a + q, 0);
  let left = amount;
  return qtys.map((q, i) => {
    if (i === qtys.length - 1) return left;
    const part = total === 0 ? 0 : Math.round((amount * q) / total);
    left -= part;
    return part;
  });
}
