import type { Db } from '../types';
import { addDays, compactDate } from '../../../engine/dates/calendar';
import { PAY_TYPE } from './offers';
import type { SeedRow, Writer } from './sink';

/**
 * Today's extra sales facts the real-time reports show by default (today is the last simulated day,
 * so appending keeps the fact tables in date order). Read back from the seeded tenant, so the rows
 * refer to its own stores, members, cards and stock, and are the same for the same seed:
 * - a virtual order of every kind (1 top-up … 6 promotion gift pack) at the first two selling stores
 *   (reports 90 / 91), with their card, points and member effects;
 * - online-mall orders being prepared at the first store, one of them short of stock (report 111, 197);
 * - plus-member cards sold today, one a renewal (report 161);
 * - a member registered today whose first order is today (report 41).
 * Goods lines leave their cost empty: the loader posts them and books it.
 */

interface Store {
  store_no: string;
  org_code: string;
  cashier: number;
}
interface Member {
  member_no: string;
  points_balance: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
/** Ids above the simulation's running numbers (tenant × 10^10 + n, n < 9 × 10^9). */
const extraId = (tenantId: number, n: number) => tenantId * 10_000_000_000 + 9_000_000_000 + n;

export async function seedExtraSales(db: Db, w: Writer, tenantId: number, today: string): Promise<void> {
  const q = <T>(sql: string, params: unknown[] = []) => db.query<T>(sql, [tenantId, ...params]);
  const stores = await q<Store>(
    `SELECT s.store_no, s.org_code,
            (SELECT MIN(o.cashier_account_id) FROM sales_order o
              WHERE o.tenant_id = s.tenant_id AND o.org_code = s.org_code AND o.order_source = 1) AS cashier
       FROM store s
      WHERE s.tenant_id = $1
        AND EXISTS (SELECT 1 FROM sales_order o WHERE o.tenant_id = s.tenant_id AND o.org_code = s.org_code AND o.business_date = CAST($2 AS DATE))
      ORDER BY s.store_no LIMIT 2`,
    [today],
  );
  const members = await q<Member>(
    `SELECT member_no, points_balance FROM member WHERE tenant_id = $1 AND register_time < CAST($2 AS TIMESTAMP)
      ORDER BY points_balance DESC, member_no LIMIT 4`,
    [`${today} 00:00:00`],
  );
  if (stores.length === 0 || members.length < 4) return;

  let seq = 0;
  let ids = 0;
  const orderNo = () => `XE${tenantId}${compactDate(today)}${String(++seq).padStart(6, '0')}`;
  const at = (minute: number) => `${today} ${String(9 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
  const push = (table: string, row: SeedRow) => w.push(table, { tenant_id: tenantId, ...row });

  function order(head: SeedRow & { order_no: string; store: Store; time: string; member_no: string | null }, items: SeedRow[]): void {
    const { store, time, ...rest } = head;
    const pay = round2(items.reduce((a, it) => a + Number(it.sale_amount), 0));
    const discount = round2(items.reduce((a, it) => a + Number(it.discount_amount ?? 0), 0));
    push('sales_order', {
      org_code: store.org_code,
      store_no: store.store_no,
      order_source: 1,
      order_kind: 1,
      is_return: 0,
      cashier_account_id: store.cashier,
      order_time: time,
      business_date: today,
      total_amount: round2(pay + discount),
      discount_amount: discount,
      pay_amount: pay,
      is_mixed_payment: 0,
      order_status: 4,
      ...rest,
    });
    items.forEach((it, i) => push('sales_order_item', { order_no: head.order_no, line_no: i + 1, business_date: today, discount_amount: 0, input_tax_rate: 0, points: 0, ...it }));
    if (pay > 0) {
      const wx = PAY_TYPE.get('WX')!;
      push('sales_payment', {
        order_no: head.order_no,
        pay_line: 1,
        pay_type: wx.code,
        show_status: wx.showStatus,
        pay_amount: pay,
        fee_amount: round2(pay * wx.feeRate),
        trade_no: `42${tenantId}${compactDate(today)}${String(seq).padStart(8, '0')}`,
        pay_time: time,
      });
    }
  }

  const cardTxn = (row: SeedRow) => push('card_transaction', { txn_id: extraId(tenantId, ++ids), ...row });

  // a member registered today, whose first order is the gift pack below
  const [level] = await q<{ level_no: string }>('SELECT level_no FROM member_level WHERE tenant_id = $1 ORDER BY sort, level_no LIMIT 1');
  const newcomer = `MX${tenantId}01`;
  const firstTime = at(20);
  push('member', {
    member_no: newcomer,
    member_name: '新会员',
    phone: `199${String(tenantId).padStart(8, '0')}`,
    level_no: level?.level_no ?? null,
    member_attribute: '1',
    register_org_code: stores[0].org_code,
    register_time: at(0),
    first_order_time: firstTime,
    is_plus: 0,
    points_balance: 0,
    created_at: at(0),
    updated_at: at(0),
  });

  // virtual orders of every kind
  const services = await q<{ service_no: string; service_price: number }>(
    "SELECT service_no, service_price FROM service WHERE tenant_id = $1 AND service_status = '1' ORDER BY service_no",
  );
  const cards = await q<{ card_no: string; card_type: number; face_value: number; price: number; times: number | null }>(
    'SELECT card_no, card_type, face_value, price, times FROM card WHERE tenant_id = $1 ORDER BY card_no',
  );
  const stored = cards.find((c) => c.card_type === 1);
  const gift = cards.find((c) => c.card_type === 2);
  const pack = cards.find((c) => c.card_type === 3);
  const [rich] = members;
  for (const [s, store] of stores.entries()) {
    const member = members[s + 1];
    const virtual = (type: number, minute: number, memberNo: string | null, item: SeedRow) => {
      const no = orderNo();
      order({ order_no: no, store, time: at(minute), member_no: memberNo, order_kind: 2, virtual_type: type }, [item]);
      return no;
    };
    if (stored) {
      const no = virtual(1, 30 + s, member.member_no, { card_no: stored.card_no, qty: 1, selling_price: 300, sale_amount: 300, cost_price: 0, cost_amount: 0, output_tax_rate: 0 });
      const [inst] = await q<{ card_instance_no: string }>(
        'SELECT card_instance_no FROM member_card WHERE tenant_id = $1 AND member_no = $2 AND card_no = $3 ORDER BY card_instance_no LIMIT 1',
        [member.member_no, stored.card_no],
      );
      const instance = inst?.card_instance_no ?? `CIX${tenantId}${s + 1}`;
      if (inst) await db.query('UPDATE member_card SET balance = balance + 300 WHERE tenant_id = $1 AND card_instance_no = $2', [tenantId, instance]);
      else push('member_card', { card_instance_no: instance, card_no: stored.card_no, member_no: member.member_no, issue_org_code: store.org_code, balance: 300, status: 1, issue_time: at(30 + s) });
      cardTxn({ card_instance_no: instance, card_no: stored.card_no, member_no: member.member_no, org_code: store.org_code, txn_type: 1, amount: 300, order_no: no, txn_time: at(30 + s) });
    }
    const service = services[s % Math.max(1, services.length)];
    if (service) {
      const price = Number(service.service_price);
      virtual(2, 40 + s, member.member_no, {
        service_no: service.service_no, qty: 1, selling_price: price, sale_amount: price, cost_price: round2(price * 0.35), cost_amount: round2(price * 0.35), output_tax_rate: 0.06,
      });
    }
    for (const [type, card, minute] of [[3, pack, 50], [4, gift, 60]] as const) {
      if (!card) continue;
      const price = Number(card.price);
      const no = virtual(type, minute + s, member.member_no, { card_no: card.card_no, qty: 1, selling_price: price, sale_amount: price, cost_price: 0, cost_amount: 0, output_tax_rate: 0 });
      const instance = `CIX${tenantId}${type}${s + 1}`;
      const value = card.card_type === 3 ? price : Number(card.face_value);
      push('member_card', {
        card_instance_no: instance, card_no: card.card_no, member_no: member.member_no, issue_org_code: store.org_code,
        balance: value, remaining_times: card.times, status: 1, issue_time: at(minute + s),
      });
      cardTxn({ card_instance_no: instance, card_no: card.card_no, member_no: member.member_no, org_code: store.org_code, txn_type: 1, amount: value, order_no: no, txn_time: at(minute + s) });
    }
    const exchanged = virtual(5, 70 + s, rich.member_no, { qty: 1, selling_price: 9.9, sale_amount: 9.9, cost_price: 5, cost_amount: 5, output_tax_rate: 0.13 });
    push('member_points_ledger', { id: extraId(tenantId, ++ids), member_no: rich.member_no, org_code: store.org_code, order_no: exchanged, points: -1000, biz_time: at(70 + s) });
    await db.query('UPDATE member SET points_balance = points_balance - 1000 WHERE tenant_id = $1 AND member_no = $2', [tenantId, rich.member_no]);
    virtual(6, s === 0 ? 20 : 80 + s, s === 0 ? newcomer : member.member_no, { qty: 1, selling_price: 199, sale_amount: 199, cost_price: 123.38, cost_amount: 123.38, output_tax_rate: 0.13 });
  }

  // online-mall orders being prepared at the first store; the second asks for more than is in stock
  const home = stores[0];
  const skus = await q<{ sku_no: string; usable_num: number; selling_price: number; tax: number; supplier_no: string }>(
    `SELECT k.sku_no, k.usable_num, so.selling_price, s.output_tax_rate AS tax, s.supplier_no
       FROM stock k
       JOIN sku_org so ON so.tenant_id = k.tenant_id AND so.org_code = k.org_code AND so.sku_no = k.sku_no
       JOIN sku s ON s.tenant_id = k.tenant_id AND s.sku_no = k.sku_no
      WHERE k.tenant_id = $1 AND k.org_code = $2 AND k.usable_num > 0
      ORDER BY k.sku_no LIMIT 2`,
    [home.org_code],
  );
  const [pickup] = await q<{ store_pickup_no: string }>('SELECT store_pickup_no FROM store_pickup WHERE tenant_id = $1 AND org_code = $2 ORDER BY store_pickup_no LIMIT 1', [home.org_code]);
  const [mall] = await q<{ account_id: number }>("SELECT account_id FROM account WHERE tenant_id = $1 AND username = 'mall'");
  const line = (sku: (typeof skus)[number], qty: number) => ({
    sku_no: sku.sku_no, supplier_no: sku.supplier_no, qty, selling_price: Number(sku.selling_price), sale_amount: round2(qty * Number(sku.selling_price)),
    cost_price: null, cost_amount: null, output_tax_rate: Number(sku.tax), input_tax_rate: Number(sku.tax),
  });
  if (skus.length === 2 && mall) {
    const mallHead = (minute: number, memberNo: string, delivery: 1 | 2) => ({
      order_no: orderNo(), store: home, time: at(minute), member_no: memberNo, order_source: 2, cashier_account_id: mall.account_id,
      order_status: 2, prep_status: 2, delivery_mode: delivery, store_pickup_no: delivery === 1 ? (pickup?.store_pickup_no ?? null) : null, fulfil_org_code: home.org_code,
    });
    order(mallHead(90, members[1].member_no, 1), [line(skus[0], 1), line(skus[1], 2)]);
    // short by more than the document screens' approved receipts later add to the store's stock
    order(mallHead(95, members[2].member_no, 2), [line(skus[0], Number(skus[0].usable_num) + 50)]);
  }

  // plus-member cards sold today: a first purchase and a renewal
  const plusCards = await q<{ plus_card_no: string; price: number; valid_days: number }>('SELECT plus_card_no, price, valid_days FROM plus_member_card WHERE tenant_id = $1 ORDER BY plus_card_no');
  const [renewing] = await q<{ member_no: string; end_date: string }>(
    'SELECT member_no, MAX(end_date) AS end_date FROM plus_member_subscription WHERE tenant_id = $1 AND refund_amount = 0 GROUP BY member_no ORDER BY member_no LIMIT 1',
  );
  const sub = (n: number, card: (typeof plusCards)[number], memberNo: string, store: Store, renewal: boolean, start: string) =>
    push('plus_member_subscription', {
      sub_no: `PX${tenantId}${compactDate(today)}${String(n).padStart(4, '0')}`, plus_card_no: card.plus_card_no, member_no: memberNo, org_code: store.org_code,
      amount: Number(card.price), refund_amount: 0, is_renewal: renewal ? 1 : 0, buy_time: at(100 + n), start_date: start, end_date: addDays(start, Number(card.valid_days) - 1),
    });
  if (plusCards.length) {
    sub(1, plusCards[0], members[3].member_no, stores[0], false, today);
    await db.query('UPDATE member SET is_plus = 1 WHERE tenant_id = $1 AND member_no = $2', [tenantId, members[3].member_no]);
    if (renewing) {
      const start = renewing.end_date >= today ? addDays(renewing.end_date, 1) : today;
      sub(2, plusCards[plusCards.length - 1], renewing.member_no, stores[stores.length - 1], true, start);
      await db.query('UPDATE member SET is_plus = 1 WHERE tenant_id = $1 AND member_no = $2', [tenantId, renewing.member_no]);
    }
  }
  await w.flushAll();
}
