/**
 * The lots a posting opens and moves, checked and moved in memory in the movements' order against the
 * stored lots read in one go, then written a set at a time: a refusal (a lot number taken, a lot short
 * or not the goods' own at the organisation) is thrown before anything is written.
 */
import { roundQty, toYuan } from '../../engine/stock';
import { inChunks, marks } from '../db/in-list';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { NO_NUM, NO_TEXT, num, type ReadPart, type ReadRow } from './one-read';
import { withRows } from './row-set';

export const POSTING_MESSAGES = {
  lotShort: (lot: string, sku: string) => `批次${lot}（商品${sku}）库存不足，不能出库`,
  lotTaken: (lot: string) => `批次号${lot}已存在`,
  lotUnknown: (lot: string, sku: string) => `批次${lot}不是商品${sku}在本机构的批次`,
} as const;

export const refuse = (message: string) => new HttpError(422, 'POSTING_REFUSED', message);

/** A lot opened by an inbound movement (a receipt line). */
export interface NewLot {
  supplierNo: string | null;
  produceDate: string | null;
  expirationDate: string | null;
  /** the receipt's number and time */
  receiveNo: string;
  receiveTime: string;
}

interface Where {
  org: string;
  center: string;
  sku: string;
  time: string;
}

interface Held {
  lotNo: string;
  org: string;
  center: string;
  sku: string;
  /** stored before this posting */
  stored: boolean;
  qty: number;
  time: string;
}

const heldKey = (lotNo: string, org: string, center: string) => `${lotNo}\u0000${org}\u0000${center}`;

export class LotBook {
  private readonly owner = new Map<string, string>();
  private readonly held = new Map<string, Held>();
  private readonly opened: (string | number | null)[][] = [];

  private constructor() {}

  /**
   * The combined read's parts (one-read.ts): whose goods these lot numbers are, and the stock at each
   * organisation of those `moved` (a lot a posting opens has none: its number is refused if taken).
   */
  static reads(tenantId: number, lotNos: readonly string[], moved: readonly string[]): ReadPart[] {
    const owners = inChunks([...new Set(lotNos)]).map((part) => ({
      part: 'lot',
      select: `SELECT lot_no, ${NO_TEXT}, ${NO_TEXT}, sku_no, ${NO_NUM}, ${NO_NUM}, ${NO_NUM} FROM lot WHERE tenant_id = $1 AND lot_no IN (${marks(part.length, 2)})`,
      params: [tenantId, ...part],
    }));
    const stock = inChunks([...new Set(moved)]).map((part) => ({
      part: 'lot stock',
      select: `SELECT lot_no, org_code, center_code, sku_no, ${num('stock_num')}, ${NO_NUM}, ${NO_NUM} FROM lot_stock WHERE tenant_id = $1 AND lot_no IN (${marks(part.length, 2)})`,
      params: [tenantId, ...part],
    }));
    return [...owners, ...stock];
  }

  /** The stored lots as the combined read found them. */
  static of(read: Map<string, ReadRow[]>): LotBook {
    const book = new LotBook();
    for (const r of read.get('lot') ?? []) book.owner.set(r.a!, r.d!);
    for (const r of read.get('lot stock') ?? []) {
      book.held.set(heldKey(r.a!, r.b!, r.c!), { lotNo: r.a!, org: r.b!, center: r.c!, sku: r.d!, stored: true, qty: Number(r.n1), time: '' });
    }
    return book;
  }

  /** Opens a lot at its inbound unit cost (1/10000 yuan); a number already taken is refused. */
  open(at: Where, lotNo: string, lot: NewLot, unitCost: number): void {
    if (this.owner.has(lotNo)) throw refuse(POSTING_MESSAGES.lotTaken(lotNo));
    this.owner.set(lotNo, at.sku);
    this.opened.push([lotNo, at.sku, at.org, at.center, lot.supplierNo, lot.produceDate, lot.expirationDate, toYuan(Math.round(unitCost)), lot.receiveNo, lot.receiveTime]);
  }

  /** Moves a lot's stock at an organisation; an outbound never takes more than the lot holds there. */
  move(at: Where, lotNo: string, qty: number): void {
    const key = heldKey(lotNo, at.org, at.center);
    let h = this.held.get(key);
    const left = roundQty((h?.qty ?? 0) + qty);
    if (left < 0) throw refuse(POSTING_MESSAGES.lotShort(lotNo, at.sku));
    if (!h) {
      if (this.owner.get(lotNo) !== at.sku) throw refuse(POSTING_MESSAGES.lotUnknown(lotNo, at.sku));
      h = { lotNo, org: at.org, center: at.center, sku: at.sku, stored: false, qty: 0, time: at.time };
      this.held.set(key, h);
    }
    h.qty = left;
    h.time = at.time;
  }

  /** The opened lots inserted; lot stock updated, added, or removed when emptied (its movements stay in the ledger). */
  async write(tx: Db, tenantId: number): Promise<void> {
    const columns = ['lot_no', 'sku_no', 'org_code', 'center_code', 'supplier_no', 'produce_date', 'expiration_date', 'lot_price', 'receive_no', 'receive_time'];
    const types = ['VARCHAR', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'VARCHAR', 'DATE', 'DATE', 'DECIMAL(18,4)', 'VARCHAR', 'TIMESTAMP'];
    if (this.opened.length) {
      // a load's thousands of receipt lines through a scratch table: binding thousands of parameters costs more than the insert
      await withRows(tx, columns.map((name, i) => ({ name, type: types[i] })), this.opened, 2, (from, params) =>
        tx.query(`INSERT INTO lot (tenant_id, ${columns.join(', ')}) SELECT $1, ${columns.map((c) => `x.${c}`).join(', ')} FROM ${from} x`, [tenantId, ...params]),
      );
    }
    const moved = [...this.held.values()].filter((h) => h.time !== '');
    if (!moved.length) return;
    const rows = moved.map((h) => [h.lotNo, h.org, h.center, h.sku, h.qty, h.time]);
    const stockColumns = [
      { name: 'lot_no', type: 'VARCHAR' },
      { name: 'org_code', type: 'VARCHAR' },
      { name: 'center_code', type: 'VARCHAR' },
      { name: 'sku_no', type: 'VARCHAR' },
      { name: 'stock_num', type: 'DECIMAL(18,3)' },
      { name: 'last_modify', type: 'TIMESTAMP' },
    ];
    // a receipt's lots are all new: a plain insert, which reads nothing
    const sql = (from: string) =>
      moved.some((h) => h.stored)
        ? `MERGE INTO lot_stock l USING ${from} x
              ON l.tenant_id = $1 AND l.lot_no = x.lot_no AND l.org_code = x.org_code AND l.center_code = x.center_code
            WHEN MATCHED AND x.stock_num = 0 THEN DELETE
            WHEN MATCHED THEN UPDATE SET stock_num = x.stock_num, last_modify = x.last_modify
            WHEN NOT MATCHED AND x.stock_num <> 0 THEN
              INSERT (tenant_id, lot_no, org_code, center_code, sku_no, stock_num, last_modify) VALUES ($1, x.lot_no, x.org_code, x.center_code, x.sku_no, x.stock_num, x.last_modify)`
        : `INSERT INTO lot_stock (tenant_id, lot_no, org_code, center_code, sku_no, stock_num, last_modify)
           SELECT $1, x.lot_no, x.org_code, x.center_code, x.sku_no, x.stock_num, x.last_modify FROM ${from} x WHERE x.stock_num <> 0`;
    await withRows(tx, stockColumns, rows, 2, (from, params) => tx.query(sql(from), [tenantId, ...params]));
  }
}
