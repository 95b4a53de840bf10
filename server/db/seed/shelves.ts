/**
 * What the simulation knows of its stock while it runs: quantities per position and, at logistics
 * centres, per lot, so that it orders, ships, picks and counts what is there. It knows no cost, writes
 * no ledger and no balance: those are the product's, booked when the simulated facts are loaded and
 * posted (fact-files.ts). A centre's lots are picked oldest first (receive time, then number), the way
 * the posting takes the lots of stock that leaves without naming them (server/stock/oldest-lots.ts),
 * so the lots the simulation names on a delivery are the ones the product holds.
 */

export interface ShelfLot {
  lotNo: string;
  qty: number;
  /** receive time 'YYYY-MM-DD hh:mm:ss' */
  since: string;
}

export interface Position {
  org: string;
  center: string;
  sku: string;
  qty: number;
  /** logistics centres keep their stock in lots */
  lotted: boolean;
  /** oldest first */
  lots: ShelfLot[];
}

export interface LotPart {
  lotNo: string;
  qty: number;
}

const older = (a: ShelfLot, b: ShelfLot) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.lotNo < b.lotNo ? -1 : a.lotNo > b.lotNo ? 1 : 0);

export class Shelves {
  readonly positions = new Map<string, Position>();

  position(org: string, center: string, sku: string, lotted: boolean): Position {
    const key = `${org}|${center}|${sku}`;
    let p = this.positions.get(key);
    if (!p) {
      p = { org, center, sku, qty: 0, lotted, lots: [] };
      this.positions.set(key, p);
    }
    return p;
  }

  /** Stock in without a lot (a store's goods, a return, a gain). */
  add(p: Position, qty: number): void {
    p.qty += qty;
  }

  /** A new lot received. */
  receiveLot(p: Position, lotNo: string, qty: number, time: string): void {
    p.qty += qty;
    const lot = { lotNo, qty, since: time };
    const at = p.lots.findIndex((l) => older(lot, l) < 0);
    p.lots.splice(at < 0 ? p.lots.length : at, 0, lot);
  }

  /** Stock out without naming lots: a centre's oldest lots go first, as far as they hold stock. */
  take(p: Position, qty: number): void {
    p.qty -= qty;
    this.fromLots(p, qty);
  }

  /**
   * Picks up to `qty` of a centre's stock: its lots oldest first (the lots named on the document), then,
   * once every lot is empty, stock in no lot (returns and gains enter none) as a part without a lot —
   * which the posting, finding no lot left either, books without one.
   */
  pick(p: Position, qty: number): { lotNo: string | null; qty: number }[] {
    const want = Math.min(qty, p.qty);
    const parts: { lotNo: string | null; qty: number }[] = this.fromLots(p, want);
    const picked = parts.reduce((a, x) => a + x.qty, 0);
    const loose = Math.min(want - picked, p.qty - picked);
    if (loose > 0 && p.lots.length === 0) parts.push({ lotNo: null, qty: loose });
    p.qty -= parts.reduce((a, x) => a + x.qty, 0);
    return parts;
  }

  private fromLots(p: Position, qty: number): LotPart[] {
    const parts: LotPart[] = [];
    let left = qty;
    for (const lot of p.lots) {
      if (left <= 0) break;
      if (lot.qty <= 0) continue;
      const n = Math.min(left, lot.qty);
      lot.qty -= n;
      left -= n;
      parts.push({ lotNo: lot.lotNo, qty: n });
    }
    if (p.lots.some((l) => l.qty <= 0)) p.lots = p.lots.filter((l) => l.qty > 0);
    return parts;
  }
}
