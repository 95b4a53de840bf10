/**
 * The lots a posting opens and moves, checked and moved in memory in the movements' order against the
 * stored lots read in one go, then written a set at a time: a refusal (a lot number taken, a lot short
 * or not the goods' own at the organisation) is thrown before anything is written.
 */
import { roundQty, toYuan } from '../../engine/stock';
import { inChunks, marks } from '../db/in-list';
import { withScratch } from '../db/scratch';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';

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

  /** The stored lots among these numbers: whose goods they are and their stock at each organisation. */
  static async read(tx: Db, tenantId: number, lotNos: readonly string[]): Promise<LotBook> {
    const book = new LotBook();
    for (const part of inChunks([...new Set(lotNos)])) {
      for (const r of await tx.query<{ lot_no: string; sku_no: string }>(`SELECT lot_no, sku_no FROM lot WHERE tenant_id = $1 AND lot_no IN (${marks(part.length, 2)})`, [tenantId, ...part])) {
        book.owner.set(r.lot_no, r.sku_no);
      }
    }
    // only a stored lot can have stock (a receipt's new lots have none)
    for (const part of inChunks([...book.owner.keys()])) {
      const stock = await tx.query<{ lot_no: string; org_code: string; center_code: string; sku_no: string; stock_num: number }>(
        `SELECT lot_no, org_code, center_code, sku_no, stock_num FROM lot_stock WHERE tenant_id = $1 AND lot_no IN (${marks(part.length, 2)})`,
        [tenantId, ...part],
      );
      for (const r of stock) {
        book.held.set(heldKey(r.lot_no, r.org_code, r.center_code), {
          lotNo: r.lot_no, org: r.org_code, center: r.center_code, sku: r.sku_no, stored: true, qty: Number(r.stock_num), time: '',
        });
      }
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
    for (const part of inChunks(this.opened)) {
      const values = part.map((_, r) => `($1, ${types.map((t, i) => `CAST($${r * types.length + i + 2} AS ${t})`).join(', ')})`);
      await tx.query(`INSERT INTO lot (tenant_id, ${columns.join(', ')}) VALUES ${values.join(', ')}`, [tenantId, ...part.flat()]);
    }
    const moved = [...this.held.values()].filter((h) => h.time !== '');
    if (!moved.length) return;
    const rows = moved.map((h) => [h.lotNo, h.org, h.center, h.sku, h.stored ? 1 : 0, h.qty, h.time]);
    const scratchColumns = [
      { name: 'lot_no', type: 'VARCHAR' },
      { name: 'org_code', type: 'VARCHAR' },
      { name: 'center_code', type: 'VARCHAR' },
      { name: 'sku_no', type: 'VARCHAR' },
      { name: 'stored', type: 'INTEGER' },
      { name: 'stock_num', type: 'DECIMAL(18,3)' },
      { name: 'last_modify', type: 'TIMESTAMP' },
    ];
    await withScratch(tx, scratchColumns, rows, async (x) => {
      const same = `l.tenant_id = $1 AND l.lot_no = x.lot_no AND l.org_code = x.org_code AND l.center_code = x.center_code`;
      await tx.query(`UPDATE lot_stock l SET stock_num = x.stock_num, last_modify = x.last_modify FROM ${x} x WHERE x.stored = 1 AND x.stock_num <> 0 AND ${same}`, [tenantId]);
      await tx.query(`DELETE FROM lot_stock l WHERE EXISTS (SELECT 1 FROM ${x} x WHERE x.stored = 1 AND x.stock_num = 0 AND ${same})`, [tenantId]);
      await tx.query(
        `INSERT INTO lot_stock (tenant_id, lot_no, org_code, center_code, sku_no, stock_num, last_modify)
         SELECT $1, lot_no, org_code, center_code, sku_no, stock_num, last_modify FROM ${x} x WHERE x.stored = 0 AND x.stock_num <> 0`,
        [tenantId],
      );
    });
  }
}
