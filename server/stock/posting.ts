/**
 * Posting stock movements (docs/inventory.md): each movement becomes stock-ledger rows, moves its
 * position (quantity, value, moving-average cost) and its lots, and corrects the daily snapshots from
 * its business date to today, so the balance reports (61, 102, 60, 171) read the same figures as the
 * ledger. Runs inside the caller's transaction. The movements are booked in memory in their order
 * against the positions, lots and snapshot day read in one statement (one-read.ts), then written one
 * statement per table (row-set.ts): one document's lines and a load's million sales take the same
 * few statements, and a refusal (a lot without enough stock, a lot number taken) is thrown before
 * anything is written. On DuckDB each statement costs milliseconds however few rows it touches, so
 * their number is what a document's approval costs. Two postings touching one position (organisation,
 * centre, goods) or opening one lot number run one after the other, so every movement reads the
 * position as the one before it left it; others run side by side (PostgreSQL: advisory locks held to
 * the end of the transaction, db/tenant-lock.ts; DuckDB runs its write transactions one at a time
 * anyway).
 */
import { postInbound, postOutbound, roundQty, splitAmount, toUnits, toYuan, type Posting } from '../../engine/stock';
import type { Db } from '../db/types';
import { lockKeys, lockTenant, type KeyLock } from '../db/tenant-lock';
import { appendLedger, lastLedgerIdRead, type LedgerRow } from './ledger';
import { LotBook, POSTING_MESSAGES, refuse, type NewLot } from './lots';
import { heldLotsOf, oldestLotReads, unnamedOutbounds, withOldestLots } from './oldest-lots';
import { readAll } from './one-read';
import { positionKey, positionReads, positionsOf, storedAvgCost, writePositions, type Position } from './positions';
import { applySnapshotDeltas, carrySnapshotsForward, snapshotDayRead, snapshotsReach, SnapshotDeltas } from './snapshots';

export { POSTING_MESSAGES, type NewLot };

export interface LotPart {
  lotNo: string;
  qty: number;
}

export interface Movement {
  org: string;
  center: string;
  sku: string;
  /** business date 'YYYY-MM-DD' and time 'YYYY-MM-DD HH:mm:ss' */
  date: string;
  time: string;
  /** signed: > 0 in, < 0 out */
  qty: number;
  /** inbound unit cost in yuan; without it (and always outbound) the position's moving average */
  unitCost?: number;
  /** inbound at the unit cost an earlier movement of the same posting booked (its index): a transfer's receiving side */
  costOf?: number;
  /** inbound: the one lot it enters; outbound: the lots it consumes, adding up to its quantity */
  lots?: LotPart[];
  newLot?: NewLot;
  docType: number;
  docNo: string;
  itemId: number;
}

export interface Posted {
  itemId: number;
  qty: number;
  /** signed, yuan */
  amount: number;
  /** yuan, 4 decimals */
  unitCost: number;
}

/**
 * The ledger rows of one posting: one per lot it touches (and one without a lot for any quantity no
 * lot covers), the amount shared over them by quantity.
 */
function ledgerParts(m: Movement, post: Posting): { lotNo: string | null; qty: number; amount: number; costDiff: number }[] {
  const size = Math.abs(post.qty);
  const parts: { lotNo: string | null; qty: number }[] = (m.lots ?? []).filter((l) => l.qty > 0);
  const rest = roundQty(size - parts.reduce((a, l) => a + l.qty, 0));
  if (rest > 0) parts.push({ lotNo: null, qty: rest });
  const sign = post.qty < 0 ? -1 : 1;
  const amounts = splitAmount(post.amount, parts.map((l) => l.qty));
  const diffs = splitAmount(post.costDiff, parts.map((l) => l.qty));
  return parts.map((l, i) => ({ lotNo: l.lotNo, qty: sign * l.qty, amount: amounts[i], costDiff: diffs[i] }));
}

/**
 * One movement booked against its position (moved in place): its ledger rows in LEDGER_COLUMNS order
 * (numbered when written) and its snapshot changes. The same for a posting one by one and a bulk posting, so they cannot differ.
 */
function bookMovement(tenantId: number, m: Movement, p: Position, deltas: SnapshotDeltas | null): { post: Posting; rows: LedgerRow[] } {
  const post = m.qty > 0 ? postInbound(p, m.qty, m.unitCost === undefined ? (p.qty > 0 ? p.amt / p.qty : p.lastCost) : toUnits(m.unitCost)) : postOutbound(p, -m.qty);
  const rows = ledgerParts(m, post).map((part) => {
    deltas?.add({ org: m.org, center: m.center, sku: m.sku, lot: null }, m.date, part.qty, part.amount + part.costDiff);
    if (part.lotNo) deltas?.add({ org: m.org, center: m.center, sku: m.sku, lot: part.lotNo }, m.date, part.qty, part.amount + part.costDiff);
    return [tenantId, 0, m.org, m.center, m.sku, part.lotNo, m.docType, m.docNo, m.itemId, part.qty, toYuan(Math.round(post.unitCost)),
      toYuan(part.amount), post.stockBefore, toYuan(part.costDiff), m.time, m.date];
  });
  return { post, rows };
}

/** An inbound opening its one lot: the number must be free, so its lot stock is not read. */
const opensLot = (m: Movement) => m.newLot !== undefined && m.lots?.length === 1;

const postedOf = (m: Movement, post: Posting): Posted => ({ itemId: m.itemId, qty: post.qty, amount: toYuan(post.amount), unitCost: toYuan(Math.round(post.unitCost)) });

/**
 * How postings lock: by what they touch (the product), or the whole tenant exclusively, as postings
 * did before they ran side by side — kept so `npm run bench` can measure both in one run.
 */
export const postingLocks: { scope: 'touched' | 'tenant' } = { scope: 'touched' };

/**
 * What a posting holds until it commits: the tenant's posting lock shared (exclusive on the first
 * posting of a day, which carries the snapshots forward), then its positions and the lot numbers it
 * opens, in one order for every posting.
 */
async function lockPosting(tx: Db, tenantId: number, today: string, moves: readonly Movement[]): Promise<void> {
  // DuckDB runs one write transaction at a time: nothing to lock
  if (tx.dialect !== 'postgres') return;
  if (postingLocks.scope === 'tenant') return lockTenant(tx, 'posting', tenantId);
  const keys = new Set(moves.map((m) => `${m.org}\u0000${m.center}\u0000${m.sku}`));
  const lotNos = new Set(moves.flatMap((m) => (m.newLot ? (m.lots ?? []).map((l) => l.lotNo) : [])));
  // a bulk posting (a load, a history) takes the tenant whole: an advisory lock per key would fill PostgreSQL's lock table
  if (keys.size + lotNos.size > MAX_KEY_LOCKS) return lockTenant(tx, 'posting', tenantId);
  await lockTenant(tx, 'posting', tenantId, (await snapshotsReach(tx, tenantId, today)) ? 'shared' : 'exclusive');
  const locks: KeyLock[] = [...keys].map((key) => ({ kind: 'position', key }));
  for (const key of lotNos) locks.push({ kind: 'lotNo', key });
  await lockKeys(tx, tenantId, locks);
}

/** Beyond this many positions and new lots a posting locks the tenant instead (PostgreSQL's lock table holds some thousands in all). */
export const MAX_KEY_LOCKS = 1000;

export interface PostingOptions {
  /** false: the daily snapshots are left alone, the caller rebuilds them from the ledger (a history load) */
  snapshots?: boolean;
}

/**
 * Posts the movements in order and answers what each booked. `today` bounds the snapshots to correct;
 * a movement dated after it is the caller's mistake (documents are checked against the open period).
 */
export async function postMovements(tx: Db, tenantId: number, today: string, given: readonly Movement[], opts: PostingOptions = {}): Promise<Posted[]> {
  if (!given.length) return [];
  await lockPosting(tx, tenantId, today, given);
  const read = await readAll(tx, [
    ...oldestLotReads(tenantId, unnamedOutbounds(given)),
    ...positionReads(tenantId, given),
    ...LotBook.reads(tenantId, given.flatMap((m) => (m.lots ?? []).map((l) => l.lotNo)), given.flatMap((m) => (opensLot(m) ? [] : (m.lots ?? []).map((l) => l.lotNo)))),
    snapshotDayRead(tenantId),
    ...(tx.dialect === 'duckdb' ? [lastLedgerIdRead(tenantId)] : []),
  ]);
  // stock leaving without named lots takes the oldest (the position's lots came with the read)
  const moves = withOldestLots(given, heldLotsOf(read));
  const held = await positionsOf(tx, tenantId, moves, read);
  const lots = LotBook.of(read);
  const deltas = opts.snapshots === false ? null : new SnapshotDeltas();
  const ledger: LedgerRow[] = [];
  const posted: Posted[] = [];
  for (const m of moves) {
    const lotTotal = roundQty((m.lots ?? []).reduce((a, l) => a + l.qty, 0));
    if (m.lots?.length && m.qty < 0 && lotTotal > -m.qty) throw refuse(POSTING_MESSAGES.lotShort(m.lots[0].lotNo, m.sku));
    const p = held.get(positionKey(m.org, m.center, m.sku))!;
    const { post, rows } = bookMovement(tenantId, m.costOf === undefined ? m : { ...m, unitCost: posted[m.costOf].unitCost }, p, deltas);
    if (opensLot(m)) lots.open(m, m.lots![0].lotNo, m.newLot!, post.unitCost);
    for (const row of rows) {
      ledger.push(row);
      if (row[5] !== null) lots.move(m, String(row[5]), Number(row[9]));
    }
    p.lastCost = storedAvgCost(p);
    p.change += post.qty;
    p.time = m.time;
    posted.push(postedOf(m, post));
  }
  await writePositions(tx, tenantId, [...held.values()]);
  await lots.write(tx, tenantId);
  // a posting on a day the close has not reached yet finds the day's carried rows before correcting them
  if (deltas) {
    await carrySnapshotsForward(tx, tenantId, today, read);
    await applySnapshotDeltas(tx, tenantId, today, deltas);
  }
  await appendLedger(tx, tenantId, ledger, read);
  return posted;
}
