/**
 * Stock positions (organisation, centre, goods) read and written a set at a time: a part of the
 * posting's one read per few hundred organisations, one statement to write, whatever the movements' count.
 */
import { toUnits, toYuan, type Balance } from '../../engine/stock';
import { inChunks, IN_LIST_SIZE, marks } from '../db/in-list';
import type { Db } from '../db/types';
import { NO_NUM, NO_TEXT, num, readAll, type ReadPart, type ReadRow } from './one-read';
import { withRows } from './row-set';

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


type Place = { org: string; center: string; sku: string; time: string };

/**
 * The combined read's parts for the positions the movements touch (one-read.ts): the stored positions
 * and, for a document's few goods, their purchase prices, which a new position starts from.
 */
export function positionReads(tenantId: number, moves: readonly Place[]): ReadPart[] {
  const orgs = [...new Set(moves.map((m) => m.org))];
  const skus = [...new Set(moves.map((m) => m.sku))];
  // a document names a few goods: read just those; a load of sales reads its stores whole
  const bySku = skus.length <= IN_LIST_SIZE;
  const parts: ReadPart[] = inChunks(orgs).map((part) => ({
    part: 'position',
    select: `SELECT org_code, center_code, sku_no, ${NO_TEXT}, ${num('stock_num')}, ${num('stock_amount')}, ${num('avg_cost')} FROM stock
              WHERE tenant_id = $1 AND org_code IN (${marks(part.length, 2)})${bySku ? ` AND sku_no IN (${marks(skus.length, part.length + 2)})` : ''}`,
    params: [tenantId, ...part, ...(bySku ? skus : [])],
  }));
  if (bySku) parts.push(costRead(tenantId, skus));
  return parts;
}

const costRead = (tenantId: number, skus: readonly string[]): ReadPart => ({
  part: 'cost',
  select: `SELECT ${NO_TEXT}, ${NO_TEXT}, sku_no, ${NO_TEXT}, ${num('COALESCE(purchase_price, buying_price)')}, ${NO_NUM}, ${NO_NUM} FROM sku WHERE tenant_id = $1 AND sku_no IN (${marks(skus.length, 2)})`,
  params: [tenantId, ...skus],
});

/** Every position the movements touch, as stored, or new at the goods' purchase price (a load's read here, once it knows which are new). */
export async function positionsOf(tx: Db, tenantId: number, moves: readonly Place[], read: Map<string, ReadRow[]>): Promise<Map<string, Position>> {
  const held = new Map<string, Position>();
  for (const m of moves) {
    const key = positionKey(m.org, m.center, m.sku);
    if (!held.has(key)) held.set(key, { org: m.org, center: m.center, sku: m.sku, exists: false, qty: 0, amt: 0, lastCost: 0, change: 0, time: m.time });
  }
  for (const r of read.get('position')!) {
    const p = held.get(positionKey(r.a!, r.b!, r.c!));
    if (p) Object.assign(p, { exists: true, qty: Number(r.n1), amt: toUnits(Number(r.n2)), lastCost: toUnits(Number(r.n3 ?? 0)) });
  }
  const fresh = [...held.values()].filter((p) => !p.exists);
  const costRows = read.get('cost') ?? (fresh.length ? (await readAll(tx, inChunks([...new Set(fresh.map((p) => p.sku))]).map((part) => costRead(tenantId, part)))).get('cost')! : []);
  const costs = new Map(costRows.map((r) => [r.c!, toUnits(Number(r.n1 ?? 0))]));
  for (const p of fresh) p.lastCost = costs.get(p.sku) ?? 0;
  return held;
}

/** The positions after their movements, in one statement: stored ones updated, new ones inserted; usable stock moves by the change. */
export async function writePositions(tx: Db, tenantId: number, held: readonly Position[]): Promise<void> {
  const rows = held.map((p) => [p.org, p.center, p.sku, p.qty, p.change, toYuan(p.amt), toYuan(storedAvgCost(p)), p.time]);
  const columns = [
    { name: 'org_code', type: 'VARCHAR' },
    { name: 'center_code', type: 'VARCHAR' },
    { name: 'sku_no', type: 'VARCHAR' },
    { name: 'stock_num', type: 'DECIMAL(18,3)' },
    { name: 'change', type: 'DECIMAL(18,3)' },
    { name: 'stock_amount', type: 'DECIMAL(18,4)' },
    { name: 'avg_cost', type: 'DECIMAL(18,4)' },
    { name: 'last_modify', type: 'TIMESTAMP' },
  ];
  await withRows(tx, columns, rows, 2, (from, params) =>
    tx.query(
      `MERGE INTO stock s USING ${from} x
          ON s.tenant_id = $1 AND s.org_code = x.org_code AND s.center_code = x.center_code AND s.sku_no = x.sku_no
        WHEN MATCHED THEN UPDATE SET stock_num = x.stock_num, usable_num = s.usable_num + x.change, stock_amount = x.stock_amount, avg_cost = x.avg_cost, last_modify = x.last_modify
        WHEN NOT MATCHED THEN INSERT (tenant_id, org_code, center_code, sku_no, stock_num, usable_num, freeze_num, stock_amount, avg_cost, last_modify)
          VALUES ($1, x.org_code, x.center_code, x.sku_no, x.stock_num, x.stock_num, 0, x.stock_amount, x.avg_cost, x.last_modify)`,
      [tenantId, ...params],
    ),
  );
}
