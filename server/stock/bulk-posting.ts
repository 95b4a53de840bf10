/**
 * Posting many movements at once (a load of sales): the same bookings as `postMovements`, one by one
 * in order through `bookMovement`, but the positions are read in one statement per organisation set
 * and the ledger rows, positions and snapshot changes written set-based, so a million lines cost a
 * few statements instead of several per line. Movements with lots take the one-by-one path, which
 * checks and moves each lot.
 */
import { toUnits, toYuan } from '../../engine/stock';
import { csvField, withScratch } from '../db/scratch';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';
import { bookMovement, LEDGER_COLUMNS, LEDGER_TYPES, nextLedgerId, postedOf, postMovements, storedAvgCost, type Movement, type Position, type Posted } from './posting';
import { applySnapshotDeltas, carrySnapshotsForward, SnapshotDeltas } from './snapshots';

const CHUNK = 500;
const LINES_PER_BUFFER = 50_000;
const positionKey = (org: string, center: string, sku: string) => `${org}\u0000${center}\u0000${sku}`;

interface Held extends Position {
  org: string;
  center: string;
  sku: string;
  /** Σ booked quantity: usable stock moves by it */
  change: number;
  time: string;
}

export async function postMovementsInBulk(tx: Db, tenantId: number, today: string, moves: readonly Movement[]): Promise<Posted[]> {
  if (moves.some((m) => m.lots?.length || m.newLot)) return postMovements(tx, tenantId, today, moves);
  if (!moves.length) return [];
  await lockTenant(tx, 'posting', tenantId);
  const held = await readPositions(tx, tenantId, moves);
  let ledgerId = await nextLedgerId(tx, tenantId);
  const deltas = new SnapshotDeltas();
  const ledger: (string | number | null)[][] = [];
  const posted: Posted[] = [];
  for (const m of moves) {
    const p = held.get(positionKey(m.org, m.center, m.sku))!;
    const { post, rows } = bookMovement(tenantId, () => ledgerId++, m, p, deltas);
    for (const row of rows) ledger.push(row);
    p.lastCost = storedAvgCost(p);
    p.change += post.qty;
    p.time = m.time;
    posted.push(postedOf(m, post));
  }
  await writeLedger(tx, ledger);
  await writePositions(tx, tenantId, [...held.values()]);
  await carrySnapshotsForward(tx, tenantId, today);
  await applySnapshotDeltas(tx, tenantId, today, deltas);
  return posted;
}

/** DuckDB appends the rows to the ledger in place; PostgreSQL takes them as COPY CSV. */
async function writeLedger(tx: Db, rows: readonly (readonly (string | number | null)[])[]): Promise<void> {
  if (tx.dialect === 'duckdb') return tx.bulkInsert('stock_ledger', LEDGER_COLUMNS, rows);
  const buffers: Buffer[] = [];
  for (let i = 0; i < rows.length; i += LINES_PER_BUFFER) buffers.push(Buffer.from(`${rows.slice(i, i + LINES_PER_BUFFER).map((r) => r.map(csvField).join(',')).join('\n')}\n`));
  if (buffers.length) await tx.loadCsv('stock_ledger', LEDGER_COLUMNS, LEDGER_TYPES, buffers);
}

/** Every position the movements touch, as stored, or new at the goods' purchase price. */
async function readPositions(tx: Db, tenantId: number, moves: readonly Movement[]): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  for (const m of moves) {
    const key = positionKey(m.org, m.center, m.sku);
    if (!held.has(key)) held.set(key, { org: m.org, center: m.center, sku: m.sku, exists: false, qty: 0, amt: 0, lastCost: 0, change: 0, time: m.time });
  }
  const orgs = [...new Set(moves.map((m) => m.org))];
  for (let i = 0; i < orgs.length; i += CHUNK) {
    const part = orgs.slice(i, i + CHUNK);
    const rows = await tx.query<{ org_code: string; center_code: string; sku_no: string; stock_num: number; stock_amount: number; avg_cost: number | null }>(
      `SELECT org_code, center_code, sku_no, stock_num, stock_amount, avg_cost FROM stock WHERE tenant_id = $1 AND org_code IN (${part.map((_, j) => `$${j + 2}`).join(', ')})`,
      [tenantId, ...part],
    );
    for (const r of rows) {
      const p = held.get(positionKey(r.org_code, r.center_code, r.sku_no));
      if (!p) continue;
      Object.assign(p, { exists: true, qty: Number(r.stock_num), amt: toUnits(Number(r.stock_amount)), lastCost: toUnits(Number(r.avg_cost ?? 0)) });
    }
  }
  const fresh = [...held.values()].filter((p) => !p.exists);
  const skus = [...new Set(fresh.map((p) => p.sku))];
  const costs = new Map<string, number>();
  for (let i = 0; i < skus.length; i += CHUNK) {
    const part = skus.slice(i, i + CHUNK);
    const rows = await tx.query<{ sku_no: string; c: number | null }>(
      `SELECT sku_no, COALESCE(purchase_price, buying_price) AS c FROM sku WHERE tenant_id = $1 AND sku_no IN (${part.map((_, j) => `$${j + 2}`).join(', ')})`,
      [tenantId, ...part],
    );
    for (const r of rows) costs.set(r.sku_no, toUnits(Number(r.c ?? 0)));
  }
  for (const p of fresh) p.lastCost = costs.get(p.sku) ?? 0;
  return held;
}

/** The positions after their movements: stored ones updated, new ones inserted; usable stock moves by the change. */
async function writePositions(tx: Db, tenantId: number, held: readonly Held[]): Promise<void> {
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
