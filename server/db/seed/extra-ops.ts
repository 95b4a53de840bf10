import { HISTORY_DEFAULT_DAYS } from '../../../engine/dates/defaults';
import type { Db } from '../types';
import { addDays, compactDate } from '../../../engine/dates/calendar';
import type { SeedRow, Writer } from './sink';

/**
 * Documents the stock, purchase and finance reports show on their default date range, added when the
 * simulation happened not to produce one that day (a rare document on one given day is a matter of
 * chance). Read back from the seeded tenant, so the rows refer to its own stores, suppliers and stock,
 * and are the same for the same seed. Scoped to the demo accounts' store and supplier, so the store and
 * supplier clients see them too:
 * - yesterday: an approved stock adjustment at the store and at a logistics centre (report 123), an
 *   approved scrapping (194) and a submitted store return (77);
 * - today and the history tab's default day: a submitted purchase return of the supplier (131 / 89);
 * - today: supplier and wholesale-customer invoices not yet matched to a settlement (193), and a
 *   direct delivery received at the store with its lots, booked like the simulation books one (191).
 * Documents are written as the document screens keep them: submitted ones (status 1) have not moved
 * stock, payables or settlements yet; the approved adjustments and scrapping are posted later through
 * the product's posting, once the daily snapshots are built (documents.ts), as approving them on their
 * page would. The direct delivery is a loaded fact like the simulation's (fact-files.ts): the loader
 * posts it, opening its lots, as today's last movement of its goods at the store.
 */

interface Party {
  org_code: string;
  center_code: string;
}
interface StockLine {
  sku_no: string;
  stock_num: number;
  avg_cost: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
/** Ids above the simulation's running numbers (tenant × 10^10 + n, n < 9 × 10^9) and the sales extras'. */
const extraId = (tenantId: number, n: number) => tenantId * 10_000_000_000 + 9_500_000_000 + n;

class ExtraOps {
  private seq = 0;
  private ids = 0;
  readonly yesterday: string;

  constructor(
    private readonly db: Db,
    private readonly w: Writer,
    readonly tenantId: number,
    readonly today: string,
  ) {
    this.yesterday = addDays(today, -1);
  }

  q<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.db.query<T>(sql, [this.tenantId, ...params]);
  }

  /** A document as the screens keep it, written to its table directly. */
  push(table: string, row: SeedRow): void {
    this.w.pushDirect(table, { tenant_id: this.tenantId, ...row });
  }

  /** A fact for the loader. */
  load(table: string, row: SeedRow): void {
    this.w.push(table, { tenant_id: this.tenantId, ...row });
  }

  docNo(prefix: string, date: string): string {
    return `${prefix}${this.tenantId}${compactDate(date)}${900_000 + ++this.seq}`;
  }

  id(): number {
    return extraId(this.tenantId, ++this.ids);
  }

  async count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await this.q<{ n: number }>(sql, params);
    return Number(row?.n ?? 0);
  }

  /** The demo store user's store, or the first store. */
  async store(): Promise<(Party & { store_no: string }) | null> {
    const [s] = await this.q<Party & { store_no: string }>(
      `SELECT s.store_no, s.org_code, c.center_code FROM store s
         JOIN logistics_center c ON c.tenant_id = s.tenant_id AND c.org_code = s.org_code
        WHERE s.tenant_id = $1
        ORDER BY CASE WHEN s.store_no = (SELECT MIN(a.store_no) FROM account a WHERE a.tenant_id = s.tenant_id AND a.client_type = 'HMD') THEN 0 ELSE 1 END, s.store_no
        LIMIT 1`,
    );
    return s ?? null;
  }

  /** The demo supplier user's supplier, or the first supplier with receipts. */
  async supplier(): Promise<string | null> {
    const [s] = await this.q<{ supplier_no: string }>(
      `SELECT r.supplier_no FROM purchase_receipt_all r WHERE r.tenant_id = $1
        GROUP BY r.supplier_no
        ORDER BY CASE WHEN r.supplier_no = (SELECT MIN(a.supplier_no) FROM account a WHERE a.tenant_id = $1 AND a.client_type = 'HMS') THEN 0 ELSE 1 END, r.supplier_no
        LIMIT 1`,
    );
    return s?.supplier_no ?? null;
  }

  async centre(): Promise<Party | null> {
    const [c] = await this.q<Party>("SELECT org_code, center_code FROM logistics_center WHERE tenant_id = $1 AND center_type = '2' ORDER BY center_code LIMIT 1");
    return c ?? null;
  }

  /** SKUs held at a place, most stock first. */
  stockLines(p: Party, n: number, extra = ''): Promise<StockLine[]> {
    return this.q<StockLine>(
      `SELECT st.sku_no, st.stock_num, st.avg_cost FROM stock st JOIN sku k ON k.tenant_id = st.tenant_id AND k.sku_no = st.sku_no
        WHERE st.tenant_id = $1 AND st.org_code = $2 AND st.center_code = $3 AND st.stock_num > 2 ${extra}
        ORDER BY st.stock_num DESC, st.sku_no LIMIT ${n}`,
      [p.org_code, p.center_code],
    );
  }

  /** Approved stock adjustments yesterday at the store (out) and a centre (in): report 123. */
  async adjustments(): Promise<void> {
    const places: [Party | null, 1 | 2, string][] = [
      [await this.store(), 2, 'R04'],
      [await this.centre(), 1, 'R02'],
    ];
    for (const [place, direction, reason] of places) {
      if (!place) continue;
      const had = await this.count(
        'SELECT COUNT(*) AS n FROM stock_adjustment WHERE tenant_id = $1 AND org_code = $2 AND CAST(adjust_time AS DATE) = CAST($3 AS DATE)',
        [place.org_code, this.yesterday],
      );
      const lines = await this.stockLines(place, 2);
      if (had > 0 || lines.length === 0) continue;
      const no = this.docNo('TZ', this.yesterday);
      const time = `${this.yesterday} 20:${direction === 1 ? '10' : '40'}:00`;
      this.push('stock_adjustment', {
        adjust_no: no, org_code: place.org_code, center_code: place.center_code, direction, reason_code: reason,
        adjust_time: time, status: 2, created_at: time, updated_at: time,
      });
      lines.forEach((l, i) => {
        const qty = i + 1;
        this.push('stock_adjustment_item', {
          adjust_no: no, line_id: i + 1, sku_no: l.sku_no, lot_no: null, qty, cost_price: Number(l.avg_cost), amount: round2(qty * Number(l.avg_cost)),
        });
      });
    }
  }

  /** A submitted return of the store to its logistics centre yesterday: report 77. */
  async storeReturn(): Promise<void> {
    const store = await this.store();
    if (!store) return;
    const had = await this.count(
      'SELECT COUNT(*) AS n FROM store_return_order WHERE tenant_id = $1 AND org_code = $2 AND CAST(return_time AS DATE) = CAST($3 AS DATE)',
      [store.org_code, this.yesterday],
    );
    const [source] = await this.q<{ center_code: string }>(
      'SELECT center_code FROM distribution_order WHERE tenant_id = $1 AND to_org_code = $2 ORDER BY ship_time DESC, oub_no LIMIT 1',
      [store.org_code],
    );
    const lines = await this.stockLines(store, 2, "AND k.logistics_type = 1");
    if (had > 0 || !source || lines.length === 0) return;
    const no = this.docNo('MT', this.yesterday);
    const time = `${this.yesterday} 21:15:00`;
    this.push('store_return_order', {
      return_no: no, org_code: store.org_code, target_type: 1, target_code: source.center_code, reason_code: '3',
      return_time: time, status: 1, created_at: time, updated_at: time,
    });
    lines.forEach((l, i) => {
      const qty = 2 - i;
      this.push('store_return_item', {
        return_no: no, line_id: i + 1, sku_no: l.sku_no, qty, amount: round2(qty * Number(l.avg_cost)), rejected_qty: 0, rejected_amount: 0,
      });
    });
  }

  /** An approved scrapping at the store yesterday: report 194 (its scrap rate on the store client). */
  async scrap(): Promise<void> {
    const store = await this.store();
    if (!store) return;
    const had = await this.count(
      'SELECT COUNT(*) AS n FROM stock_issue_order WHERE tenant_id = $1 AND org_code = $2 AND issue_type = 12 AND CAST(issue_time AS DATE) = CAST($3 AS DATE)',
      [store.org_code, this.yesterday],
    );
    const [line] = await this.stockLines(store, 1);
    if (had > 0 || !line) return;
    const no = this.docNo('BS', this.yesterday);
    const time = `${this.yesterday} 21:40:00`;
    this.push('stock_issue_order', { issue_no: no, org_code: store.org_code, issue_type: 12, reason: '破损报损', issue_time: time, status: 2, created_at: time, updated_at: time });
    this.push('stock_issue_item', { issue_no: no, line_id: 1, sku_no: line.sku_no, qty: 2, cost_amount: round2(2 * Number(line.avg_cost)) });
  }

  /** Submitted purchase returns of the supplier today and on the history tab's default day (archived by the close): 131 / 89. */
  async purchaseReturns(): Promise<void> {
    const supplier = await this.supplier();
    if (!supplier) return;
    const [place] = await this.q<Party>(
      'SELECT org_code, center_code FROM purchase_receipt_all WHERE tenant_id = $1 AND supplier_no = $2 ORDER BY receive_time DESC, receive_no LIMIT 1',
      [supplier],
    );
    const lines = await this.q<{ sku_no: string; price: number; input_tax_rate: number }>(
      `SELECT i.sku_no, MAX(i.price) AS price, MAX(i.input_tax_rate) AS input_tax_rate
         FROM purchase_receipt_all r JOIN purchase_receipt_item_all i ON i.tenant_id = r.tenant_id AND i.receive_no = r.receive_no
        WHERE r.tenant_id = $1 AND r.supplier_no = $2 GROUP BY i.sku_no ORDER BY i.sku_no LIMIT 2`,
      [supplier],
    );
    if (!place || lines.length === 0) return;
    for (const [day, hour] of [[this.today, '11'], [addDays(this.today, -HISTORY_DEFAULT_DAYS), '16']] as const) {
      const had = await this.count(
        `SELECT COUNT(*) AS n FROM purchase_return WHERE tenant_id = $1 AND supplier_no = $2 AND CAST(return_time AS DATE) = CAST($3 AS DATE)`,
        [supplier, day],
      );
      if (had > 0) continue;
      const no = this.docNo('CT', day);
      const time = `${day} ${hour}:20:00`;
      this.push('purchase_return', {
        return_no: no, supplier_no: supplier, org_code: place.org_code, center_code: place.center_code, return_reason: '2',
        return_time: time, status: 1, settlement_no: null, created_at: time, updated_at: time,
      });
      lines.forEach((l, i) => {
        const qty = 2 - i;
        this.push('purchase_return_item', {
          return_no: no, line_id: i + 1, sku_no: l.sku_no, qty, price: Number(l.price), amount: round2(qty * Number(l.price)),
          input_tax_rate: Number(l.input_tax_rate), lot_no: null,
        });
      });
    }
  }

  /**
   * Invoices received today from the supplier and a wholesale customer, not yet matched to a settlement: 193.
   * Checked per party: on days the simulation invoices others (month starts), the supplier client still has its own.
   */
  async invoices(): Promise<void> {
    const supplier = await this.supplier();
    const [wholesaler] = await this.q<{ wholesaler_no: string }>('SELECT wholesaler_no FROM wholesaler WHERE tenant_id = $1 ORDER BY wholesaler_no LIMIT 1');
    const parties: [number, string | undefined, string][] = [
      [4, supplier ?? undefined, '01'],
      [3, wholesaler?.wholesaler_no, '02'],
    ];
    for (const [partyType, partyNo, type] of parties) {
      if (!partyNo) continue;
      const had = await this.count(
        'SELECT COUNT(*) AS n FROM invoice WHERE tenant_id = $1 AND invoice_date = CAST($2 AS DATE) AND party_type = $3 AND party_no = $4',
        [this.today, partyType, partyNo],
      );
      if (had > 0) continue;
      const [last] = await this.q<{ amount: number }>(
        'SELECT settlement_amount AS amount FROM settlement WHERE tenant_id = $1 AND party_type = $2 AND party_no = $3 ORDER BY period_month DESC LIMIT 1',
        [partyType, partyNo],
      );
      const gross = round2(Math.max(1000, Number(last?.amount ?? 0) / 4));
      const exTax = round2(gross / 1.13);
      const time = `${this.today} 10:${partyType === 4 ? '05' : '35'}:00`;
      this.push('invoice', {
        invoice_no: this.docNo('FP', this.today), party_type: partyType, party_no: partyNo, invoice_type: type, invoice_date: this.today,
        amount_ex_tax: exTax, tax_amount: round2(gross - exTax), tax_rate: 0.13, settlement_no: null, status: 1, created_at: time, updated_at: time,
      });
    }
  }

  /** A direct delivery received today at the store, with new lots (191 on the store client), booked as today's last movement. */
  async directDelivery(): Promise<void> {
    const store = await this.store();
    if (!store) return;
    const had = await this.count(
      `SELECT COUNT(*) AS n FROM lot_stock s JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
        WHERE s.tenant_id = $1 AND s.org_code = $2 AND CAST(l.receive_time AS DATE) = CAST($3 AS DATE)`,
      [store.org_code, this.today],
    );
    if (had > 0) return;
    const [first] = await this.q<{ supplier_no: string }>(
      `SELECT k.supplier_no FROM stock st JOIN sku k ON k.tenant_id = st.tenant_id AND k.sku_no = st.sku_no
        WHERE st.tenant_id = $1 AND st.org_code = $2 AND st.center_code = $3 AND k.logistics_type = 2 AND st.stock_num > 0
        ORDER BY k.supplier_no LIMIT 1`,
      [store.org_code, store.center_code],
    );
    if (!first) return;
    const skus = await this.q<{ sku_no: string; buying_price: number; input_tax_rate: number; shelf_days: number }>(
      `SELECT k.sku_no, k.buying_price, k.input_tax_rate,
              CASE k.shelflife_unit WHEN 2 THEN k.shelflife * 30 WHEN 3 THEN k.shelflife * 365 ELSE k.shelflife END AS shelf_days
         FROM stock st JOIN sku k ON k.tenant_id = st.tenant_id AND k.sku_no = st.sku_no
        WHERE st.tenant_id = $1 AND st.org_code = $2 AND st.center_code = $3 AND k.supplier_no = $4 AND k.logistics_type = 2 AND st.stock_num > 0
        ORDER BY k.sku_no LIMIT 2`,
      [store.org_code, store.center_code, first.supplier_no],
    );
    if (skus.length === 0) return;
    const [last] = await this.q<{ t: string | null }>(
      'SELECT CAST(MAX(biz_time) AS VARCHAR) AS t FROM stock_ledger WHERE tenant_id = $1 AND org_code = $2 AND biz_date = CAST($3 AS DATE)',
      [store.org_code, this.today],
    );
    const lastMinute = last?.t ? Number(last.t.slice(11, 13)) * 60 + Number(last.t.slice(14, 16)) : 7 * 60;
    const minute = Math.min(23 * 60 + 58, lastMinute + 1);
    const time = `${this.today} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:30`;
    const receiveNo = this.docNo('SH', this.today);
    const poNo = this.docNo('CG', this.today);
    let total = 0;
    for (const [i, k] of skus.entries()) {
      const qty = 6;
      const price = round2(Number(k.buying_price));
      const amount = round2(qty * price);
      total += amount;
      const produced = addDays(this.today, -1);
      this.load('purchase_receipt_item', {
        receive_no: receiveNo, line_id: i + 1, sku_no: k.sku_no, qty, price, amount, input_tax_rate: Number(k.input_tax_rate),
        lot_no: this.docNo('LT', this.today), produce_date: produced, expiration_date: addDays(produced, Number(k.shelf_days)),
      });
    }
    this.load('purchase_order', {
      po_no: poNo, supplier_no: first.supplier_no, org_code: store.org_code, center_code: store.center_code, purchase_order_source: '1',
      order_time: `${addDays(this.today, -2)} 10:00:00`, status: 2, created_at: `${addDays(this.today, -2)} 10:00:00`, updated_at: time,
    });
    this.load('purchase_receipt', {
      receive_no: receiveNo, receive_type: 26, po_no: poNo, purchase_order_source: '1', supplier_no: first.supplier_no, org_code: store.org_code,
      center_code: store.center_code, receive_time: time, status: 2, settlement_no: null, created_at: time, updated_at: time,
    });
    this.load('ar_ap_ledger', {
      ledger_id: this.id(), direction: 2, arap_type: 'AP01', party_type: 4, party_no: first.supplier_no, org_code: store.org_code,
      doc_no: receiveNo, amount: round2(total), biz_time: time,
    });
  }
}

export async function seedExtraOps(db: Db, w: Writer, tenantId: number, today: string): Promise<void> {
  const x = new ExtraOps(db, w, tenantId, today);
  await x.adjustments();
  await x.storeReturn();
  await x.scrap();
  await x.purchaseReturns();
  await x.invoices();
  await x.directDelivery();
  await w.flushAll();
}

/** Today's invoices of the supplier and a wholesale customer alone (report 193), for a day seeded otherwise. */
export async function seedTodayInvoices(db: Db, w: Writer, tenantId: number, today: string): Promise<void> {
  await new ExtraOps(db, w, tenantId, today).invoices();
  await w.flushAll();
}
