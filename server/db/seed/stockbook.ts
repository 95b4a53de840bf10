/**
 * Stock positions with moving-average cost, lots and the stock ledger, for the simulated history.
 * The cost rules are the product's own (engine/stock); this adds the positions and lots held in
 * memory while the days are generated. The daily snapshots are built from the ledger: snapshots.ts.
 */
import { postInbound, postOutbound, toYuan, type Balance, type Posting } from '../../../engine/stock';

export interface LedgerDoc {
  docType: number;
  docNo: string;
  itemId: number;
  time: string;
  date: string;
}

export interface Slice {
  lotNo: string;
  qty: number;
  amt: number;
  /** unit cost of the lot, 1/10000 yuan */
  unit: number;
}

export interface Position extends Balance {
  org: string;
  center: string;
  sku: string;
  /** logistics centres keep the ledger per lot; stores only track lot quantities (for lot_stock) */
  lotted: boolean;
  slices: Slice[];
  lastLot: { lotNo: string; unit: number } | null;
}

export type LedgerRow = {
  tenant_id: number;
  ledger_id: number;
  org_code: string;
  center_code: string;
  sku_no: string;
  lot_no: string | null;
  doc_type: number;
  doc_no: string;
  doc_item_id: number;
  qty: number;
  cost_price: number;
  amount: number;
  stock_before: number;
  cost_diff_amount: number;
  biz_time: string;
  biz_date: string;
};

const price4 = (unit: number) => Math.round(unit) / 10000;

export class StockBook {
  readonly positions = new Map<string, Position>();
  private nextLedgerId: number;

  constructor(
    private readonly tenantId: number,
    private readonly emit: (row: LedgerRow) => void,
  ) {
    this.nextLedgerId = tenantId * 10_000_000_000 + 1;
  }

  position(org: string, center: string, sku: string, lotted: boolean, initialCost: number): Position {
    const key = `${org}|${center}|${sku}`;
    let p = this.positions.get(key);
    if (!p) {
      p = { org, center, sku, qty: 0, amt: 0, lastCost: initialCost, lotted, slices: [], lastLot: null };
      this.positions.set(key, p);
    }
    return p;
  }

  private write(p: Position, post: Posting, doc: LedgerDoc, lotNo: string | null): void {
    this.emit({
      tenant_id: this.tenantId,
      ledger_id: this.nextLedgerId++,
      org_code: p.org,
      center_code: p.center,
      sku_no: p.sku,
      lot_no: lotNo,
      doc_type: doc.docType,
      doc_no: doc.docNo,
      doc_item_id: doc.itemId,
      qty: post.qty,
      cost_price: price4(post.unitCost),
      amount: toYuan(post.amount),
      stock_before: post.stockBefore,
      cost_diff_amount: toYuan(post.costDiff),
      biz_time: doc.time,
      biz_date: doc.date,
    });
  }

  /** Stock in at a unit cost; a lot number (stores) is remembered for lot_stock. */
  inbound(p: Position, qty: number, unitCost: number, doc: LedgerDoc, lotNo: string | null = null): Posting {
    if (p.lotted) throw new Error('use lotInbound for lot-managed positions');
    const post = postInbound(p, qty, unitCost);
    this.write(p, post, doc, null);
    if (lotNo) {
      const slice = p.slices.find((s) => s.lotNo === lotNo);
      if (slice) slice.qty += qty;
      else p.slices.push({ lotNo, qty, amt: 0, unit: unitCost });
    }
    return post;
  }

  /** Stock out at moving-average cost (may go negative at stores). */
  outbound(p: Position, qty: number, doc: LedgerDoc): Posting {
    if (p.lotted) throw new Error('use lotOutbound for lot-managed positions');
    const post = postOutbound(p, qty);
    this.write(p, post, doc, null);
    let left = qty;
    for (const s of p.slices) {
      if (left <= 0) break;
      const take = Math.min(left, s.qty);
      s.qty -= take;
      left -= take;
    }
    // most sales leave every lot with stock: no new list per sale line
    if (p.slices.some((s) => s.qty <= 0)) p.slices = p.slices.filter((s) => s.qty > 0);
    return post;
  }

  /** Receipt of a new lot at a logistics centre. */
  receiveLot(p: Position, lotNo: string, qty: number, unitCost: number, doc: LedgerDoc): Posting {
    const slice: Slice = { lotNo, qty: 0, amt: 0, unit: unitCost };
    p.slices.push(slice);
    p.lastLot = { lotNo, unit: unitCost };
    return this.intoSlice(p, slice, qty, doc);
  }

  /** Stock back into the newest lot (returns, rejections, gains); null when the position never had a lot. */
  returnToLot(p: Position, qty: number, doc: LedgerDoc): Posting | null {
    if (!p.lastLot) return null;
    let slice = p.slices.find((s) => s.lotNo === p.lastLot!.lotNo);
    if (!slice) {
      slice = { lotNo: p.lastLot.lotNo, qty: 0, amt: 0, unit: p.lastLot.unit };
      p.slices.push(slice);
    }
    return this.intoSlice(p, slice, qty, doc);
  }

  private intoSlice(p: Position, slice: Slice, qty: number, doc: LedgerDoc): Posting {
    const unit = slice.qty > 0 ? slice.amt / slice.qty : slice.unit;
    const post = postInbound(p, qty, unit);
    slice.qty += qty;
    slice.amt += post.amount;
    this.write(p, post, doc, slice.lotNo);
    return post;
  }

  /** Stock out of a logistics centre, first lot first; never more than the stock. Returns the parts per lot. */
  lotOutbound(p: Position, qty: number, doc: LedgerDoc): { lotNo: string; qty: number; amount: number }[] {
    const parts: { lotNo: string; qty: number; amount: number }[] = [];
    let left = Math.min(qty, p.qty);
    for (const s of p.slices) {
      if (left <= 0) break;
      if (s.qty <= 0) continue;
      const take = Math.min(left, s.qty);
      const amount = take === s.qty ? -s.amt : -Math.round((take * s.amt) / s.qty);
      const post: Posting = { qty: -take, amount, costDiff: 0, unitCost: s.amt / s.qty, stockBefore: p.qty };
      p.qty -= take;
      p.amt += amount;
      p.lastCost = post.unitCost;
      s.qty -= take;
      s.amt += amount;
      left -= take;
      this.write(p, post, { ...doc, itemId: doc.itemId + parts.length }, s.lotNo);
      parts.push({ lotNo: s.lotNo, qty: take, amount });
    }
    return parts;
  }

  /** Forgets the emptied lots of the logistics centres (their last movement is in the ledger already). */
  dropEmptyLots(): void {
    for (const p of this.positions.values()) {
      if (p.lotted && p.slices.some((s) => s.qty === 0 && s.amt === 0)) p.slices = p.slices.filter((s) => s.qty !== 0 || s.amt !== 0);
    }
  }
}
