import { addDays, isoWeekday, monthOf, timestamp } from '../../../../engine/dates/calendar';
import type { Rng } from '../prng';
import { centerDemand, type CenterInfo, type RouteInfo, type SkuInfo } from '../world';
import { round2, type PendingPurchase, type PendingStoreOrder, type SimContext } from './context';

/** Replenishment: purchase orders and receipts at the centres, store orders, distribution, direct delivery. */

const STORE_PAY_TYPES = [0, 1, 15, 16, 18];
export const DORDER_GROUPS = ['常温商品', '冷链商品', '日化百货'];

export const settlementNo = (tenantId: number, partyType: number, partyNo: string, month: string) =>
  `JS${tenantId}${partyType}${partyNo}${month.replace('-', '')}`;

/** Settled documents carry their settlement number: every month before the current one is settled. */
function settlementFor(ctx: SimContext, partyType: number, partyNo: string): string | null {
  const month = monthOf(ctx.date);
  return month < monthOf(ctx.world.today) ? settlementNo(ctx.tenantId, partyType, partyNo, month) : null;
}

const groupOf = (sku: SkuInfo) => (sku.leaf.fresh ? 2 : sku.leaf.l1 === '日化' || sku.leaf.l1 === '家居百货' || sku.leaf.l1 === '母婴' ? 3 : 1);
const storeOrderPrice = (sku: SkuInfo) => round2(sku.buy * 1.04);

export class Supply {
  private readonly centerDemand: Map<string, Map<string, number>>;
  private routeShipments = new Map<string, { route: RouteInfo; stops: { org: string; doc: string; qty: number }[] }>();

  constructor(private readonly ctx: SimContext) {
    this.centerDemand = new Map(ctx.world.centers.map((c) => [c.center_code, centerDemand(c)]));
  }

  centralSkus(center: CenterInfo): SkuInfo[] {
    const demand = this.centerDemand.get(center.center_code)!;
    return this.ctx.world.skus.filter((s) => demand.has(s.sku_no));
  }

  /**
   * Opening stock on the first day: the centres receive it from their suppliers (only a receipt opens
   * lots), the stores book it as stock adjustments in (reason R01) at the price they buy from the centre.
   */
  opening(): void {
    const ctx = this.ctx;
    const rng = ctx.rng('opening');
    const time = `${ctx.date} 00:10:00`;
    for (const c of ctx.world.centers) {
      const demand = this.centerDemand.get(c.center_code)!;
      const bySupplier = new Map<string, { sku: SkuInfo; qty: number }[]>();
      for (const sku of this.centralSkus(c)) {
        const list = bySupplier.get(sku.supplier.supplier_no) ?? bySupplier.set(sku.supplier.supplier_no, []).get(sku.supplier.supplier_no)!;
        list.push({ sku, qty: Math.max(sku.caseQty, Math.ceil(demand.get(sku.sku_no)! * 10)) });
      }
      for (const [supplierNo, lines] of bySupplier) {
        const po: PendingPurchase = { po_no: ctx.docNo('CG'), center: c, store: null, supplier_no: supplierNo, source: '1', lines, urgent: false, orderTime: time };
        this.receipt(po, 1, c.org_code, c.center_code, time, rng, true);
      }
    }
    for (const st of ctx.world.sellingStores) {
      const adjustNo = ctx.docNo('TZ');
      this.adjustmentHead(adjustNo, st.org_code, st.center_code, 1, 'R01', time);
      st.stocked.forEach((sku, i) => {
        const qty = Math.max(1, Math.ceil(st.demand.get(sku.sku_no)! * 6));
        ctx.shelves.add(ctx.storePosition(st, sku), qty);
        this.adjustmentItem(adjustNo, i + 1, sku, qty, storeOrderPrice(sku));
      });
    }
  }

  adjustmentHead(adjustNo: string, org: string, center: string, direction: 1 | 2, reason: string, time: string): void {
    this.ctx.push('stock_adjustment', {
      tenant_id: this.ctx.tenantId,
      adjust_no: adjustNo,
      org_code: org,
      center_code: center,
      direction,
      reason_code: reason,
      adjust_time: time,
      status: 2,
      created_at: time,
      updated_at: time,
    });
  }

  /** An adjustment line without a lot; `cost` is an inbound's unit cost (none: the moving average), an outbound's is booked. */
  adjustmentItem(adjustNo: string, lineId: number, sku: SkuInfo, qty: number, cost: number | null): void {
    this.ctx.push('stock_adjustment_item', { tenant_id: this.ctx.tenantId, adjust_no: adjustNo, line_id: lineId, sku_no: sku.sku_no, lot_no: null, qty, cost_price: cost });
  }

  /** A new lot's number and dates; the posting opens it from the receipt line. */
  private newLot(sku: SkuInfo, rng: Rng): { lotNo: string; produced: string; expires: string } {
    const produced = addDays(this.ctx.date, -rng.int(0, Math.max(0, Math.floor(sku.shelfDays / 5))));
    return { lotNo: this.ctx.docNo('LT'), produced, expires: addDays(produced, sku.shelfDays) };
  }

  /** Morning: ship yesterday's store orders, receive due purchase orders and direct deliveries. */
  morning(): void {
    this.ship();
    this.receivePurchases();
    this.directDeliveries();
  }

  private ship(): void {
    const ctx = this.ctx;
    const t = ctx.tenantId;
    const rng = ctx.rng('ship');
    this.routeShipments.clear();
    const orders = ctx.pendingStoreOrders;
    ctx.pendingStoreOrders = [];
    // the trucks leave in time order, and the pickers pick in that order: the lots each names are the ones left
    const departures = orders.map((o) => ({ o, shipTime: ctx.time('ship', rng), receiveTime: ctx.time('storeReceive', rng) }));
    departures.sort((a, b) => (a.shipTime < b.shipTime ? -1 : a.shipTime > b.shipTime ? 1 : 0));
    for (const { o, shipTime, receiveTime } of departures) {
      const st = o.store;
      const c = st.lc;
      const oubNo = ctx.docNo('PS');
      let lineId = 0;
      let totalQty = 0;
      let totalAmount = 0;
      const packLines: { sku: SkuInfo; qty: number }[] = [];
      for (const l of o.lines) {
        // the picker names the lots, oldest first, a line per lot; stock in no lot goes last, on a line without one
        const parts = ctx.shelves.pick(ctx.centerPosition(c, l.sku), l.qty);
        const shipped = parts.reduce((a, p) => a + p.qty, 0);
        l.shipped = shipped;
        ctx.shelves.add(ctx.storePosition(st, l.sku), shipped);
        for (const part of parts) {
          lineId++;
          const amount = round2(part.qty * l.price);
          ctx.push('distribution_order_item', { tenant_id: t, oub_no: oubNo, line_id: lineId, sku_no: l.sku.sku_no, lot_no: part.lotNo, qty: part.qty, amount });
          totalQty += part.qty;
          totalAmount += amount;
        }
        if (shipped > 0) packLines.push({ sku: l.sku, qty: shipped });
      }
      this.writeStoreOrder(o, 2);
      if (totalQty === 0) continue;
      const cartons = Math.max(1, Math.ceil(totalQty / 12));
      ctx.push('distribution_order', {
        tenant_id: t,
        oub_no: oubNo,
        center_code: c.center_code,
        to_org_code: st.org_code,
        dorder_no: o.dorder_no,
        delivery_route_no: st.route?.route_no ?? null,
        ship_time: shipTime,
        cartons,
        status: 2,
        created_at: shipTime,
        updated_at: receiveTime,
      });
      if (st.store_type !== 1) ctx.addMonthDoc(2, st.store_no, { docType: 2, docNo: oubNo, amount: round2(totalAmount), org: c.org_code });
      this.packing(c, oubNo, packLines, rng);
      if (st.route) {
        const entry = this.routeShipments.get(st.route.route_no) ?? { route: st.route, stops: [] };
        entry.stops.push({ org: st.org_code, doc: oubNo, qty: totalQty });
        this.routeShipments.set(st.route.route_no, entry);
      }
    }
    for (const { route, stops } of this.routeShipments.values()) this.tour(route, 1, stops, ctx.time('ship', rng), rng);
  }

  writeStoreOrder(o: PendingStoreOrder, status: number): void {
    const ctx = this.ctx;
    const t = ctx.tenantId;
    let amount = 0;
    for (const l of o.lines) {
      const lineAmount = round2(l.qty * l.price);
      amount += lineAmount;
      ctx.push('store_order_item', {
        tenant_id: t,
        dorder_no: o.dorder_no,
        line_id: l.lineId,
        sku_no: l.sku.sku_no,
        qty: l.qty,
        price: l.price,
        amount: lineAmount,
        shipped_qty: status === 2 ? l.shipped : 0,
      });
    }
    ctx.push('store_order', {
      tenant_id: t,
      dorder_no: o.dorder_no,
      store_no: o.store.store_no,
      org_code: o.store.org_code,
      center_code: o.store.lc.center_code,
      status,
      pay_type: o.payType,
      dorder_group_id: o.groupId,
      order_time: o.time,
      amount: round2(amount),
      created_at: o.time,
      updated_at: o.time,
    });
  }

  private packing(c: CenterInfo, oubNo: string, lines: { sku: SkuInfo; qty: number }[], rng: Rng): void {
    const ctx = this.ctx;
    if (lines.length === 0 || c.pickers.length === 0) return;
    const packingNo = ctx.docNo('JH');
    const [from, to] = ctx.window('pack');
    const start = rng.range(from, to - 1800);
    const minutes = 3 + lines.length * rng.range(0.4, 0.9);
    ctx.push('packing_order', {
      tenant_id: ctx.tenantId,
      packing_no: packingNo,
      center_code: c.center_code,
      packing_type: lines.length > 12 ? 2 : 1,
      picker_account_id: rng.pick(c.pickers),
      oub_no: oubNo,
      start_time: timestamp(ctx.date, start),
      finish_time: timestamp(ctx.date, start + minutes * 60),
      status: 2,
    });
    lines.forEach((l, i) =>
      ctx.push('packing_order_item', {
        tenant_id: ctx.tenantId,
        packing_no: packingNo,
        line_id: i + 1,
        sku_no: l.sku.sku_no,
        location_no: locationNo(c, l.sku),
        qty: l.qty,
      }),
    );
  }

  /** A vehicle tour along a route: tour_type 1 deliveries (morning), 2 store-return pickups (evening). */
  tour(route: RouteInfo, type: 1 | 2, stops: { org: string; doc: string; qty: number }[], depart: string, rng: Rng): void {
    const ctx = this.ctx;
    const c = route.center;
    const tourNo = ctx.docNo('TC');
    const qty = stops.reduce((a, s) => a + s.qty, 0);
    const mileage = round2(25 + stops.length * rng.range(8, 18));
    const back = new Date(`${depart.replace(' ', 'T')}Z`).getTime() + (2 + stops.length * 0.6) * 3_600_000;
    ctx.push('tour_order', {
      tenant_id: ctx.tenantId,
      tour_no: tourNo,
      tour_type: type,
      center_code: c.center_code,
      driver_account_id: c.drivers.length ? c.drivers[c.routes.indexOf(route) % c.drivers.length] : null,
      car_model: route.car_model,
      car_plate: route.car_plate,
      carrier_no: route.carrier_no,
      delivery_route_no: route.route_no,
      depart_time: depart,
      return_time: new Date(back).toISOString().replace('T', ' ').slice(0, 19),
      mileage_km: mileage,
      volume_m3: round2(qty * 0.004 + 0.5),
      weight_kg: round2(qty * 0.6 + 20),
      freight_amount: round2(180 + mileage * 3.2),
    });
    stops.forEach((s, i) =>
      ctx.push('tour_order_stop', { tenant_id: ctx.tenantId, tour_no: tourNo, seq: i + 1, org_code: s.org, doc_no: s.doc, qty: s.qty }),
    );
  }

  private receivePurchases(): void {
    const ctx = this.ctx;
    const due = ctx.pendingPurchases.get(ctx.date) ?? [];
    ctx.pendingPurchases.delete(ctx.date);
    const rng = ctx.rng('receive');
    for (const po of due) {
      const time = ctx.time('centerReceive', rng);
      const sup = po.lines[0].sku.supplier;
      const receiveType = po.urgent ? 3 : sup.logisticsType === 3 ? 25 : 1;
      this.receipt(po, receiveType, po.center.org_code, po.center.center_code, time, rng, true);
      for (const l of po.lines) {
        const key = `${po.center.center_code}|${l.sku.sku_no}`;
        ctx.onOrder.set(key, (ctx.onOrder.get(key) ?? 0) - l.qty);
      }
    }
  }

  /** Writes a purchase order with its receipt, lots and ledger rows. */
  private receipt(po: PendingPurchase, receiveType: number, org: string, center: string, time: string, rng: Rng, lotted: boolean): void {
    const ctx = this.ctx;
    const t = ctx.tenantId;
    const sup = po.lines[0].sku.supplier;
    const receiveNo = ctx.docNo('SH');
    let total = 0;
    po.lines.forEach((l, i) => {
      const price = round2(l.sku.buy * rng.range(0.97, 1.03));
      const amount = round2(price * l.qty);
      total += amount;
      const lot = this.newLot(l.sku, rng);
      if (lotted) ctx.shelves.receiveLot(ctx.centerPosition(po.center, l.sku), lot.lotNo, l.qty, time);
      else ctx.shelves.add(ctx.storePosition(po.store!, l.sku), l.qty);
      ctx.push('purchase_receipt_item', {
        tenant_id: t,
        receive_no: receiveNo,
        line_id: i + 1,
        sku_no: l.sku.sku_no,
        qty: l.qty,
        price,
        amount,
        input_tax_rate: l.sku.tax,
        lot_no: lot.lotNo,
        produce_date: lot.produced,
        expiration_date: lot.expires,
      });
    });
    ctx.push('purchase_order', {
      tenant_id: t,
      po_no: po.po_no,
      supplier_no: sup.supplier_no,
      org_code: org,
      center_code: center,
      purchase_order_source: po.source,
      order_time: po.orderTime,
      status: 2,
      created_at: po.orderTime,
      updated_at: time,
    });
    ctx.push('purchase_receipt', {
      tenant_id: t,
      receive_no: receiveNo,
      receive_type: receiveType,
      po_no: po.po_no,
      purchase_order_source: po.source,
      supplier_no: sup.supplier_no,
      org_code: org,
      center_code: center,
      receive_time: time,
      status: 2,
      settlement_no: settlementFor(ctx, 4, sup.supplier_no),
      created_at: time,
      updated_at: time,
    });
    total = round2(total);
    ctx.addMonthDoc(4, sup.supplier_no, { docType: 1, docNo: receiveNo, amount: total, org });
    ctx.push('ar_ap_ledger', {
      tenant_id: t,
      ledger_id: ctx.id('arap'),
      direction: 2,
      arap_type: 'AP01',
      party_type: 4,
      party_no: sup.supplier_no,
      org_code: org,
      doc_no: receiveNo,
      amount: total,
      biz_time: time,
    });
  }

  /** Weekly direct delivery from suppliers (logistics type 2) to each store: receive type 26. */
  private directDeliveries(): void {
    const ctx = this.ctx;
    const weekday = isoWeekday(ctx.date);
    for (const st of ctx.world.sellingStores) {
      if (st.directDay !== weekday) continue;
      const rng = ctx.rng('direct', st.store_no);
      const bySupplier = new Map<string, { sku: SkuInfo; qty: number }[]>();
      for (const sku of st.stocked) {
        if (sku.central) continue;
        const demand = st.demand.get(sku.sku_no)!;
        const p = ctx.storePosition(st, sku);
        if (p.qty >= demand * 4) continue;
        const qty = Math.max(1, Math.ceil(demand * 9 - Math.max(0, p.qty)));
        const list = bySupplier.get(sku.supplier.supplier_no) ?? [];
        list.push({ sku, qty });
        bySupplier.set(sku.supplier.supplier_no, list);
      }
      for (const lines of bySupplier.values()) {
        const time = ctx.time('storeReceive', rng);
        const po: PendingPurchase = { po_no: ctx.docNo('CG'), center: st.lc, store: st, supplier_no: lines[0].sku.supplier.supplier_no, source: '1', lines, urgent: false, orderTime: time };
        this.receipt(po, 26, st.org_code, st.center_code, time, rng, false);
      }
    }
  }

  /** Afternoon: centres order what will run short (lead time one or two days). */
  replenish(): void {
    const ctx = this.ctx;
    for (const c of ctx.world.centers) {
      const rng = ctx.rng('replenish', c.center_code);
      const demand = this.centerDemand.get(c.center_code)!;
      const bySupplier = new Map<string, { sku: SkuInfo; qty: number }[]>();
      let urgent = false;
      for (const sku of this.centralSkus(c)) {
        const d = demand.get(sku.sku_no)!;
        const p = ctx.centerPosition(c, sku);
        const key = `${c.center_code}|${sku.sku_no}`;
        const open = ctx.onOrder.get(key) ?? 0;
        if (p.qty + open >= d * 5) continue;
        if (p.qty < d) urgent = true;
        const qty = Math.ceil(Math.max(sku.caseQty, d * 14 - p.qty - open) / sku.caseQty) * sku.caseQty;
        ctx.onOrder.set(key, open + qty);
        const list = bySupplier.get(sku.supplier.supplier_no) ?? [];
        list.push({ sku, qty });
        bySupplier.set(sku.supplier.supplier_no, list);
      }
      for (const [supplierNo, lines] of bySupplier) {
        const lead = urgent ? 1 : rng.int(1, 2);
        const due = addDays(ctx.date, lead);
        const po: PendingPurchase = {
          po_no: ctx.docNo('CG'),
          center: c,
          store: null,
          supplier_no: supplierNo,
          source: rng.pick(['1', '1', '1', '2', '3', '4']),
          lines,
          urgent: urgent && rng.chance(0.3),
          orderTime: ctx.time('replenish', rng),
        };
        const list = ctx.pendingPurchases.get(due) ?? [];
        list.push(po);
        ctx.pendingPurchases.set(due, list);
      }
    }
  }

  /** Evening: stores order central goods for tomorrow (one order per order group). */
  storeOrders(): void {
    const ctx = this.ctx;
    const weekday = isoWeekday(ctx.date);
    for (const st of ctx.world.sellingStores) {
      if (!st.orderDays.includes(weekday)) continue;
      const rng = ctx.rng('store-order', st.store_no);
      const cover = st.orderDays.length < 7 ? 4 : 2;
      const groups = new Map<number, PendingStoreOrder['lines']>();
      for (const sku of st.stocked) {
        if (!sku.central) continue;
        const d = st.demand.get(sku.sku_no)!;
        const p = ctx.storePosition(st, sku);
        if (p.qty >= d * (cover + 1)) continue;
        const step = Math.max(1, Math.ceil(sku.caseQty / 4));
        const qty = Math.ceil(Math.max(1, d * (cover + 5) - p.qty) / step) * step;
        const g = groupOf(sku);
        const lines = groups.get(g) ?? [];
        lines.push({ sku, qty, price: storeOrderPrice(sku), lineId: lines.length + 1, shipped: 0 });
        groups.set(g, lines);
      }
      for (const [groupId, lines] of groups) {
        const o: PendingStoreOrder = {
          dorder_no: ctx.docNo('YH'),
          store: st,
          lines,
          status: 1,
          payType: st.store_type === 1 ? (rng.chance(0.8) ? 17 : 16) : rng.pick(STORE_PAY_TYPES),
          groupId: ctx.tenantId * 100 + groupId,
          time: ctx.time('storeOrder', rng),
        };
        if (rng.chance(0.03)) this.writeStoreOrder(o, 3);
        else ctx.pendingStoreOrders.push(o);
      }
    }
  }

  /** End of the run: orders still waiting (placed today, or due after today) stay open. */
  finish(): void {
    for (const o of this.ctx.pendingStoreOrders) this.writeStoreOrder(o, 1);
    this.ctx.pendingStoreOrders = [];
    for (const list of this.ctx.pendingPurchases.values()) {
      for (const po of list) {
        this.ctx.push('purchase_order', {
          tenant_id: this.ctx.tenantId,
          po_no: po.po_no,
          supplier_no: po.supplier_no,
          org_code: po.center.org_code,
          center_code: po.center.center_code,
          purchase_order_source: po.source,
          order_time: po.orderTime,
          status: 1,
          created_at: po.orderTime,
          updated_at: po.orderTime,
        });
      }
    }
  }
}

export function locationNo(c: CenterInfo, sku: SkuInfo): string {
  const n = sku.idx;
  return `${c.center_code}-A${String(1 + (n % 6)).padStart(2, '0')}-${String(1 + ((n >> 3) % 20)).padStart(2, '0')}-${String(1 + (n % 8)).padStart(2, '0')}-${String(n).padStart(4, '0')}`;
}
