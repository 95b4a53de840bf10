/**
 * Stock positions (organisation, centre, goods) read and written a set at a time: one statement per
 * few hundred organisations or goods to read, one scratch table to write, whatever the movements' count.
 */
import { toUnits, toYuan, type Balance } from '../../engine/stock';
import { inChunks, IN_LIST_SIZE, marks } from '../db/in-list';
import { withScratch } from '../db/scratch';
import type { Db } from '../db/types';

export interface Position extends Balance {
  org: string;
  center: string;
  sku: string;
  /** stored before this posting */
  exists: boolean;
  /** Σ booked quantity: usable stock moves by it */
  change: number;
  /** the last movement's time */
  time: string;
}

export const positionKey = (org: string, center: string, sku: string) => `${org}\u0000${center}\u0000${sku}`;

/**
 * The average cost a position keeps between postings, in 1/10000 yuan as stored: the next posting
 * reads it back, so a posting carries this, not the unrounded cost, from one movement to the next.
 */
export const storedAvgCost = (p: Balance) => Math.round(p.qty > 0 ? p.amt / p.qty : p.lastCost);


/** Every position the movements touch, as stored, or new at the goods' purchase price. */
export async function readPositions(tx: Db, tenantId: number, moves: readonly { org: string; center: string; sku: string; time: string }[]): Promise<Map<string, Position>> {
  const held = new Map<string, Position>();
  for (const m of moves) {
    const key = positionKey(m.org, m.center, m.sku);
    if (!held.has(key)) held.set(key, { org: m.org, center: m.center, sku: m.sku, exists: false, qty: 0, amt: 0, lastCost: 0, change: 0, time: m.time });
  }
  const orgs = [...new Set(moves.map((m) => m.org))];
  const skus = [...new Set(moves.map((m) => m.sku))];
  // a document names a few goods: read just those; a load of sales reads its stores whole
  const bySku = skus.length <= IN_LIST_SIZE;
  for (const part of inChunks(orgs)) {
    const rows = await tx.query<{ org_code: string; center_code: string; sku_no: string; stock_num: number; stock_amount: number; avg_cost: number | null }>(
      `SELECT org_code, center_code, sku_no, stock_num, stock_amount, avg_cost FROM stock
        WHERE tenant_id = $1 AND org_code IN (${marks(part.length, 2)})${bySku ? ` AND sku_no IN (${marks(skus.length, part.length + 2)})` : ''}`,
      [tenantId, ...part, ...(bySku ? skus : [])],
    );
    for (const r of rows) {
      const p = held.get(positionKey(r.org_code, r.center_code, r.sku_no));
      if (p) Object.assign(p, { exists: true, qty: Number(r.stock_num), amt: toUnits(Number(r.stock_amount)), lastCost: toUnits(Number(r.avg_cost ?? 0)) });
    }
  }
  const fresh = [...held.values()].filter((p) => !p.exists);
  const costs = new Map<string, number>();
  for (const part of inChunks([...new Set(fresh.map((p) => p.sku))])) {
    const rows = await tx.query<{ sku_no: string; c: number | null }>(
      `SELECT sku_no, COALESCE(purchase_price, buying_price) AS c FROM sku WHERE tenant_id = $1 AND sku_no IN (${marks(part.length, 2)})`,
      [tenantId, ...part],
    );
    for (const r of rows) costs.set(r.sku_no, toUnits(Number(r.c ?? 0)));
  }
  for (const p of fresh) p.lastCost = costs.get(p.sku) ?? 0;
  return held;
}

/** The positions after their movements: stored ones updated, new ones inserted; usable stock moves by the change. */
export async function writePositions(tx: Db, tenantId: number, held: readonly Position[]): Promise<void> {
  const rows = held.map((p) => [p.org, p.center, p.sku, p.exists ? 1 : 0, p.qty, p.change, toYuan(p.amt), toYuan(storedAvgCost(p)), p.time]);
  const columns = [
    { name: 'org_code', type: 'VARCHAR' },
    { name: 'center_code', type: 'VARCHAR' },
    { name: 'sku_no', type: 'VARCHAR' },
    { name: 'stored', type: 'INTEGER' },
    { name: 'stock_num', type: 'DECIMAL(18,3)' },
    { name: 'change', type: 'DECIMAL(18,3)' },
    { name: 'stock_amount', type: 'DECIMAL(18,4)' },
    { name: 'avg_cost', type: 'DECIMAL(18,4)' },
    { name: 'last_modify', type: 'TIMESTAMP' },
  ];
  await withScratch(tx, columns, rows, async (scratch) => {
    await tx.query(
      `UPDATE stock s SET stock_num = x.stock_num, usable_num = s.usable_num + x.change, stock_amount = x.stock_amount, avg_cost = x.avg_cost, last_modify = x.last_modify
         FROM ${scratch} x
        WHERE x.stored = 1 AND s.tenant_id = $1 AND s.org_code = x.org_code AND s.center_code = x.center_code AND s.sku_no = x.sku_no`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO stock (tenant_id, org_code, center_code, sku_no, stock_num, usable_num, freeze_num, stock_amount, avg_cost, last_modify)
       SELECT $1, org_code, center_code, sku_no, stock_num, stock_num, 0, stock_amount, avg_cost, last_modify FROM ${scratch} WHERE stored = 0`,
      [tenantId],
    );
  });
}

