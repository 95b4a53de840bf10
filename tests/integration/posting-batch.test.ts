/**
 * Postings are set-based: a batch of movements is booked in memory in its order and written a set at
 * a time (server/stock/posting.ts). Random movements — new lots, lots consumed, stock driven negative
 * and revalued by an inbound — posted as one batch book exactly what the same movements posted one
 * call each book: ledger, positions, lots, lot stock and both daily snapshots, row for row, and the
 * snapshots equal a rebuild from the ledger. A refusal in the middle of a batch writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import { today as businessToday } from '../../server/clock';
import { Rng } from '../../server/db/seed/prng';
import type { Db } from '../../server/db/types';
import { MAX_KEY_LOCKS, postMovements, POSTING_MESSAGES, type Movement } from '../../server/stock/posting';
import { startTestServer, type TestServer } from './server';
import { dialectUnderTest } from './testdb';

const TENANT = 10139;
const today = businessToday();
let on: TestServer;
let org: string;
let center: string;
let skus: string[];
/** the lots with stock at the test's positions before it, with their receive times */
let storedLots: { sku: string; lotNo: string; qty: number; since: string }[];

beforeAll(async () => {
  on = await startTestServer();
  [{ org_code: org, center_code: center }] = await on.testDb.db.query<{ org_code: string; center_code: string }>(
    'SELECT org_code, center_code FROM stock WHERE tenant_id = $1 AND stock_num > 5 ORDER BY org_code, sku_no LIMIT 1',
    [TENANT],
  );
  const kept = await on.testDb.db.query<{ sku_no: string }>('SELECT sku_no FROM stock WHERE tenant_id = $1 AND org_code = $2 AND center_code = $3 ORDER BY sku_no LIMIT 3', [TENANT, org, center]);
  const fresh = await on.testDb.db.query<{ sku_no: string }>(
    'SELECT sku_no FROM sku k WHERE tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM stock s WHERE s.tenant_id = k.tenant_id AND s.org_code = $2 AND s.sku_no = k.sku_no) ORDER BY sku_no LIMIT 1',
    [TENANT, org],
  );
  skus = [...kept, ...fresh].map((r) => r.sku_no);
  storedLots = (
    await on.testDb.db.query<{ sku_no: string; lot_no: string; stock_num: number; since: string | null }>(
      `SELECT s.sku_no, s.lot_no, s.stock_num, CAST(l.receive_time AS VARCHAR) AS since FROM lot_stock s JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
        WHERE s.tenant_id = $1 AND s.org_code = $2 AND s.center_code = $3 AND s.stock_num > 0`,
      [TENANT, org, center],
    )
  ).map((r) => ({ sku: r.sku_no, lotNo: r.lot_no, qty: Number(r.stock_num), since: r.since ?? '' }));
}, 300_000);
afterAll(() => on?.close());

/**
 * Random movements in time order; lots are consumed only as far as the test's own count says they hold:
 * named ones by the movements naming them, and oldest first by the outbounds that name none.
 */
function randomMoves(seed: string, count: number): Movement[] {
  const rng = new Rng(seed);
  const lotLeft = new Map<string, { sku: string; qty: number; since: string }>(storedLots.map((l) => [l.lotNo, { ...l }]));
  const moves: Movement[] = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(today, -5 + Math.floor((i * 6) / count));
    const time = `${day} ${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`;
    const sku = skus[rng.int(0, skus.length - 1)];
    const base = { org, center, sku, date: day, time, docNo: `PB${seed}-${i}`, itemId: 1 + (i % 3) };
    const open = [...lotLeft.entries()].filter(([lotNo, l]) => lotNo.startsWith('PB') && l.sku === sku && l.qty > 0);
    const kind = rng.int(0, 3);
    if (kind === 0) {
      const lotNo = `PB${seed}-L${i}`;
      const qty = rng.int(1, 12);
      lotLeft.set(lotNo, { sku, qty, since: time });
      moves.push({ ...base, qty, unitCost: rng.int(100, 9000) / 100, docType: 1, lots: [{ lotNo, qty }], newLot: { supplierNo: null, produceDate: null, expirationDate: null, receiveNo: base.docNo, receiveTime: time } });
    } else if (kind === 1 && open.length) {
      const [lotNo, lot] = open[rng.int(0, open.length - 1)];
      const qty = Math.min(lot.qty, rng.int(1, 5));
      lot.qty -= qty;
      // part of the quantity from the lot, the rest from stock no lot covers
      moves.push({ ...base, qty: -(qty + rng.int(0, 2)), docType: 13, lots: [{ lotNo, qty }] });
    } else if (kind === 2) {
      moves.push({ ...base, qty: rng.int(1, 6) + rng.int(0, 999) / 1000, ...(rng.int(0, 1) ? { unitCost: rng.int(50, 5000) / 100 } : {}), docType: 6 });
    } else {
      // large enough to drive the position below zero now and then
      const qty = rng.int(1, 40) + rng.int(0, 999) / 1000;
      moves.push({ ...base, qty: -qty, docType: 5 });
      let left = qty;
      const oldestFirst = [...lotLeft.entries()].filter(([, l]) => l.sku === sku && l.qty > 0).sort(([a, x], [b, y]) => (x.since !== y.since ? (x.since < y.since ? -1 : 1) : a < b ? -1 : 1));
      for (const [, l] of oldestFirst) {
        const take = Math.min(left, l.qty);
        l.qty = Math.round((l.qty - take) * 1000) / 1000;
        left = Math.round((left - take) * 1000) / 1000;
      }
    }
  }
  return moves;
}

async function state(db: Db, prefix: string) {
  const since = addDays(today, -6);
  const list = skus.map((_, i) => `$${i + 3}`).join(', ');
  const params = [TENANT, org, ...skus];
  return {
    ledger: await db.query(`SELECT * FROM stock_ledger WHERE tenant_id = $1 AND org_code = $2 AND sku_no IN (${list}) AND doc_no LIKE 'PB%' ORDER BY ledger_id`, params),
    stock: await db.query(`SELECT * FROM stock WHERE tenant_id = $1 AND org_code = $2 AND sku_no IN (${list}) ORDER BY sku_no, center_code`, params),
    lots: await db.query(`SELECT * FROM lot WHERE tenant_id = $1 AND lot_no LIKE '${prefix}%' ORDER BY lot_no`, [TENANT]),
    lotStock: await db.query(`SELECT * FROM lot_stock WHERE tenant_id = $1 AND lot_no LIKE '${prefix}%' ORDER BY lot_no, org_code`, [TENANT]),
    snapshots: await db.query(
      `SELECT * FROM stock_daily_snapshot WHERE tenant_id = $1 AND org_code = $2 AND sku_no IN (${list}) AND biz_date >= CAST('${since}' AS DATE) ORDER BY sku_no, center_code, biz_date`,
      params,
    ),
    lotSnapshots: await db.query(`SELECT * FROM lot_stock_daily_snapshot WHERE tenant_id = $1 AND lot_no LIKE '${prefix}%' ORDER BY lot_no, biz_date`, [TENANT]),
  };
}

/**
 * Where the snapshots of the movements' positions and lots differ from a rebuild out of the whole
 * ledger (server/stock/snapshot-build.ts) over the last days: a row for each day with stock or value
 * and each day with a movement, none for a day left at zero without one.
 */
async function offRebuild(db: Db, prefix: string): Promise<string[]> {
  const since = addDays(today, -6);
  const list = skus.map((_, i) => `$${i + 3}`).join(', ');
  const off: string[] = [];
  for (const [table, keys, scope, params] of [
    ['stock_daily_snapshot', ['org_code', 'center_code', 'sku_no'], `org_code = $2 AND sku_no IN (${list})`, [TENANT, org, ...skus]],
    ['lot_stock_daily_snapshot', ['org_code', 'center_code', 'sku_no', 'lot_no'], `org_code = $2 AND lot_no LIKE '${prefix}%'`, [TENANT, org]],
  ] as const) {
    const list = keys.join(', ');
    // per key, the running sums from each day with a movement until the next one, spread over the days
    const rebuilt = await db.query<Record<string, string | number | boolean>>(
      `SELECT ${keys.map((k) => `r.${k}`).join(', ')}, CAST(CAST(g.d AS DATE) AS VARCHAR) AS day, r.qty, r.amount, CAST(g.d AS DATE) = r.biz_date AS moved
         FROM (SELECT ${list}, biz_date, LEAD(biz_date) OVER (PARTITION BY ${list} ORDER BY biz_date) AS next_date,
                      SUM(q) OVER (PARTITION BY ${list} ORDER BY biz_date) AS qty, SUM(a) OVER (PARTITION BY ${list} ORDER BY biz_date) AS amount
                 FROM (SELECT ${list}, biz_date, SUM(qty) AS q, SUM(amount + cost_diff_amount) AS a FROM stock_ledger WHERE tenant_id = $1 AND ${scope} GROUP BY ${list}, biz_date) d) r
         JOIN generate_series(CAST(CAST('${since}' AS DATE) AS TIMESTAMP), CAST(CAST('${today}' AS DATE) AS TIMESTAMP), INTERVAL '1 day') AS g(d)
           ON CAST(g.d AS DATE) >= r.biz_date AND (r.next_date IS NULL OR CAST(g.d AS DATE) < r.next_date)`,
      params,
    );
    const stored = await db.query<Record<string, string | number>>(
      `SELECT ${keys.join(', ')}, CAST(biz_date AS VARCHAR) AS day, qty, amount FROM ${table} WHERE tenant_id = $1 AND ${scope} AND biz_date >= CAST('${since}' AS DATE)`,
      params,
    );
    const line = (r: Record<string, unknown>) => `${table} ${keys.map((k) => r[k]).join('/')} ${r.day}: ${Number(r.qty).toFixed(3)} ${Number(r.amount).toFixed(4)}`;
    const want = new Set(rebuilt.filter((r) => Number(r.qty) !== 0 || Number(r.amount) !== 0 || r.moved === true).map(line));
    const have = new Set(stored.map(line));
    for (const r of want) if (!have.has(r)) off.push(`missing ${r}`);
    for (const r of have) if (!want.has(r)) off.push(`extra ${r}`);
  }
  return off.sort();
}

class Rollback extends Error {}

/** Posts inside a transaction that is rolled back, answering what was booked and the state it left. */
async function postAndLook(moves: readonly Movement[], batch: boolean, prefix: string) {
  let result: { booked: unknown[]; seen: Awaited<ReturnType<typeof state>>; offRebuild: string[] } | undefined;
  await on.testDb.db
    .transaction(async (tx) => {
      const booked: unknown[] = [];
      if (batch) booked.push(...(await postMovements(tx, TENANT, today, moves)));
      else for (const m of moves) booked.push(...(await postMovements(tx, TENANT, today, [m])));
      result = { booked, seen: await state(tx, prefix), offRebuild: await offRebuild(tx, prefix) };
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result!;
}

describe(`a batch of movements books exactly what they book one call each (${dialectUnderTest})`, () => {
  for (const seed of ['A', 'B', 'C']) {
    it(`random movements ${seed}: lots, negative stock and revaluation, row for row`, async () => {
      const moves = randomMoves(seed, 80);
      const one = await postAndLook(moves, false, `PB${seed}`);
      const batch = await postAndLook(moves, true, `PB${seed}`);
      // the sequence reaches what makes posting hard
      expect(one.seen.ledger.length).toBeGreaterThanOrEqual(moves.length);
      expect(one.seen.ledger.some((r) => Number(r.stock_before) < 0)).toBe(true);
      expect(one.seen.ledger.some((r) => Number(r.cost_diff_amount) !== 0)).toBe(true);
      expect(one.seen.lotStock.length).toBeGreaterThan(0);
      expect(one.seen.lotSnapshots.length).toBeGreaterThan(0);
      expect(batch.booked).toEqual(one.booked);
      expect(batch.seen).toEqual(one.seen);
      // and both equal a rebuild from the ledger: back-dated changes carried to today, emptied lots gone
      expect(one.offRebuild).toEqual([]);
      expect(batch.offRebuild).toEqual([]);
    });
  }

  it('a lot emptied and a position left at zero on a past day have no rows after it, one call each and as a batch', async () => {
    const [opened, emptied] = [addDays(today, -4), addDays(today, -2)];
    const base = { org, center, sku: skus[3], itemId: 1 };
    const moves: Movement[] = [
      {
        ...base, date: opened, time: `${opened} 09:00:00`, qty: 5, unitCost: 2, docType: 1, docNo: 'PBZ-1', lots: [{ lotNo: 'PBZ-L1', qty: 5 }],
        newLot: { supplierNo: null, produceDate: null, expirationDate: null, receiveNo: 'PBZ-1', receiveTime: `${opened} 09:00:00` },
      },
      { ...base, date: emptied, time: `${emptied} 09:00:00`, qty: -5, docType: 13, docNo: 'PBZ-2', lots: [{ lotNo: 'PBZ-L1', qty: 5 }] },
    ];
    for (const batch of [false, true]) {
      const { seen, offRebuild: off } = await postAndLook(moves, batch, 'PBZ');
      expect(seen.lotSnapshots.map((r) => [String(r.biz_date), Number(r.qty)])).toEqual([[opened, 5], [addDays(opened, 1), 5], [emptied, 0]]);
      expect(off).toEqual([]);
    }
  });

  it('a bulk posting over more positions than key locks allow takes the tenant instead, and posts', async () => {
    // two hundred organisations of the test's own (rolled back): a history load's positions, past what PostgreSQL's lock table holds
    const orgs = Array.from({ length: 200 }, (_, i) => ({ org_code: `PBW${i}`, center_code: center }));
    const goods = await on.testDb.db.query<{ sku_no: string }>('SELECT sku_no FROM sku WHERE tenant_id = $1 ORDER BY sku_no LIMIT 300', [TENANT]);
    const moves: Movement[] = orgs.flatMap((o, i) =>
      goods.map((g, j) => ({ org: o.org_code, center: o.center_code, sku: g.sku_no, date: today, time: `${today} 09:00:00`, qty: 1, unitCost: 2, docType: 14, docNo: `PBW-${i}`, itemId: j + 1 })),
    );
    expect(moves.length).toBeGreaterThan(MAX_KEY_LOCKS * 50);
    await on.testDb.db
      .transaction(async (tx) => {
        expect(await postMovements(tx, TENANT, today, moves)).toHaveLength(moves.length);
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
  });

  it('a lot short in the middle of a batch is refused before anything is written', async () => {
    const moves = randomMoves('D', 30);
    const lotted = moves.find((m) => m.newLot)!;
    const short: Movement = { ...lotted, qty: -(lotted.qty + 1), docNo: 'PBD-short', docType: 13, newLot: undefined, lots: [{ lotNo: lotted.lots![0].lotNo, qty: lotted.qty + 1 }], time: `${today} 23:00:00`, date: today };
    let written: Awaited<ReturnType<typeof state>> | undefined;
    let refusal: unknown;
    await on.testDb.db
      .transaction(async (tx) => {
        const before = await state(tx, 'PBD');
        refusal = await postMovements(tx, TENANT, today, [...moves, short]).catch((e: unknown) => e);
        written = await state(tx, 'PBD');
        expect(written).toEqual(before);
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
    expect(written).toBeDefined();
    expect(refusal).toMatchObject({ statusCode: 422, message: POSTING_MESSAGES.lotShort(lotted.lots![0].lotNo, lotted.sku) });
  });
});
