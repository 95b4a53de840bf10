import { PAY_TYPE } from '../offers';
import type { Rng } from '../prng';
import { round2, type SimContext } from './context';
import type { Member, Members } from './members';

export interface PayPart {
  type: string;
  amount: number;
}

/**
 * How a goods order is paid: one pay type, or (about 5% of orders of 20 yuan or more) two pay types,
 * which flags the order is_mixed_payment (report 165 excludes those).
 */
export function choosePayment(rng: Rng, amount: number, member: Member | null, online: boolean): PayPart[] {
  if (online) return [{ type: rng.chance(0.65) ? 'WX' : 'ALI', amount }];
  if (amount >= 20 && rng.chance(0.05)) {
    const options: [string, number][] = [
      ['CASH', round2(amount * rng.range(0.2, 0.6))],
      ['UNION', round2(amount * rng.range(0.3, 0.7))],
    ];
    if (member?.stored && member.stored.balance >= 10) options.push(['CARD', Math.min(member.stored.balance, round2(amount * rng.range(0.3, 0.7)))]);
    if (member && member.points >= 500) options.push(['POINTS', Math.min(Math.floor(member.points / 100), round2(amount * 0.3))]);
    const [type, first] = rng.pick(options);
    if (first > 0 && first < amount) return [{ type, amount: first }, { type: rng.chance(0.6) ? 'WX' : 'ALI', amount: round2(amount - first) }];
  }
  const canCard = !!member?.stored && member.stored.balance >= amount;
  const r = rng.float() * (canCard ? 100 : 90);
  const type = r < 45 ? 'WX' : r < 70 ? 'ALI' : r < 80 ? 'CASH' : r < 90 ? 'UNION' : 'CARD';
  return [{ type, amount }];
}

/** Running T+1 totals of one day's payments (sales_payment_daily), keyed by org × pay type × cashier. */
export class PaymentDaily {
  private rows = new Map<string, { org: string; type: string; cashier: number; receipt: number; refund: number; fee: number; count: number }>();

  add(org: string, type: string, cashier: number, amount: number, fee: number): void {
    const key = `${org}|${type}|${cashier}`;
    let r = this.rows.get(key);
    if (!r) {
      r = { org, type, cashier, receipt: 0, refund: 0, fee: 0, count: 0 };
      this.rows.set(key, r);
    }
    if (amount >= 0) r.receipt += amount;
    else r.refund -= amount;
    r.fee += fee;
    r.count++;
  }

  /** Writes the day's rows (never for today: the copy is settled the next day) and starts over. */
  flush(ctx: SimContext): void {
    if (!ctx.isToday) {
      for (const r of this.rows.values()) {
        ctx.push('sales_payment_daily', {
          tenant_id: ctx.tenantId,
          business_date: ctx.date,
          org_code: r.org,
          pay_type: r.type,
          show_status: PAY_TYPE.get(r.type)!.showStatus,
          cashier_account_id: r.cashier,
          receipt_amount: round2(r.receipt),
          refund_amount: round2(r.refund),
          fee_amount: round2(r.fee),
          payment_count: r.count,
        });
      }
    }
    this.rows.clear();
  }
}

/** Writes the payment lines of an order and applies their side effects on member assets. */
export function writePayments(
  ctx: SimContext,
  members: Members,
  daily: PaymentDaily,
  rng: Rng,
  order: { order_no: string; org: string; cashier: number; time: string; member: Member | null },
  parts: PayPart[],
): void {
  parts.forEach((p, i) => {
    const pt = PAY_TYPE.get(p.type)!;
    const fee = p.amount > 0 ? round2(p.amount * pt.feeRate) : 0;
    ctx.pushDated('sales_payment', ctx.date, {
      tenant_id: ctx.tenantId,
      order_no: order.order_no,
      pay_line: i + 1,
      pay_type: p.type,
      show_status: pt.showStatus,
      pay_amount: p.amount,
      fee_amount: fee,
      trade_no: p.type === 'WX' || p.type === 'ALI' || p.type === 'UNION' ? `${p.type === 'WX' ? '42' : p.type === 'ALI' ? '20' : '62'}${rng.digits(18)}` : null,
      pay_time: order.time,
    });
    daily.add(order.org, p.type, order.cashier, p.amount, fee);
    if (order.member && p.amount > 0) {
      if (p.type === 'CARD') members.consumeStored(order.member, p.amount, order.org, order.time, order.order_no);
      if (p.type === 'POINTS') members.addPoints(order.member, -Math.round(p.amount * 100), order.order_no, order.org, order.time);
    }
  });
}
