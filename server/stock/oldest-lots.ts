/**
 * Stock leaving a position without naming its lots (a till's sale, an adjustment without a lot) takes
 * the position's lots oldest first, as far as they hold stock; what no lot covers leaves without a lot.
 * Without this a store's lot stock only ever grew: sales never name lots, so the lot reports (191, the
 * lot movements) kept showing goods long sold. Lots are taken in the order they came in (receive time,
 * then number, a lot that comes in during the posting among them); a movement that names its lots is left as it is. An inbound booked at the cost of an
 * earlier movement of the posting (a transfer's receiving side, a return taken back) receives the lots
 * that movement took, so lots travel with the goods; other inbounds without a lot enter none.
 */
import { roundQty } from '../../engine/stock';
import { inChunks, marks } from '../db/in-list';
import { NO_NUM, num, type ReadPart, type ReadRow } from './one-read';
import type { LotPart, Movement } from './posting';

/** A lot's stock at a position before the posting, and when it came in as YYYYMMDDhhmmss (0 when unknown: oldest). */
export interface HeldLot {
  org: string;
  center: string;
  sku: string;
  lotNo: string;
  qty: number;
  since: number;
}

interface Held {
  lotNo: string;
  qty: number;
  since: number;
}

/** 'YYYY-MM-DD hh:mm:ss' as YYYYMMDDhhmmss: the read gives receive times as numbers (its text columns are taken). */
export const sinceOf = (time: string) => Number(time.replace(/\D/g, '').slice(0, 14).padEnd(14, '0'));
const SINCE = (c: string) => ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'].map((f, i) => `CAST(EXTRACT(${f} FROM ${c}) AS BIGINT) * ${10 ** (10 - 2 * i)}`).join(' + ');
const older = (a: Held, b: Held) => a.since - b.since || (a.lotNo < b.lotNo ? -1 : a.lotNo > b.lotNo ? 1 : 0);

/** The combined read's part (one-read.ts) with the lots holding stock at those positions. */
export const POSITION_LOTS = 'position lots';

const key = (m: { org: string; center: string; sku: string }) => `${m.org}\u0000${m.center}\u0000${m.sku}`;

/** The positions whose stock leaves without lots: the ones whose lots must be read. */
export function unnamedOutbounds(moves: readonly Movement[]): { org: string; center: string; sku: string }[] {
  const seen = new Map<string, { org: string; center: string; sku: string }>();
  for (const m of moves) if (m.qty < 0 && !m.lots?.length) seen.set(key(m), { org: m.org, center: m.center, sku: m.sku });
  return [...seen.values()];
}

/**
 * Reads the lots with stock at the positions (one-read.ts): lot, organisation, centre, goods, stock and
 * receive time. Organisations and goods are read
 * whole, like the positions; rows of other positions are ignored.
 */
export function oldestLotReads(tenantId: number, positions: readonly { org: string; center: string; sku: string }[]): ReadPart[] {
  if (!positions.length) return [];
  const skus = [...new Set(positions.map((p) => p.sku))];
  return inChunks([...new Set(positions.map((p) => p.org))]).flatMap((orgs) =>
    inChunks(skus).map((part) => ({
      part: POSITION_LOTS,
      select: `SELECT s.lot_no, s.org_code, s.center_code, s.sku_no, ${num('s.stock_num')},
                      ${num(`COALESCE(${SINCE('l.receive_time')}, 0)`)}, ${NO_NUM}
                 FROM lot_stock s JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
                WHERE s.tenant_id = $1 AND s.stock_num > 0 AND s.org_code IN (${marks(orgs.length, 2)}) AND s.sku_no IN (${marks(part.length, orgs.length + 2)})`,
      params: [tenantId, ...orgs, ...part],
    })),
  );
}

/** The lots the read found, as withOldestLots takes them. */
export function heldLotsOf(read: Map<string, ReadRow[]>): HeldLot[] {
  return (read.get(POSITION_LOTS) ?? []).map((r) => ({ lotNo: r.a!, org: r.b!, center: r.c!, sku: r.d!, qty: Number(r.n1), since: Number(r.n2) }));
}

/**
 * The movements with the lots each unnamed outbound takes, oldest first, following the lot stock
 * through the movements in their order (an earlier inbound's lot can be taken by a later sale).
 * Movements are copied only where lots are given; the order and every index stay.
 */
export function withOldestLots(moves: readonly Movement[], held: readonly HeldLot[]): Movement[] {
  const shelves = new Map<string, Shelf>();
  const shelfOf = (k: string) => shelves.get(k) ?? shelves.set(k, { list: [], byNo: new Map(), first: 0 }).get(k)!;
  for (const h of held) {
    const shelf = shelfOf(key(h));
    const lot = { lotNo: h.lotNo, qty: h.qty, since: h.since };
    shelf.list.push(lot);
    shelf.byNo.set(h.lotNo, lot);
  }
  for (const shelf of shelves.values()) shelf.list.sort(older);
  const out: Movement[] = [];
  for (const m of moves) out.push(booked(m));
  return out;

  function booked(m: Movement): Movement {
    if (m.qty > 0 && !m.lots?.length && m.costOf !== undefined) {
      const followed = following(out[m.costOf].lots ?? [], m.qty);
      if (followed.length) m = { ...m, lots: followed };
    }
    const k = key(m);
    const shelf = shelves.get(k);
    if (m.lots?.length) {
      // named lots move as named: keep the stock the next unnamed outbound finds
      if (!shelf && m.qty < 0) return m;
      const at = shelf ?? shelfOf(k);
      const sign = m.qty < 0 ? -1 : 1;
      for (const part of m.lots) {
        const lot = at.byNo.get(part.lotNo);
        if (lot) {
          lot.qty = roundQty(lot.qty + sign * part.qty);
          // a lot the oldest-first search had passed holds stock again
          if (sign > 0) at.first = 0;
        } else if (sign > 0) {
          // a lot that comes in here takes its place by its receive time, as it would stored
          const added = { lotNo: part.lotNo, qty: part.qty, since: sinceOf(m.newLot?.receiveTime ?? m.time) };
          at.byNo.set(part.lotNo, added);
          if (insertSorted(at.list, added) < at.list.length - 1) at.first = 0;
        }
      }
      return m;
    }
    if (m.qty >= 0 || !shelf) return m;
    const taken: LotPart[] = [];
    let left = -m.qty;
    const { list } = shelf;
    while (shelf.first < list.length && list[shelf.first].qty <= 0) shelf.first++;
    for (let i = shelf.first; i < list.length && left > 0; i++) {
      const lot = list[i];
      if (lot.qty <= 0) continue;
      const take = Math.min(left, lot.qty);
      taken.push({ lotNo: lot.lotNo, qty: take });
      lot.qty = roundQty(lot.qty - take);
      left = roundQty(left - take);
    }
    return taken.length ? { ...m, lots: taken } : m;
  }
}

/**
 * A position's lots, oldest first, by number too (a load names tens of thousands); `first`: no lot
 * before it holds stock, so the oldest-first search starts there (reset when one may again).
 */
interface Shelf {
  list: Held[];
  byNo: Map<string, Held>;
  first: number;
}

/** The lots an outbound took, up to the quantity that arrives (a return can take back less than left). */
function following(source: readonly LotPart[], qty: number): LotPart[] {
  const parts: LotPart[] = [];
  let left = qty;
  for (const part of source) {
    if (left <= 0) break;
    const take = Math.min(left, part.qty);
    parts.push({ lotNo: part.lotNo, qty: take });
    left = roundQty(left - take);
  }
  return parts;
}

/** Inserts in order; where it went (a lot coming in usually is the newest: appended). */
function insertSorted(list: Held[], lot: Held): number {
  if (!list.length || older(list[list.length - 1], lot) <= 0) return list.push(lot) - 1;
  const at = list.findIndex((l) => older(lot, l) < 0);
  list.splice(at, 0, lot);
  return at;
}
