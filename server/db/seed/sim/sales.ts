import { addDays, isoWeekday, timestamp, toDayNumber } from '../../../../engine/dates/calendar';
import { CARDS, SERVICES, type CardOffer } from '../offers';
import type { Rng } from '../prng';
import type { SkuInfo, StoreInfo } from '../world';
import { round2, round4, type RecentSale, type SimContext } from './context';
import type { Member, Members } from './members';
import { choosePayment, writePayments, type PayPart } from './payments';

/** Store sales of one day: POS and online-mall goods orders, returns, virtual orders. */

interface OrderHead {
  order_no: string;
  store: StoreInfo;
  source: 1 | 2;
  kind: 1 | 2;
  virtualType: number | null;
  isReturn: boolean;
  origin: string | null;
  member: Member | null;
  cashier: number;
  time: string;
  total: number;
  discount: number;
  pay: number;
  mixed: boolean;
  status: number;
  prep: number | null;
  delivery: number | null;
  pickup: string | null;
}

interface ItemRow {
  sku_no?: string | null;
  service_no?: string | null;
  card_no?: string | null;
  supplier_no?: string | null;
  qty: number;
  selling_price: number;
  sale_amount: number;
  discount_amount: number;
  /** a service's or card's cost; a goods line's is booked by the posting */
  cost_price: number | null;
  cost_amount: number | null;
  output_tax_rate: number;
  input_tax_rate: number;
  points: number;
}

const SERVICE_BY_NO = new Map(SERVICES.map((s) => [s.no, s]));
const ENABLED_SERVICES = SERVICES.filter((s) => s.enabled);
const GIFT_CARDS = CARDS.filter((c) => c.type === 2);
const PACKAGE_CARDS = CARDS.filter((c) => c.type === 3);
const RECENT_LIMIT = 150;

interface RecentService {
  order_no: string;
  member: Member | null;
  payType: string;
  item: ItemRow;
}

/** Demand multiplier: weekends, festive months and a gentle growth over the history. */
export function dayFactor(date: string, start: string, today: string): number {
  const wd = isoWeekday(date);
  const weekday = wd >= 6 ? 1.25 : wd === 5 ? 1.08 : 0.92;
  const month = Number(date.slice(5, 7));
  const season = month === 1 || month === 2 ? 1.15 : month === 7 || month === 8 ? 1.05 : month === 10 ? 1.08 : 1;
  const span = Math.max(1, toDayNumber(today) - toDayNumber(start));
  const growth = 0.9 + (0.15 * (toDayNumber(date) - toDayNumber(start))) / span;
  return weekday * season * growth;
}

export class StoreSales {
  private recentServices = new Map<string, RecentService[]>();

  constructor(
    private readonly ctx: SimContext,
    private readonly members: Members,
    private readonly mallAccount: number,
  ) {}

  run(store: StoreInfo): void {
    const ctx = this.ctx;
    const rng = ctx.rng('sales', store.store_no);
    const w = ctx.world;
    const mean = w.profile.ordersPerStoreDay * store.factor * dayFactor(ctx.date, w.start, w.today) * (ctx.isToday ? 0.3 : 1);
    const n = rng.poisson(mean);
    const [from, to] = ctx.window('sales');
    const seconds = Array.from({ length: n }, () => rng.range(from, to)).sort((a, b) => a - b);
    for (const s of seconds) {
      const time = timestamp(ctx.date, s);
      const r = rng.float();
      const recent = ctx.recentSales.get(store.store_no);
      if (r < 0.015 && recent?.length) this.goodsReturn(store, rng, time, recent);
      else if (r < 0.03) this.virtualOrder(store, rng, time);
      else this.goodsOrder(store, rng, time, r < (ctx.isToday ? 0.3 : 0.11) ? 2 : 1);
    }
    for (let i = rng.poisson(0.25 * (ctx.isToday ? 0.3 : 1)); i > 0; i--) this.redeemPackage(store, rng, timestamp(ctx.date, rng.range(from, to)));
    if (rng.chance(0.06)) this.serviceRefund(store, rng, timestamp(ctx.date, rng.range(from, to)));
  }

  /** A paid service order refunded in full (report 199's refund amount). */
  private serviceRefund(store: StoreInfo, rng: Rng, time: string): void {
    const recent = this.recentServices.get(store.store_no);
    if (!recent?.length) return;
    const origin = recent.splice(rng.int(0, recent.length - 1), 1)[0];
    const h = this.head(store, rng, time, 1);
    h.kind = 2;
    h.virtualType = 2;
    h.isReturn = true;
    h.origin = origin.order_no;
    h.member = origin.member;
    const it = origin.item;
    const item: ItemRow = { ...it, qty: -it.qty, sale_amount: -it.sale_amount, cost_amount: it.cost_amount === null ? null : -it.cost_amount };
    h.total = item.sale_amount;
    h.pay = item.sale_amount;
    this.write(h, [item], [{ type: origin.payType, amount: h.pay }], rng);
  }

  private head(store: StoreInfo, rng: Rng, time: string, source: 1 | 2): OrderHead {
    return {
      order_no: this.ctx.docNo('XS'),
      store,
      source,
      kind: 1,
      virtualType: null,
      isReturn: false,
      origin: null,
      member: null,
      cashier: source === 2 ? this.mallAccount : rng.pick(store.cashiers),
      time,
      total: 0,
      discount: 0,
      pay: 0,
      mixed: false,
      status: 4,
      prep: null,
      delivery: null,
      pickup: null,
    };
  }

  private goodsOrder(store: StoreInfo, rng: Rng, time: string, source: 1 | 2): void {
    const ctx = this.ctx;
    const h = this.head(store, rng, time, source);
    const member = source === 2 || rng.chance(0.4) ? this.members.pick(rng, time) : null;
    h.member = member;
    if (source === 2) this.mallState(h, rng);

    const lineCount = Math.min(1 + rng.poisson(1.7), store.stocked.length);
    const chosen: SkuInfo[] = [];
    for (let tries = 0; chosen.length < lineCount && tries < lineCount * 4; tries++) {
      const sku = store.stocked[rng.weightedIndex(store.stockedCum)];
      if (!chosen.includes(sku)) chosen.push(sku);
    }
    const lines = chosen.map((sku) => {
      const qty = rng.chance(0.7) ? 1 : rng.chance(0.67) ? 2 : rng.int(3, 6);
      const price = store.prices.get(sku.sku_no)!;
      const gross = round2(qty * price);
      const discount = rng.chance(0.12) ? round2(gross * rng.range(0.05, 0.2)) : 0;
      return { sku, qty, price, gross, discount };
    });
    const gross = round2(lines.reduce((a, l) => a + l.gross, 0));
    if (member) {
      const coupon = this.members.couponFor(member, gross, time);
      if (coupon) {
        const biggest = lines.reduce((a, b) => (b.gross - b.discount > a.gross - a.discount ? b : a));
        biggest.discount = round2(Math.min(biggest.gross - 0.01, biggest.discount + coupon.activity.face));
        this.members.useCoupon(member, coupon, h.order_no, store.org_code, time);
      }
    }

    const items: ItemRow[] = [];
    const recent: RecentSale = { order_no: h.order_no, member, payType: '', lines: [] };
    for (const l of lines) {
      const sale = round2(l.gross - l.discount);
      ctx.shelves.take(ctx.storePosition(store, l.sku), l.qty);
      const points = member ? Math.floor(sale) : 0;
      items.push(this.goodsItem(l.sku, l.qty, l.price, sale, l.discount, points));
      recent.lines.push({ sku: l.sku, qty: l.qty, price: l.price, sale, discount: l.discount, points });
    }
    h.total = gross;
    h.discount = round2(lines.reduce((a, l) => a + l.discount, 0));
    h.pay = round2(gross - h.discount);
    const parts = choosePayment(rng, h.pay, member, source === 2);
    h.mixed = parts.length > 1;
    recent.payType = parts[0].type;
    this.write(h, items, parts, rng);
    if (member) {
      this.members.noteOrder(member, time);
      this.members.addPoints(member, items.reduce((a, it) => a + it.points, 0), h.order_no, store.org_code, time);
    }
    if (source === 1) {
      const list = ctx.recentSales.get(store.store_no) ?? [];
      list.push(recent);
      if (list.length > RECENT_LIMIT) list.shift();
      ctx.recentSales.set(store.store_no, list);
    }
  }

  /** Online-mall order state: today's orders are still being prepared or delivered. */
  private mallState(h: OrderHead, rng: Rng): void {
    const ctx = this.ctx;
    h.delivery = rng.chance(0.6) ? 1 : 2;
    h.pickup = h.delivery === 1 ? rng.pick(h.store.pickups) : null;
    h.prep = 3;
    if (ctx.isToday) {
      const r = rng.float();
      [h.status, h.prep] = r < 0.25 ? [2, 1] : r < 0.6 ? [2, 2] : r < 0.8 ? [3, 3] : [4, 3];
    } else if (ctx.date === addDays(ctx.world.today, -1) && rng.chance(0.15)) {
      h.status = 3;
    }
  }

  private goodsItem(sku: SkuInfo, qty: number, price: number, sale: number, discount: number, points: number): ItemRow {
    return {
      sku_no: sku.sku_no,
      supplier_no: sku.supplier.supplier_no,
      qty,
      selling_price: price,
      sale_amount: sale,
      discount_amount: discount,
      cost_price: null,
      cost_amount: null,
      output_tax_rate: sku.tax,
      input_tax_rate: sku.tax,
      points,
    };
  }

  /** A customer brings back part of one line of a recent order: negative quantities and amounts. */
  private goodsReturn(store: StoreInfo, rng: Rng, time: string, recent: RecentSale[]): void {
    const ctx = this.ctx;
    const origin = recent.splice(rng.int(0, recent.length - 1), 1)[0];
    const line = rng.pick(origin.lines);
    const qty = rng.int(1, line.qty);
    const share = qty / line.qty;
    const h = this.head(store, rng, time, 1);
    h.isReturn = true;
    h.origin = origin.order_no;
    h.member = origin.member;
    const sale = -round2(line.sale * share);
    const discount = -round2(line.discount * share);
    ctx.shelves.add(ctx.storePosition(store, line.sku), qty);
    const points = h.member ? -Math.floor(-sale) : 0;
    h.total = -round2(line.price * qty);
    h.discount = discount;
    h.pay = sale;
    const refundType = origin.payType === 'CARD' || origin.payType === 'POINTS' ? 'CASH' : origin.payType;
    this.write(h, [this.goodsItem(line.sku, -qty, line.price, sale, discount, points)], [{ type: refundType, amount: sale }], rng);
    if (h.member) this.members.addPoints(h.member, points, h.order_no, store.org_code, time);
  }

  private virtualOrder(store: StoreInfo, rng: Rng, time: string): void {
    const h = this.head(store, rng, time, rng.chance(0.2) ? 2 : 1);
    h.kind = 2;
    h.member = this.members.pick(rng, time);
    const m = h.member;
    const r = rng.float();
    let type = r < 0.25 ? 1 : r < 0.6 ? 2 : r < 0.68 ? 3 : r < 0.8 ? 4 : r < 0.9 ? 5 : 6;
    if ((type === 1 || type === 3) && !m) type = 2;
    if (type === 5 && (!m || m.points < 1000)) type = 6;
    h.virtualType = type;
    const org = store.org_code;
    let item: ItemRow;
    if (type === 1) {
      const amount = rng.pick([200, 300, 500, 1000]);
      item = virtualItem({ card_no: CARDS[0].no }, 1, amount, amount, 0, 0);
      this.members.topUp(m!, amount, org, time, h.order_no, rng);
    } else if (type === 2) {
      const sv = rng.pick(ENABLED_SERVICES);
      const qty = rng.chance(0.85) ? 1 : 2;
      const amount = round2(sv.price * qty);
      item = virtualItem({ service_no: sv.no }, qty, sv.price, amount, round2(amount * 0.35), 0.06);
    } else if (type === 3 || type === 4) {
      const card: CardOffer = rng.pick(type === 3 ? PACKAGE_CARDS : GIFT_CARDS);
      item = virtualItem({ card_no: card.no }, 1, card.price, card.price, 0, 0);
      this.members.sellCard(card, m, org, time, h.order_no);
    } else if (type === 5) {
      const points = rng.pick([1000, 2000, 3000]);
      const cash = rng.chance(0.5) ? 0 : 9.9;
      item = virtualItem({}, 1, cash, cash, round2(points / 200), 0.13);
      this.members.addPoints(m!, -points, h.order_no, org, time);
    } else {
      const price = rng.pick([99, 199, 299]);
      item = virtualItem({}, 1, price, price, round2(price * 0.62), 0.13);
    }
    h.total = item.sale_amount;
    h.pay = item.sale_amount;
    if (h.source === 2) this.mallState(h, rng);
    const parts: PayPart[] = h.pay > 0 ? [{ type: rng.pick(['WX', 'ALI', 'CASH', 'UNION']), amount: h.pay }] : [];
    this.write(h, [item], parts, rng);
    if (type === 2 && parts.length) {
      const list = this.recentServices.get(store.store_no) ?? [];
      list.push({ order_no: h.order_no, member: h.member, payType: parts[0].type, item });
      if (list.length > 40) list.shift();
      this.recentServices.set(store.store_no, list);
    }
    if (m) this.members.noteOrder(m, time);
  }

  /** A package card redeemed for its service: a virtual service order paid by the card (pay_amount 0). */
  private redeemPackage(store: StoreInfo, rng: Rng, time: string): void {
    const inst = this.members.packageToRedeem(rng, store.org_code, time);
    if (!inst) return;
    const sv = SERVICE_BY_NO.get(inst.card.service!)!;
    const h = this.head(store, rng, time, 1);
    h.kind = 2;
    h.virtualType = 2;
    h.member = inst.member;
    this.members.redeemPackage(inst, store.org_code, time, h.order_no);
    h.total = sv.price;
    h.discount = sv.price;
    h.pay = 0;
    const item = virtualItem({ service_no: sv.no }, 1, sv.price, 0, round2(sv.price * 0.35), 0.06);
    item.discount_amount = sv.price;
    this.write(h, [item], [], rng);
  }

  private write(h: OrderHead, items: ItemRow[], parts: PayPart[], rng: Rng): void {
    const ctx = this.ctx;
    const date = ctx.date;
    ctx.push('sales_order', {
      tenant_id: ctx.tenantId,
      order_no: h.order_no,
      org_code: h.store.org_code,
      store_no: h.store.store_no,
      order_source: h.source,
      order_kind: h.kind,
      virtual_type: h.virtualType,
      is_return: h.isReturn ? 1 : 0,
      origin_order_no: h.origin,
      member_no: h.member?.member_no ?? null,
      cashier_account_id: h.cashier,
      order_time: h.time,
      business_date: date,
      total_amount: h.total,
      discount_amount: h.discount,
      pay_amount: h.pay,
      is_mixed_payment: h.mixed ? 1 : 0,
      order_status: h.status,
      prep_status: h.prep,
      delivery_mode: h.delivery,
      store_pickup_no: h.pickup,
      fulfil_org_code: h.source === 2 ? h.store.org_code : null,
    });
    // fields listed one by one: an object spread costs a runtime call per property on every sales line
    items.forEach((it, i) =>
      ctx.push('sales_order_item', {
        tenant_id: ctx.tenantId,
        order_no: h.order_no,
        line_no: i + 1,
        business_date: date,
        sku_no: it.sku_no,
        service_no: it.service_no,
        card_no: it.card_no,
        supplier_no: it.supplier_no,
        qty: it.qty,
        selling_price: it.selling_price,
        sale_amount: it.sale_amount,
        discount_amount: it.discount_amount,
        cost_price: it.cost_price,
        cost_amount: it.cost_amount,
        output_tax_rate: it.output_tax_rate,
        input_tax_rate: it.input_tax_rate,
        points: it.points,
      }),
    );
    writePayments(ctx, this.members, rng, { order_no: h.order_no, org: h.store.org_code, cashier: h.cashier, time: h.time, member: h.member }, parts);
  }
}

function virtualItem(
  ref: { service_no?: string; card_no?: string },
  qty: number,
  price: number,
  sale: number,
  cost: number,
  outputTax: number,
): ItemRow {
  return {
    sku_no: null,
    service_no: ref.service_no ?? null,
    card_no: ref.card_no ?? null,
    supplier_no: null,
    qty,
    selling_price: price,
    sale_amount: sale,
    discount_amount: 0,
    cost_price: qty ? round4(cost / qty) : 0,
    cost_amount: cost,
    output_tax_rate: outputTax,
    input_tax_rate: 0,
    points: 0,
  };
}
