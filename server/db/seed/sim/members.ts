import { addDays, daysBetween, timestamp } from '../../../../engine/dates/calendar';
import { GIVEN, MEMBER_ATTRIBUTES, SURNAMES } from '../names';
import { CARDS, COUPON_TITLES, MEMBER_LEVELS, PLUS_CARDS, type CardOffer } from '../offers';
import { cumulative, Rng } from '../prng';
import type { StoreInfo } from '../world';
import { round2, type SimContext } from './context';

export interface CardInstance {
  no: string;
  card: CardOffer;
  member_no: string | null;
  member: Member | null;
  issueOrg: string;
  issueTime: string;
  balance: number;
  times: number | null;
}

export interface Coupon {
  no: string;
  activity: Activity;
  member_no: string;
  issueTime: string;
  issueOrg: string;
  usedOrder: string | null;
  usedOrg: string | null;
  usedTime: string | null;
  discount: number;
}

export interface Activity {
  key: string;
  title: string;
  face: number;
  start: string;
  end: string;
}

export interface Member {
  member_no: string;
  name: string;
  phone: string;
  level: string;
  attr: string;
  regOrg: string;
  regTime: string;
  firstOrder: string | null;
  points: number;
  plusEnd: string | null;
  stored: CardInstance | null;
  coupons: Coupon[];
}

/** Member population and its assets (cards, coupons, points, plus subscriptions) over the simulation. */
export class Members {
  readonly all: Member[];
  private registered = 0;
  readonly cards: CardInstance[] = [];
  readonly coupons: Coupon[] = [];
  readonly activities: Activity[];
  private readonly packages: CardInstance[] = [];

  constructor(private readonly ctx: SimContext) {
    const { world } = ctx;
    const rng = Rng.of(world.tenantId, 'members');
    const stores = world.sellingStores;
    const storeCum = cumulative(stores.map((s) => s.factor));
    const levelCum = cumulative(MEMBER_LEVELS.map((l) => l.share));
    const attrCum = cumulative([0.75, 0.08, 0.05, 0.12]);
    const span = daysBetween(world.start, world.today);
    const raw = Array.from({ length: world.profile.members }, (_, i) => {
      const before = rng.chance(0.35);
      const day = before ? addDays(world.start, -rng.int(1, 900)) : addDays(world.start, rng.int(0, span));
      const second = day === world.today ? rng.range(8 * 3600, 11.9 * 3600) : rng.range(8 * 3600, 22 * 3600);
      return {
        i,
        regTime: timestamp(day, second),
        regOrg: stores[rng.weightedIndex(storeCum)].org_code,
        level: MEMBER_LEVELS[rng.weightedIndex(levelCum)].no,
        attr: MEMBER_ATTRIBUTES[rng.weightedIndex(attrCum)][0],
        name: rng.pick(SURNAMES) + rng.pick(GIVEN) + (rng.chance(0.6) ? rng.pick(GIVEN) : ''),
      };
    });
    raw.sort((a, b) => (a.regTime < b.regTime ? -1 : a.regTime > b.regTime ? 1 : a.i - b.i));
    const prefixes = ['138', '139', '135', '186', '137', '158', '188', '152', '136', '159'];
    this.all = raw.map((r, n) => ({
      member_no: `M${world.tenantDigit}${String(n + 1).padStart(7, '0')}`,
      name: r.name,
      // bijective in n, so phones are unique within the tenant
      phone: prefixes[n % 10] + String(10_000_000 + ((n * 7_919 + world.tenantDigit * 1_000_003) % 89_999_999)).padStart(8, '0'),
      level: r.level,
      attr: r.attr,
      regOrg: r.regOrg,
      regTime: r.regTime,
      firstOrder: null,
      points: 0,
      plusEnd: null,
      stored: null,
      coupons: [],
    }));

    // coupon activities spread over the history, 45–75 days each
    const arng = Rng.of(world.tenantId, 'activities');
    this.activities = COUPON_TITLES.map(([title, face], i) => {
      const startDay = addDays(world.start, Math.floor((span * i) / COUPON_TITLES.length) + arng.int(0, 10));
      return {
        key: `CA${world.tenantDigit}${String(i + 1).padStart(4, '0')}`,
        title,
        face,
        start: `${startDay} 00:00:00`,
        end: `${addDays(startDay, arng.int(45, 75))} 23:59:59`,
      };
    });
  }

  /** Advances the registered population to the end of the current day (noon today). */
  startDay(): void {
    const limit = `${this.ctx.date} ${this.ctx.isToday ? '12:00:00' : '23:59:59'}`;
    while (this.registered < this.all.length && this.all[this.registered].regTime <= limit) this.registered++;
  }

  /** A member registered before `time`, or null. */
  pick(rng: Rng, time: string): Member | null {
    // members are sorted by regTime: the count registered by `time`, found by bisection (called per order)
    let lo = 0;
    let hi = this.registered;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.all[mid].regTime > time) hi = mid;
      else lo = mid + 1;
    }
    return lo === 0 ? null : this.all[rng.int(0, lo - 1)];
  }

  noteOrder(m: Member, time: string): void {
    if (!m.firstOrder || time < m.firstOrder) m.firstOrder = time;
  }

  addPoints(m: Member, points: number, orderNo: string | null, org: string, time: string): void {
    if (points === 0) return;
    m.points += points;
    this.ctx.push('member_points_ledger', {
      tenant_id: this.ctx.tenantId,
      id: this.ctx.id('points'),
      member_no: m.member_no,
      org_code: org,
      order_no: orderNo,
      points,
      biz_time: time,
    });
  }

  /** An unused coupon valid at `time` whose threshold (5 × face value) the amount reaches. */
  couponFor(m: Member, amount: number, time: string): Coupon | null {
    for (const c of m.coupons) {
      if (!c.usedOrder && c.activity.end >= time && c.issueTime <= time && amount >= c.activity.face * 5) return c;
    }
    return null;
  }

  useCoupon(m: Member, c: Coupon, orderNo: string, org: string, time: string): void {
    c.usedOrder = orderNo;
    c.usedOrg = org;
    c.usedTime = time;
    c.discount = c.activity.face;
    m.coupons = m.coupons.filter((x) => x !== c);
  }

  private cardTxn(inst: CardInstance, txnType: number, amount: number, org: string, time: string, orderNo: string | null, times: number | null = null): void {
    this.ctx.push('card_transaction', {
      tenant_id: this.ctx.tenantId,
      txn_id: this.ctx.id('card_txn'),
      card_instance_no: inst.no,
      card_no: inst.card.no,
      member_no: inst.member_no,
      org_code: org,
      txn_type: txnType,
      amount,
      times,
      order_no: orderNo,
      txn_time: time,
    });
  }

  private issueCard(card: CardOffer, m: Member | null, org: string, time: string): CardInstance {
    const inst: CardInstance = {
      no: `CI${this.ctx.tenantId}${String(this.cards.length + 1).padStart(8, '0')}`,
      card,
      member_no: m?.member_no ?? null,
      member: m,
      issueOrg: org,
      issueTime: time,
      balance: 0,
      times: card.times,
    };
    this.cards.push(inst);
    return inst;
  }

  /** Top-up of the member's stored-value card (virtual type 1), with a bonus on larger amounts. */
  topUp(m: Member, amount: number, org: string, time: string, orderNo: string, rng: Rng): void {
    if (!m.stored) m.stored = this.issueCard(CARDS[0], m, org, time);
    m.stored.balance = round2(m.stored.balance + amount);
    this.cardTxn(m.stored, 1, amount, org, time, orderNo);
    if (amount >= 500 && rng.chance(0.6)) {
      const bonus = amount >= 1000 ? 120 : 40;
      m.stored.balance = round2(m.stored.balance + bonus);
      this.cardTxn(m.stored, 2, bonus, org, time, orderNo);
    }
  }

  /** Payment from the stored-value card. */
  consumeStored(m: Member, amount: number, org: string, time: string, orderNo: string): void {
    m.stored!.balance = round2(m.stored!.balance - amount);
    this.cardTxn(m.stored!, 3, amount, org, time, orderNo);
  }

  /** Sale of a gift or package card: a new card instance loaded with its value. */
  sellCard(card: CardOffer, m: Member | null, org: string, time: string, orderNo: string): CardInstance {
    const inst = this.issueCard(card, m, org, time);
    inst.balance = card.type === 3 ? card.price : card.face;
    this.cardTxn(inst, 1, inst.balance, org, time, orderNo);
    if (card.type === 3) this.packages.push(inst);
    return inst;
  }

  /** A package card with times left, issued at the store before `time`. */
  packageToRedeem(rng: Rng, org: string, time: string): CardInstance | null {
    const open = this.packages.filter((p) => p.issueOrg === org && (p.times ?? 0) > 0 && p.issueTime < time);
    return open.length ? rng.pick(open) : null;
  }

  redeemPackage(inst: CardInstance, org: string, time: string, orderNo: string): number {
    const amount = inst.times === 1 ? inst.balance : round2(inst.card.price / inst.card.times!);
    inst.balance = round2(inst.balance - amount);
    inst.times = (inst.times ?? 1) - 1;
    this.cardTxn(inst, 3, amount, org, time, orderNo, 1);
    return amount;
  }

  /** Daily member activity outside orders: coupons issued, plus cards bought, stored value cashed out. */
  daily(stores: StoreInfo[]): void {
    const ctx = this.ctx;
    const rng = ctx.rng('members-daily');
    const limit = ctx.isToday ? `${ctx.date} 12:00:00` : `${ctx.date} 23:59:59`;
    for (const a of this.activities) {
      if (a.start > limit || a.end < `${ctx.date} 00:00:00`) continue;
      const n = rng.poisson(Math.max(1, this.registered * 0.0015) * (ctx.isToday ? 0.4 : 1));
      for (let i = 0; i < n; i++) {
        const time = ctx.time('sales', rng);
        const m = this.pick(rng, time);
        if (!m) continue;
        const c: Coupon = {
          no: `CP${ctx.tenantId}${String(this.coupons.length + 1).padStart(8, '0')}`,
          activity: a,
          member_no: m.member_no,
          issueTime: time,
          issueOrg: m.regOrg,
          usedOrder: null,
          usedOrg: null,
          usedTime: null,
          discount: 0,
        };
        this.coupons.push(c);
        m.coupons.push(c);
      }
    }
    for (const st of stores) {
      if (rng.chance(0.12 * st.factor * (ctx.isToday ? 0.4 : 1))) this.buyPlus(st, rng);
      const holders = rng.chance(0.03) ? this.pick(rng, ctx.time('evening', rng)) : null;
      if (holders?.stored && holders.stored.balance >= 50 && holders.regOrg === st.org_code) {
        const amount = round2(Math.min(holders.stored.balance, 100));
        holders.stored.balance = round2(holders.stored.balance - amount);
        this.cardTxn(holders.stored, 4, amount, st.org_code, ctx.time('evening', rng), null);
      }
    }
  }

  private buyPlus(st: StoreInfo, rng: Rng): void {
    const ctx = this.ctx;
    const time = ctx.time('sales', rng);
    const m = this.pick(rng, time);
    if (!m) return;
    const card = PLUS_CARDS[rng.weightedIndex([0.5, 0.8, 1])];
    const renewal = m.plusEnd !== null;
    const startDate = m.plusEnd && m.plusEnd >= ctx.date ? addDays(m.plusEnd, 1) : ctx.date;
    const endDate = addDays(startDate, card.days - 1);
    const refunded = rng.chance(0.03);
    if (!refunded) m.plusEnd = endDate;
    ctx.push('plus_member_subscription', {
      tenant_id: ctx.tenantId,
      sub_no: ctx.docNo('PM'),
      plus_card_no: card.no,
      member_no: m.member_no,
      org_code: st.org_code,
      amount: card.price,
      refund_amount: refunded ? card.price : 0,
      is_renewal: renewal ? 1 : 0,
      buy_time: time,
      start_date: startDate,
      end_date: endDate,
    });
  }

  /** Final state: members, their cards, coupons and tags. */
  writeFinal(): void {
    const ctx = this.ctx;
    const t = ctx.tenantId;
    const today = ctx.world.today;
    const now = `${today} 12:00:00`;
    const rng = Rng.of(t, 'member-final');
    const tagCodes = ['MT01', 'MT02', 'MT03', 'MT04', 'MT05', 'MT06'];
    for (const m of this.all) {
      ctx.push('member', {
        tenant_id: t,
        member_no: m.member_no,
        member_name: m.name,
        phone: m.phone,
        level_no: m.level,
        member_attribute: m.attr,
        register_org_code: m.regOrg,
        register_time: m.regTime,
        first_order_time: m.firstOrder,
        is_plus: m.plusEnd && m.plusEnd >= today ? 1 : 0,
        points_balance: m.points,
        created_at: m.regTime,
        updated_at: now,
      });
      if (rng.chance(0.3)) {
        for (const tag of rng.sample(tagCodes, rng.int(1, 2))) ctx.push('member_tag_relation', { tenant_id: t, member_no: m.member_no, tag_code: tag });
      }
    }
    for (const c of this.cards) {
      ctx.push('member_card', {
        tenant_id: t,
        card_instance_no: c.no,
        card_no: c.card.no,
        member_no: c.member_no,
        issue_org_code: c.issueOrg,
        balance: c.balance,
        remaining_times: c.times,
        status: c.balance > 0 || (c.times ?? 0) > 0 ? 1 : 2,
        issue_time: c.issueTime,
        created_at: c.issueTime,
        updated_at: now,
      });
    }
    for (const c of this.coupons) {
      ctx.push('coupon', {
        tenant_id: t,
        coupon_no: c.no,
        coupon_activity_key: c.activity.key,
        member_no: c.member_no,
        issue_time: c.issueTime,
        issue_org_code: c.issueOrg,
        status: c.usedOrder ? 2 : c.activity.end < now ? 3 : 1,
        used_order_no: c.usedOrder,
        used_org_code: c.usedOrg,
        used_time: c.usedTime,
        discount_amount: c.discount,
      });
    }
  }
}
