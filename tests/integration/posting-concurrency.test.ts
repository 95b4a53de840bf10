/**
 * Postings side by side (server/stock/posting.ts, db/tenant-lock.ts): 8 stores × 20 approvals sent at
 * once — receipts opening lots, adjustments out at the moving average, store outbounds consuming the
 * same lots beyond their stock (an older lot covers what the adjustments, naming no lots, take of the
 * raced goods item) — with every document's lines in a shuffled order, so two postings take
 * the same positions in opposite orders. None deadlocks or answers 5xx; each lot refuses exactly the
 * outbounds it cannot cover; afterwards every position equals its ledger, no lot is below zero and the
 * daily snapshots equal a rebuild from the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail } from '../../engine/document/wire';
import { addDays } from '../../engine/dates/calendar';
import { today as businessToday } from '../../server/clock';
import { Rng } from '../../server/db/seed/prng';
import { bearer, startWithAccounts, type TestServer } from './server';
import { dialectUnderTest } from './testdb';

const TENANT = 10139;
const STORES = 8;
const today = businessToday();
const yesterday = addDays(today, -1);
const at = (hour: number, minute = 0) => `${yesterday} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
/** each lot holds this much; five outbounds of OUT_QTY race for it, so two are refused */
const LOT_QTY = 40;
const OUT_QTY = 12;

let env: Awaited<ReturnType<typeof startWithAccounts>>;
let s: TestServer;
let token: string;
let stores: string[];
let skus: string[];
let reason: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => s.testDb.db.query<T>(sql, params);

async function create(type: string, header: Record<string, unknown>, lines: Record<string, unknown>[]): Promise<string> {
  const res = await call('POST', `/api/documents/${type}`, { header, lines });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: DocumentDetail }).data.no;
}
async function submit(type: string, no: string): Promise<void> {
  const res = await call('POST', `/api/documents/${type}/${no}/submit`);
  expect(res.statusCode, res.body).toBe(200);
}
const approve = (type: string, no: string) => call('POST', `/api/documents/${type}/${no}/audit`, { status: '1', remark: '同意' });

beforeAll(async () => {
  env = await startWithAccounts([['admin', 'admin', 'HMT', String(TENANT)]]);
  s = env.server;
  token = env.tokens.admin;
  stores = (await q<{ org_code: string }>('SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY org_code LIMIT $2', [TENANT, STORES])).map((r) => r.org_code);
  skus = (await q<{ sku_no: string }>("SELECT sku_no FROM sku WHERE tenant_id = $1 AND supplier_no = 'V001' ORDER BY sku_no LIMIT 4", [TENANT])).map((r) => r.sku_no);
  reason = String((await q<{ reason_code: string }>('SELECT reason_code FROM adjustment_reason WHERE tenant_id = $1 ORDER BY reason_code LIMIT 1', [TENANT]))[0].reason_code);
}, 300_000);
afterAll(() => env?.close());

function shuffled<T>(rng: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe(`${STORES} stores × 20 approvals at once (${dialectUnderTest})`, () => {
  it('post without deadlock; positions equal the ledger, no lot below zero, snapshots equal a rebuild', async () => {
    const rng = new Rng('concurrent-postings');
    /** a raced document, with the quantity each of its lines moves (signed: out is negative) */
    const race: { type: string; no: string; lines: { sku_no: string; qty: number }[]; lot?: string }[] = [];
    for (const org of stores) {
      // the lots the outbounds will race for
      const opening = await create('purchase-receipt', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(7) }, skus.map((sku_no) => ({ sku_no, qty: LOT_QTY, price: 5, input_tax_rate: 0.13 })));
      await submit('purchase-receipt', opening);
      expect((await approve('purchase-receipt', opening)).statusCode).toBe(200);
      const [{ lot_no: lot }] = await q<{ lot_no: string }>('SELECT lot_no FROM stock_ledger WHERE tenant_id = $1 AND doc_no = $2 AND sku_no = $3', [TENANT, opening, skus[0]]);
      for (let i = 0; i < 8; i++) {
        const lines = shuffled(rng, skus).slice(0, 3).map((sku_no) => ({ sku_no, qty: rng.int(2, 5), price: rng.int(300, 900) / 100, input_tax_rate: 0.13 }));
        race.push({ type: 'purchase-receipt', no: await create('purchase-receipt', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(9, i) }, lines), lines });
      }
      let adjustedOut = 0;
      for (let i = 0; i < 7; i++) {
        const lines = shuffled(rng, skus).slice(0, 3).map((sku_no) => ({ sku_no, qty: rng.int(5, 15), cost_price: 1 }));
        adjustedOut += lines.filter((l) => l.sku_no === skus[0]).reduce((a, l) => a + l.qty, 0);
        race.push({
          type: 'stock-adjustment',
          no: await create('stock-adjustment', { org_code: org, direction: '2', reason_code: reason, adjust_time: at(10, i) }, lines),
          lines: lines.map((l) => ({ sku_no: l.sku_no, qty: -l.qty })),
        });
      }
      // The adjustments name no lots, so they take the position's oldest lots (server/stock/oldest-lots.ts).
      // A lot received before the raced one covers all they take of its goods item, whatever the seed
      // left at the store, so the raced lot is the outbounds' alone and refuses exactly the two of them
      // it cannot cover, in whatever order the approvals land.
      if (adjustedOut > 0) {
        const cover = await create('purchase-receipt', { receive_type: '1', supplier_no: 'V001', org_code: org, receive_time: at(6) }, [{ sku_no: skus[0], qty: adjustedOut, price: 5, input_tax_rate: 0.13 }]);
        await submit('purchase-receipt', cover);
        expect((await approve('purchase-receipt', cover)).statusCode).toBe(200);
      }
      for (let i = 0; i < 5; i++) {
        const no = await create('store-outbound', { org_code: org, issue_type: '13', issue_time: at(11, i) }, [{ sku_no: skus[0], qty: OUT_QTY, cost_price: 1 }]);
        const put = await call('PUT', `/api/documents/store-outbound/${no}/lots`, { sku_no: skus[0], business_item_id: 1, rows: [{ lot_no: lot, change_stock_num: String(OUT_QTY) }] });
        expect(put.statusCode, put.body).toBe(200);
        race.push({ type: 'store-outbound', no, lines: [{ sku_no: skus[0], qty: -OUT_QTY }], lot });
      }
    }
    for (const d of race) await submit(d.type, d.no);

    const answers = await Promise.all(shuffled(rng, race).map(async (d) => ({ d, res: await approve(d.type, d.no) })));
    expect(answers.filter((a) => a.res.statusCode >= 500).map((a) => a.res.body)).toEqual([]);
    expect(answers.filter((a) => a.d.type !== 'store-outbound').every((a) => a.res.statusCode === 200)).toBe(true);
    const refused = answers.filter((a) => a.res.statusCode !== 200);
    expect(refused).toHaveLength(STORES * 2);
    for (const a of refused) expect((a.res.json() as { message: string }).message).toBe(`批次${a.d.lot}（商品${skus[0]}）库存不足，不能出库`);
    // each raced lot moved by its receipt and the outbounds it let through only, and holds what they left
    const raced = [...new Set(race.filter((d) => d.lot).map((d) => d.lot!))];
    expect(raced).toHaveLength(STORES);
    for (const lot of raced) {
      const through = answers.filter((a) => a.d.lot === lot && a.res.statusCode === 200).map((a) => a.d.no);
      const moves = await q<{ doc_type: number; qty: number }>('SELECT doc_type, qty FROM stock_ledger WHERE tenant_id = $1 AND lot_no = $2 ORDER BY ledger_id', [TENANT, lot]);
      expect(moves.map((m) => [Number(m.doc_type), Number(m.qty)]), lot).toEqual([[1, LOT_QTY], ...through.map(() => [13, -OUT_QTY])]);
      const [held] = await q<{ stock_num: number }>('SELECT stock_num FROM lot_stock WHERE tenant_id = $1 AND lot_no = $2', [TENANT, lot]);
      expect(Number(held?.stock_num ?? 0), lot).toBe(LOT_QTY - through.length * OUT_QTY);
      expect(LOT_QTY - through.length * OUT_QTY, lot).toBeLessThan(OUT_QTY);
    }

    // each approved document posted once, each refused one not at all: a line may touch several lots
    // (one ledger row each: the adjustments take the oldest), so its rows add up to its quantity
    const ledgerLines = await q<{ doc_no: string; doc_item_id: number; sku_no: string; qty: number }>(
      `SELECT doc_no, doc_item_id, sku_no, SUM(qty) AS qty FROM stock_ledger WHERE tenant_id = $1 AND doc_no IN (${race.map((_, i) => `$${i + 2}`).join(', ')})
        GROUP BY doc_no, doc_item_id, sku_no`,
      [TENANT, ...race.map((d) => d.no)],
    );
    const bySku = (xs: { sku_no: string; qty: number }[]) => xs.map((x) => [x.sku_no, Number(x.qty)]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    for (const a of answers) {
      const rows = ledgerLines.filter((r) => r.doc_no === a.d.no);
      expect(new Set(rows.map((r) => String(r.doc_item_id))).size, a.d.no).toBe(rows.length);
      expect(bySku(rows), a.d.no).toEqual(a.res.statusCode === 200 ? bySku(a.d.lines) : []);
    }

    const orgList = stores.map((_, i) => `$${i + 2}`).join(', ');
    const skuList = skus.map((_, i) => `$${i + 2 + stores.length}`).join(', ');
    const scope = [TENANT, ...stores, ...skus];
    const positions = await q(
      `SELECT s.org_code, s.center_code, s.sku_no, s.stock_num, s.stock_amount, l.qty, l.amount
         FROM stock s
         LEFT JOIN (SELECT org_code, center_code, sku_no, SUM(qty) AS qty, SUM(amount + cost_diff_amount) AS amount FROM stock_ledger WHERE tenant_id = $1 GROUP BY 1, 2, 3) l
           ON l.org_code = s.org_code AND l.center_code = s.center_code AND l.sku_no = s.sku_no
        WHERE s.tenant_id = $1 AND s.org_code IN (${orgList}) AND s.sku_no IN (${skuList}) AND (s.stock_num <> COALESCE(l.qty, 0) OR s.stock_amount <> COALESCE(l.amount, 0))`,
      scope,
    );
    expect(positions).toEqual([]);
    expect(await q('SELECT lot_no, org_code, stock_num FROM lot_stock WHERE tenant_id = $1 AND stock_num < 0', [TENANT])).toEqual([]);
    const lots = await q(
      `SELECT s.lot_no, s.org_code, s.stock_num, l.qty FROM lot_stock s
         JOIN (SELECT lot_no, org_code, center_code, SUM(qty) AS qty FROM stock_ledger WHERE tenant_id = $1 AND lot_no IS NOT NULL GROUP BY 1, 2, 3) l
           ON l.lot_no = s.lot_no AND l.org_code = s.org_code AND l.center_code = s.center_code
        WHERE s.tenant_id = $1 AND s.org_code IN (${orgList}) AND s.stock_num <> l.qty`,
      [TENANT, ...stores],
    );
    expect(lots).toEqual([]);
    for (const [table, keys] of [['stock_daily_snapshot', 'org_code, center_code, sku_no'], ['lot_stock_daily_snapshot', 'org_code, center_code, sku_no, lot_no']] as const) {
      const on = keys.split(', ').map((k) => `l.${k} = s.${k}`).join(' AND ');
      const wrong = await q(
        `WITH l AS (SELECT ${keys}, biz_date, SUM(qty) AS qty, SUM(amount + cost_diff_amount) AS amount FROM stock_ledger
                     WHERE tenant_id = $1 AND org_code IN (${orgList}) AND sku_no IN (${skuList}) GROUP BY ${keys}, biz_date)
         SELECT s.biz_date, ${keys.split(', ').map((k) => `s.${k}`).join(', ')}, s.qty, s.amount,
                (SELECT SUM(l.qty) FROM l WHERE ${on} AND l.biz_date <= s.biz_date) AS ledger_qty,
                (SELECT SUM(l.amount) FROM l WHERE ${on} AND l.biz_date <= s.biz_date) AS ledger_amount
           FROM ${table} s
          WHERE s.tenant_id = $1 AND s.org_code IN (${orgList}) AND s.sku_no IN (${skuList}) AND s.biz_date >= CAST('${yesterday}' AS DATE)`,
        scope,
      );
      const off = wrong.filter((r) => Number(r.qty) !== Number(r.ledger_qty ?? 0) || Math.abs(Number(r.amount) - Number(r.ledger_amount ?? 0)) > 0.00005);
      expect(wrong.length, table).toBeGreaterThan(0);
      expect(off, table).toEqual([]);
    }
  }, 600_000);
});
