import { addDays, addMonths, monthOf, timestamp } from '../../../../engine/dates/calendar';
import type { Rng } from '../prng';
import { round2, type MonthDoc, type SimContext } from './context';
import { settlementNo } from './supply';

/**
 * Month-end finance: on the first day of a month the previous month's documents are settled per party
 * (supplier 4, wholesale client 3, franchise store 2), with invoices, payments and advances.
 * Older settlements are further along: cleared; last month's are mostly still open.
 */
export class Finance {
  constructor(private readonly ctx: SimContext) {}

  startOfDay(): void {
    const ctx = this.ctx;
    if (ctx.date.slice(8) !== '01' || ctx.monthDocs.size === 0) return;
    const month = monthOf(addMonths(ctx.date, -1));
    const age = monthsBetween(month, monthOf(ctx.world.today));
    const docs = [...ctx.monthDocs].sort(([a], [b]) => a.localeCompare(b));
    ctx.monthDocs.clear();
    for (const [key, list] of docs) {
      const [partyType, partyNo] = key.split('|');
      this.settle(Number(partyType), partyNo, month, age, list);
    }
  }

  private settle(partyType: number, partyNo: string, month: string, age: number, docs: MonthDoc[]): void {
    const ctx = this.ctx;
    const t = ctx.tenantId;
    const rng = ctx.rng('settle', partyType, partyNo);
    const amount = round2(docs.reduce((a, d) => a + d.amount, 0));
    const no = settlementNo(t, partyType, partyNo, month);
    // a month of returns only: the party owes the balance; the settlement stays open, as its documents name it
    if (amount <= 0) return this.open(partyType, partyNo, month, no, amount, docs);
    const r = rng.float();
    const status = age >= 3 ? (r < 0.9 ? 3 : r < 0.95 ? 2 : 4) : age === 2 ? (r < 0.5 ? 3 : 2) : r < 0.7 ? 0 : 2;
    const settled = status === 3 ? amount : status === 2 ? round2(amount * rng.range(0.3, 0.8)) : 0;
    const invoiced = status === 3 ? rng.chance(0.9) : status === 2 ? rng.chance(0.5) : status === 0 ? rng.chance(0.2) : false;
    const created = timestamp(ctx.date, rng.range(9 * 3600, 11 * 3600));
    const org = partyType === 4 ? '1000' : docs[0].org;
    ctx.push('settlement', {
      tenant_id: t,
      settlement_no: no,
      party_type: partyType,
      party_no: partyNo,
      org_code: org,
      period_month: month,
      settlement_amount: amount,
      settled_amount: settled,
      status,
      invoice_status: invoiced ? 1 : 0,
      created_at: created,
      updated_at: created,
    });
    this.items(no, docs);
    if (invoiced) this.invoices(partyType, partyNo, no, amount, rng);
    const direction = partyType === 4 ? 2 : 1;
    if (partyType === 2) this.arap(direction, 'AR04', partyType, partyNo, org, no, amount, created);
    if (settled > 0) {
      const paidAt = this.later(created, rng);
      this.arap(direction, partyType === 4 ? 'AP03' : 'AR03', partyType, partyNo, org, no, -settled, paidAt);
    }
    this.advances(partyType, partyNo, org, no, amount, settled, created, rng);
  }

  private later(created: string, rng: Rng): string {
    const day = addDays(created.slice(0, 10), rng.int(2, 12));
    return day > this.ctx.world.today ? created : `${day} ${created.slice(11)}`;
  }

  private invoices(partyType: number, partyNo: string, settlementNo: string, amount: number, rng: Rng): void {
    const ctx = this.ctx;
    const count = amount > 5000 && rng.chance(0.4) ? 2 : 1;
    let left = amount;
    for (let i = 0; i < count; i++) {
      const part = i === count - 1 ? left : round2(amount * rng.range(0.4, 0.6));
      left = round2(left - part);
      const rate = rng.chance(0.8) ? 0.13 : 0.09;
      const ex = round2(part / (1 + rate));
      const date = this.later(`${ctx.date} 10:00:00`, rng).slice(0, 10);
      ctx.push('invoice', {
        tenant_id: ctx.tenantId,
        invoice_no: ctx.docNo('FP'),
        party_type: partyType,
        party_no: partyNo,
        invoice_type: rng.chance(0.7) ? '01' : rng.chance(0.5) ? '02' : '03',
        invoice_date: date,
        amount_ex_tax: ex,
        tax_amount: round2(part - ex),
        tax_rate: rate,
        settlement_no: settlementNo,
        status: 1,
        created_at: `${date} 10:00:00`,
        updated_at: `${date} 10:00:00`,
      });
    }
  }

  private arap(direction: number, type: string, partyType: number, partyNo: string, org: string, docNo: string, amount: number, time: string): void {
    this.ctx.push('ar_ap_ledger', {
      tenant_id: this.ctx.tenantId,
      ledger_id: this.ctx.id('arap'),
      direction,
      arap_type: type,
      party_type: partyType,
      party_no: partyNo,
      org_code: org,
      doc_no: docNo,
      amount,
      biz_time: time,
    });
  }

  /** Prepayments to suppliers (2, adjusted by 9) and pre-receipts from clients (1), used up by settlements (4). */
  /** An open settlement of a balance the party owes: no invoice, payment or advance yet. */
  private open(partyType: number, partyNo: string, month: string, no: string, amount: number, docs: MonthDoc[]): void {
    const ctx = this.ctx;
    const created = timestamp(ctx.date, 9 * 3600);
    ctx.push('settlement', {
      tenant_id: ctx.tenantId,
      settlement_no: no,
      party_type: partyType,
      party_no: partyNo,
      org_code: partyType === 4 ? '1000' : docs[0].org,
      period_month: month,
      settlement_amount: amount,
      settled_amount: 0,
      status: 0,
      invoice_status: 0,
      created_at: created,
      updated_at: created,
    });
    this.items(no, docs);
  }

  /** A line per document the settlement covers (a document once). */
  private items(no: string, docs: MonthDoc[]): void {
    const seen = new Set<string>();
    for (const d of docs) {
      const key = `${d.docType}|${d.docNo}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.ctx.push('settlement_item', { tenant_id: this.ctx.tenantId, settlement_no: no, doc_type: d.docType, doc_no: d.docNo, amount: d.amount });
    }
  }

  private advances(partyType: number, partyNo: string, org: string, settlement: string, amount: number, settled: number, created: string, rng: Rng): void {
    if (partyType === 2 || !rng.chance(0.35)) return;
    const ctx = this.ctx;
    const push = (advType: number, value: number, time: string, settlementNo: string | null, remark: string) =>
      ctx.push('advance_payment', {
        tenant_id: ctx.tenantId,
        adv_no: ctx.docNo('YF'),
        party_type: partyType,
        party_no: partyNo,
        org_code: org,
        adv_type: advType,
        amount: value,
        biz_time: time,
        settlement_no: settlementNo,
        remark,
      });
    const advance = round2(amount * rng.range(0.2, 0.5));
    push(partyType === 4 ? 2 : 1, advance, created, null, partyType === 4 ? '供应商预付款' : '客户预收款');
    if (settled > 0) push(4, round2(Math.min(advance, settled)), this.later(created, rng), settlement, '结算抵扣');
    if (rng.chance(0.08)) push(3, round2(advance * 0.1), this.later(created, rng), null, '预付款退回');
    if (partyType === 4 && rng.chance(0.1)) push(9, round2((rng.chance(0.5) ? 1 : -1) * rng.range(50, 500)), this.later(created, rng), null, '预付款调整');
  }
}

function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
}
