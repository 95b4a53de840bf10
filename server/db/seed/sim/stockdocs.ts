import { monthOf } from '../../../../engine/dates/calendar';
import type { Rng } from '../prng';
import type { Position } from '../shelves';
import type { CenterInfo, SkuInfo, StoreInfo } from '../world';
import { round2, type SimContext } from './context';
import { settlementNo, type Supply } from './supply';

/** Evening stock documents: stocktakes, transfers, scrapping/requisition, adjustments, returns. */

const RETURN_REASONS = ['1', '2', '3', '4', '5'];
const ADJUST_REASONS_IN = ['R02', 'R03', 'R05'];
const ADJUST_REASONS_OUT = ['R02', 'R04', 'R06'];
const SCRAP_REASONS = ['临期报损', '破损报损', '变质报损', '过期报损'];
const ISSUE_REASONS = ['门店办公领用', '清洁用品领用', '试吃领用', '陈列道具领用'];

export class StockDocs {
  constructor(
    private readonly ctx: SimContext,
    private readonly supply: Supply,
  ) {}

  evening(): void {
    const ctx = this.ctx;
    const day = Number(ctx.date.slice(8, 10));
    for (const st of ctx.world.sellingStores) {
      const rng = ctx.rng('store-docs', st.store_no);
      if (day === 10 + (st.idx % 15) || (ctx.isToday && st.idx === 0)) this.storeStocktake(st, rng);
      if (rng.chance(0.15)) this.transfer(st, rng);
      if (rng.chance(0.45)) this.issue(st, 12, rng);
      if (rng.chance(0.08)) this.issue(st, 13, rng);
      if (rng.chance(0.06)) this.storeAdjustment(st, rng);
      if (rng.chance(0.15)) this.storeReturn(st, rng);
      if (rng.chance(0.04)) this.storePurchaseReturn(st, rng);
    }
    for (const c of ctx.world.centers) {
      const rng = ctx.rng('center-docs', c.center_code);
      if (day === 28 || (ctx.isToday && c.idx === 0)) this.centerStocktake(c, rng);
      if (rng.chance(0.1)) this.centerAdjustment(c, rng);
      if (rng.chance(0.3)) this.centerPurchaseReturn(c, rng);
      if (rng.chance(0.1)) this.centerScrap(c, rng);
    }
    this.returnTours();
  }

  private stocktakeHead(no: string, org: string, center: string, time: string): void {
    this.ctx.push('stocktake', {
      tenant_id: this.ctx.tenantId,
      stocktake_no: no,
      org_code: org,
      center_code: center,
      stocktake_date: this.ctx.date,
      status: 2,
      created_at: time,
      updated_at: time,
    });
  }

  /** A counted line; the difference's amount is booked by the posting. */
  private stocktakeItem(no: string, sku: SkuInfo, book: number, actual: number): void {
    const diff = actual - book;
    this.ctx.push('stocktake_item', {
      tenant_id: this.ctx.tenantId,
      stocktake_no: no,
      sku_no: sku.sku_no,
      book_qty: book,
      actual_qty: actual,
      diff_qty: diff,
      result: diff === 0 ? 0 : diff > 0 ? 1 : 2,
    });
  }

  private countDiff(rng: Rng, book: number): number {
    const r = rng.float();
    if (book < 0) return -book;
    if (r < 0.75) return 0;
    if (r < 0.87) return rng.int(1, 3);
    return -Math.min(book, rng.int(1, 3));
  }

  /** Monthly count of part of the assortment: gains (8) and losses (9). */
  private storeStocktake(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const no = ctx.docNo('PD');
    const time = ctx.time('evening', rng);
    this.stocktakeHead(no, st.org_code, st.center_code, time);
    rng.sample(st.stocked, Math.min(40, st.stocked.length)).forEach((sku) => {
      const p = ctx.storePosition(st, sku);
      const book = p.qty;
      const diff = this.countDiff(rng, book);
      this.count(p, diff);
      this.stocktakeItem(no, sku, book, book + diff);
    });
  }

  private centerStocktake(c: CenterInfo, rng: Rng): void {
    const ctx = this.ctx;
    const no = ctx.docNo('PD');
    const time = ctx.time('evening', rng);
    this.stocktakeHead(no, c.org_code, c.center_code, time);
    rng.sample(this.supply.centralSkus(c), 60).forEach((sku) => {
      const p = ctx.centerPosition(c, sku);
      const book = p.qty;
      const diff = this.countDiff(rng, book);
      this.count(p, diff);
      this.stocktakeItem(no, sku, book, book + diff);
    });
  }

  private count(p: Position, diff: number): void {
    if (diff > 0) this.ctx.shelves.add(p, diff);
    if (diff < 0) this.ctx.shelves.take(p, -diff);
  }

  /** Stock moved to another store of the same centre (11 out, 10 in). */
  private transfer(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const others = st.lc.stores.filter((o) => o !== st);
    if (!others.length) return;
    const to = rng.pick(others);
    const candidates = st.stocked.filter((s) => to.demand.has(s.sku_no) && ctx.storePosition(st, s).qty > 3);
    if (!candidates.length) return;
    const no = ctx.docNo('DB');
    const out = ctx.time('evening', rng);
    rng.sample(candidates, rng.int(1, 4)).forEach((sku, i) => {
      const qty = rng.int(1, Math.min(6, ctx.storePosition(st, sku).qty - 1));
      ctx.shelves.take(ctx.storePosition(st, sku), qty);
      ctx.shelves.add(ctx.storePosition(to, sku), qty);
      ctx.push('transfer_item', { tenant_id: ctx.tenantId, transfer_no: no, line_id: i + 1, sku_no: sku.sku_no, lot_no: null, qty });
    });
    ctx.push('transfer_order', {
      tenant_id: ctx.tenantId,
      transfer_no: no,
      from_org_code: st.org_code,
      to_org_code: to.org_code,
      out_time: out,
      in_time: out,
      status: 3,
      created_at: out,
      updated_at: out,
    });
  }

  /** Scrapping (12, mostly fresh goods) or requisition (13, consumables). */
  private issue(st: StoreInfo, type: 12 | 13, rng: Rng): void {
    const ctx = this.ctx;
    const pool = st.stocked.filter((s) => (type === 12 ? s.leaf.fresh : s.leaf.l1 === '日化' || s.leaf.l1 === '家居百货') && ctx.storePosition(st, s).qty > 0);
    if (!pool.length) return;
    const no = ctx.docNo(type === 12 ? 'BS' : 'LY');
    const time = ctx.time('evening', rng);
    ctx.push('stock_issue_order', {
      tenant_id: ctx.tenantId,
      issue_no: no,
      org_code: st.org_code,
      issue_type: type,
      reason: rng.pick(type === 12 ? SCRAP_REASONS : ISSUE_REASONS),
      issue_time: time,
      status: 2,
      created_at: time,
      updated_at: time,
    });
    rng.sample(pool, rng.int(1, 3)).forEach((sku, i) => {
      const qty = rng.int(1, Math.min(3, ctx.storePosition(st, sku).qty));
      ctx.shelves.take(ctx.storePosition(st, sku), qty);
      ctx.push('stock_issue_item', { tenant_id: ctx.tenantId, issue_no: no, line_id: i + 1, sku_no: sku.sku_no, qty });
      if (type === 13) {
        ctx.push('lot_allocation', {
          tenant_id: ctx.tenantId,
          id: ctx.id('lot_allocation'),
          business_no: no,
          business_item_id: i + 1,
          sku_no: sku.sku_no,
          lot_no: null,
          change_stock_num: qty,
          store_lot_type: 13,
          dorder_item_source: 4,
          receive_oub_num: qty,
          created_at: time,
        });
      }
    });
  }

  private storeAdjustment(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const direction = rng.chance(0.45) ? 1 : 2;
    const no = ctx.docNo('TZ');
    const time = ctx.time('evening', rng);
    this.supply.adjustmentHead(no, st.org_code, st.center_code, direction, rng.pick(direction === 1 ? ADJUST_REASONS_IN : ADJUST_REASONS_OUT), time);
    rng.sample(st.stocked, rng.int(1, 4)).forEach((sku, i) => {
      const p = ctx.storePosition(st, sku);
      const qty = rng.int(1, 4);
      if (direction === 1) ctx.shelves.add(p, qty);
      else ctx.shelves.take(p, qty);
      this.supply.adjustmentItem(no, i + 1, sku, qty, null);
    });
  }

  private centerAdjustment(c: CenterInfo, rng: Rng): void {
    const ctx = this.ctx;
    const direction = rng.chance(0.5) ? 1 : 2;
    const no = ctx.docNo('TZ');
    const time = ctx.time('evening', rng);
    this.supply.adjustmentHead(no, c.org_code, c.center_code, direction, rng.pick(direction === 1 ? ADJUST_REASONS_IN : ADJUST_REASONS_OUT), time);
    rng.sample(this.supply.centralSkus(c), rng.int(1, 3)).forEach((sku, i) => {
      const p = ctx.centerPosition(c, sku);
      const qty = rng.int(1, 6);
      // no lot named: a gain enters none, a loss takes the oldest lots (the posting's rule)
      if (direction === 1) ctx.shelves.add(p, qty);
      else if (p.qty >= qty) ctx.shelves.take(p, qty);
      else return;
      this.supply.adjustmentItem(no, i + 1, sku, qty, null);
    });
  }

  /**
   * A store sends goods back to its centre (central goods) or supplier (direct goods). The target may
   * refuse part: the store books the whole return out (4) and the refused part back in (7). What the
   * supplier owes back is the goods' purchase price.
   */
  private storeReturn(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const toWarehouse = rng.chance(0.7);
    const pool = st.stocked.filter((s) => s.central === toWarehouse && ctx.storePosition(st, s).qty > 2);
    if (!pool.length) return;
    const lines = rng.sample(pool, rng.int(1, 4));
    const no = ctx.docNo('MT');
    const time = ctx.time('evening', rng);
    const target = toWarehouse ? st.lc.center_code : lines[0].supplier.supplier_no;
    const lineSkus = toWarehouse ? lines : lines.filter((s) => s.supplier === lines[0].supplier);
    let total = 0;
    lineSkus.forEach((sku, i) => {
      const sp = ctx.storePosition(st, sku);
      const qty = rng.int(1, Math.min(6, sp.qty - 1));
      const rejected = rng.chance(0.2) ? rng.int(1, qty) : 0;
      const accepted = qty - rejected;
      ctx.shelves.take(sp, accepted);
      if (toWarehouse && accepted > 0) ctx.shelves.add(ctx.centerPosition(st.lc, sku), accepted);
      total += sku.buy * accepted;
      ctx.push('store_return_item', { tenant_id: ctx.tenantId, return_no: no, line_id: i + 1, sku_no: sku.sku_no, qty, rejected_qty: rejected });
    });
    ctx.push('store_return_order', {
      tenant_id: ctx.tenantId,
      return_no: no,
      org_code: st.org_code,
      target_type: toWarehouse ? 1 : 2,
      target_code: target,
      reason_code: rng.pick(RETURN_REASONS),
      return_time: time,
      status: 3,
      created_at: time,
      updated_at: time,
    });
    if (toWarehouse && st.route) {
      const list = ctx.returnsForTour.get(st.route.route_no) ?? [];
      list.push({ org: st.org_code, doc: no, qty: lineSkus.length });
      ctx.returnsForTour.set(st.route.route_no, list);
    }
    if (!toWarehouse) this.supplierCredit(lines[0].supplier.supplier_no, st.org_code, no, round2(total), time, 4);
  }

  private returnTours(): void {
    const ctx = this.ctx;
    const rng = ctx.rng('return-tours');
    for (const [routeNo, stops] of ctx.returnsForTour) {
      const route = ctx.world.centers.flatMap((c) => c.routes).find((r) => r.route_no === routeNo)!;
      this.supply.tour(route, 2, stops, ctx.time('evening', rng), rng);
    }
    ctx.returnsForTour.clear();
  }

  /** Purchase return (3) of direct-delivery goods from a store. */
  private storePurchaseReturn(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const pool = st.stocked.filter((s) => !s.central && ctx.storePosition(st, s).qty > 2);
    if (!pool.length) return;
    const sku = rng.pick(pool);
    const p = ctx.storePosition(st, sku);
    const qty = rng.int(1, Math.min(5, p.qty - 1));
    const no = ctx.docNo('CT');
    const time = ctx.time('purchaseReturn', rng);
    ctx.shelves.take(p, qty);
    this.purchaseReturnDoc(no, sku, st.org_code, st.center_code, time, [{ lotNo: null, qty }], rng);
  }

  /** Purchase return (3) of the oldest lot of a centre SKU. */
  private centerPurchaseReturn(c: CenterInfo, rng: Rng): void {
    const ctx = this.ctx;
    const sku = rng.pick(this.supply.centralSkus(c));
    const p = ctx.centerPosition(c, sku);
    if (p.qty < 4) return;
    const qty = rng.int(1, Math.min(p.qty - 1, sku.caseQty));
    const no = ctx.docNo('CT');
    const time = ctx.time('purchaseReturn', rng);
    const parts = ctx.shelves.pick(p, qty);
    if (!parts.length) return;
    this.purchaseReturnDoc(no, sku, c.org_code, c.center_code, time, parts, rng);
  }

  /** Returned at the goods' purchase price. */
  private purchaseReturnDoc(no: string, sku: SkuInfo, org: string, center: string, time: string, lines: { lotNo: string | null; qty: number }[], rng: Rng): void {
    const ctx = this.ctx;
    const supplierNo = sku.supplier.supplier_no;
    let total = 0;
    lines.forEach((l, i) => {
      const price = round2(sku.buy);
      const amount = round2(price * l.qty);
      total += amount;
      ctx.push('purchase_return_item', {
        tenant_id: ctx.tenantId,
        return_no: no,
        line_id: i + 1,
        sku_no: sku.sku_no,
        qty: l.qty,
        price,
        amount,
        input_tax_rate: sku.tax,
        lot_no: l.lotNo,
      });
    });
    const month = monthOf(ctx.date);
    ctx.push('purchase_return', {
      tenant_id: ctx.tenantId,
      return_no: no,
      supplier_no: supplierNo,
      org_code: org,
      center_code: center,
      return_reason: rng.pick(RETURN_REASONS),
      return_time: time,
      status: 2,
      settlement_no: month < monthOf(ctx.world.today) ? settlementNo(ctx.tenantId, 4, supplierNo, month) : null,
      created_at: time,
      updated_at: time,
    });
    this.supplierCredit(supplierNo, org, no, round2(total), time, 3);
  }

  /** Returned goods reduce what is owed to the supplier (AP type AP02). */
  private supplierCredit(supplierNo: string, org: string, docNo: string, amount: number, time: string, docType: number): void {
    const ctx = this.ctx;
    if (amount <= 0) return;
    ctx.addMonthDoc(4, supplierNo, { docType, docNo, amount: -amount, org });
    ctx.push('ar_ap_ledger', {
      tenant_id: ctx.tenantId,
      ledger_id: ctx.id('arap'),
      direction: 2,
      arap_type: 'AP02',
      party_type: 4,
      party_no: supplierNo,
      org_code: org,
      doc_no: docNo,
      amount: -amount,
      biz_time: time,
    });
  }

  /** Expired or damaged goods scrapped at a centre (12); the posting takes the oldest lots. */
  private centerScrap(c: CenterInfo, rng: Rng): void {
    const ctx = this.ctx;
    const sku = rng.pick(this.supply.centralSkus(c));
    const p = ctx.centerPosition(c, sku);
    if (p.qty < 2) return;
    const no = ctx.docNo('BS');
    const time = ctx.time('evening', rng);
    const qty = rng.int(1, Math.min(4, p.qty - 1));
    ctx.shelves.take(p, qty);
    ctx.push('stock_issue_order', {
      tenant_id: ctx.tenantId,
      issue_no: no,
      org_code: c.org_code,
      issue_type: 12,
      reason: rng.pick(SCRAP_REASONS),
      issue_time: time,
      status: 2,
      created_at: time,
      updated_at: time,
    });
    ctx.push('stock_issue_item', { tenant_id: ctx.tenantId, issue_no: no, line_id: 1, sku_no: sku.sku_no, qty });
  }
}

