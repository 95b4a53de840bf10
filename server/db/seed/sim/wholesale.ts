import { isoWeekday } from '../../../../engine/dates/calendar';
import type { Rng } from '../prng';
import type { CenterInfo, SkuInfo } from '../world';
import { round2, type SimContext } from './context';
import type { Supply } from './supply';

interface RecentWholesale {
  wo_no: string;
  wholesaler: SimContext['world']['wholesalers'][number];
  lines: { sku: SkuInfo; qty: number; price: number }[];
}

/** Wholesale orders shipped from the centres (sales, doc 5) and their returns (doc 6). */
export class Wholesale {
  private recent = new Map<string, RecentWholesale[]>();

  constructor(
    private readonly ctx: SimContext,
    private readonly supply: Supply,
  ) {}

  run(): void {
    const ctx = this.ctx;
    // closed on Sundays, except that yesterday always ships something: report 112 opens on yesterday
    if (isoWeekday(ctx.date) === 7 && !ctx.isYesterday) return;
    const enabled = ctx.world.wholesalers.filter((w) => w.enabled);
    for (const c of ctx.world.centers) {
      const rng = ctx.rng('wholesale', c.center_code);
      const n = rng.poisson(ctx.isToday ? 0.5 : 1.5);
      for (let i = ctx.isYesterday ? Math.max(n, 1) : n; i > 0; i--) this.order(c, rng.pick(enabled), rng);
      const recent = this.recent.get(c.center_code) ?? [];
      if (recent.length && rng.chance(0.1)) this.returnOrder(c, recent.splice(rng.int(0, recent.length - 1), 1)[0], rng);
    }
  }

  private head(c: CenterInfo, woNo: string, w: RecentWholesale['wholesaler'], isReturn: boolean, origin: string | null, time: string): void {
    this.ctx.push('wholesale_order', {
      tenant_id: this.ctx.tenantId,
      wo_no: woNo,
      wholesaler_no: w.wholesaler_no,
      center_code: c.center_code,
      org_code: c.org_code,
      salesman_id: w.salesman_id,
      is_return: isReturn ? 1 : 0,
      origin_wo_no: origin,
      order_date: this.ctx.date,
      status: 3,
      created_at: time,
      updated_at: time,
    });
  }

  private order(c: CenterInfo, w: RecentWholesale['wholesaler'], rng: Rng): void {
    const ctx = this.ctx;
    const pool = this.supply.centralSkus(c).filter((s) => ctx.centerPosition(c, s).qty > 20);
    if (!pool.length) return;
    const woNo = ctx.docNo('PF');
    const time = ctx.time('wholesale', rng);
    const lines: RecentWholesale['lines'] = [];
    let total = 0;
    rng.sample(pool, rng.int(3, 8)).forEach((sku, i) => {
      const p = ctx.centerPosition(c, sku);
      const qty = Math.min(rng.int(10, 40), p.qty - 5);
      const price = round2(sku.buy * 1.1);
      ctx.shelves.take(p, qty);
      const amount = round2(price * qty);
      total += amount;
      lines.push({ sku, qty, price });
      ctx.push('wholesale_order_item', {
        tenant_id: ctx.tenantId,
        wo_no: woNo,
        line_no: i + 1,
        sku_no: sku.sku_no,
        qty,
        price,
        amount,
        output_tax_rate: sku.tax,
        input_tax_rate: sku.tax,
      });
    });
    this.head(c, woNo, w, false, null, time);
    this.receivable(c, w.wholesaler_no, woNo, round2(total), time, 'AR01');
    const list = this.recent.get(c.center_code) ?? [];
    list.push({ wo_no: woNo, wholesaler: w, lines });
    if (list.length > 50) list.shift();
    this.recent.set(c.center_code, list);
  }

  private returnOrder(c: CenterInfo, origin: RecentWholesale, rng: Rng): void {
    const ctx = this.ctx;
    const woNo = ctx.docNo('PT');
    const time = ctx.time('wholesale', rng);
    let total = 0;
    rng.sample(origin.lines, rng.int(1, 2)).forEach((l, i) => {
      const qty = rng.int(1, Math.max(1, Math.floor(l.qty / 3)));
      ctx.shelves.add(ctx.centerPosition(c, l.sku), qty);
      const amount = round2(l.price * qty);
      total += amount;
      ctx.push('wholesale_order_item', {
        tenant_id: ctx.tenantId,
        wo_no: woNo,
        line_no: i + 1,
        sku_no: l.sku.sku_no,
        qty: -qty,
        price: l.price,
        amount: -amount,
        output_tax_rate: l.sku.tax,
        input_tax_rate: l.sku.tax,
      });
    });
    this.head(c, woNo, origin.wholesaler, true, origin.wo_no, time);
    this.receivable(c, origin.wholesaler.wholesaler_no, woNo, -round2(total), time, 'AR02');
  }

  private receivable(c: CenterInfo, partyNo: string, docNo: string, amount: number, time: string, type: string): void {
    const ctx = this.ctx;
    ctx.addMonthDoc(3, partyNo, { docType: 5, docNo, amount, org: c.org_code });
    ctx.push('ar_ap_ledger', {
      tenant_id: ctx.tenantId,
      ledger_id: ctx.id('arap'),
      direction: 1,
      arap_type: type,
      party_type: 3,
      party_no: partyNo,
      org_code: c.org_code,
      doc_no: docNo,
      amount,
      biz_time: time,
    });
  }
}
