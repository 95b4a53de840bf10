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

/** Writes the payment lines of an order and applies their side effects on member assets. */
export function writePayments(
  ctx: SimContext,
  members: Members,
  rng: Rng,
  order: { order_no: string; org: string; cashier: number; time: string; member: Member | null },
  parts: PayPart[],
): void {
  parts.forEach((p, i) => {
    const pt = PAY_TYPE.get(p.type)!;
    const fee = p.amount > 0 ? round2(p.amount * pt.feeRate) : 0;
    ctx.push('sales_payment', {
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
    if (order.member && p.amount > 0) {
      if (p.type === 'CARD') members.consumeStored(order.member, p.amount, order.org, order.time, order.order_no);
      if (p.type === 'POINTS') members.addPoints(order.member, -Math.round(p.amount * 100), order.order_no, order.org, order.time);
    }
  });
}
