import { addDays, compactDate, timestamp } from '../../../../engine/dates/calendar';
import { Rng } from '../prng';
import type { SeedRow, Writer } from '../sink';
import { Shelves, type Position } from '../shelves';
import type { CenterInfo, SkuInfo, StoreInfo, World } from '../world';
import type { Member } from './members';

/** Hours of the day in which each kind of event happens; today stops at noon (real-time reports). */
const DAY_PHASES = {
  pack: [4.5, 5.75],
  ship: [6, 6.7],
  storeReceive: [6.75, 7.75],
  centerReceive: [8, 10],
  sales: [8, 21.5],
  wholesale: [10, 16],
  replenish: [15, 15.5],
  purchaseReturn: [16, 17],
  storeOrder: [20, 21.4],
  evening: [21.6, 23.5],
} as const;
export type Phase = keyof typeof DAY_PHASES;
const TODAY_PHASES: Record<Phase, readonly [number, number]> = {
  ...DAY_PHASES,
  sales: [8, 11],
  wholesale: [10, 10.5],
  replenish: [10.5, 10.6],
  purchaseReturn: [10.6, 11],
  storeOrder: [11, 11.4],
  evening: [11.6, 12],
};

export interface RecentSale {
  order_no: string;
  member: Member | null;
  payType: string;
  lines: { sku: SkuInfo; qty: number; price: number; sale: number; discount: number; points: number }[];
}

export interface PendingStoreOrder {
  dorder_no: string;
  store: StoreInfo;
  lines: { sku: SkuInfo; qty: number; price: number; lineId: number; shipped: number }[];
  status: number;
  payType: number;
  groupId: number;
  time: string;
}

export interface PendingPurchase {
  po_no: string;
  center: CenterInfo;
  /** set for direct deliveries to a store */
  store: StoreInfo | null;
  supplier_no: string;
  source: string;
  lines: { sku: SkuInfo; qty: number }[];
  urgent: boolean;
  orderTime: string;
}

export interface MonthDoc {
  docType: number;
  docNo: string;
  amount: number;
  org: string;
}

/** Shared state of one tenant's simulation. */
export class SimContext {
  readonly tenantId: number;
  /** what the simulation knows of its stock: quantities and lots, no cost */
  readonly shelves = new Shelves();
  date = '';
  isToday = false;
  /** the day before today: the default date of the reports whose range ends yesterday */
  isYesterday = false;
  private seq = new Map<string, number>();
  private ids = new Map<string, number>();
  private positionCache = new Map<string, Position[]>();

  /** store orders placed today, shipped tomorrow morning */
  pendingStoreOrders: PendingStoreOrder[] = [];
  /** purchase orders by due date */
  pendingPurchases = new Map<string, PendingPurchase[]>();
  /** open purchase quantity per centre × sku */
  onOrder = new Map<string, number>();
  recentSales = new Map<string, RecentSale[]>();
  /** documents of the month per party, for settlements: key `${party_type}|${party_no}` */
  monthDocs = new Map<string, MonthDoc[]>();
  /** store-return documents collected by tonight's return tours, per route */
  returnsForTour = new Map<string, { org: string; doc: string; qty: number }[]>();

  constructor(
    readonly world: World,
    readonly w: Writer,
  ) {
    this.tenantId = world.tenantId;
  }

  startDay(date: string): void {
    this.date = date;
    this.isToday = date === this.world.today;
    this.isYesterday = date === addDays(this.world.today, -1);
  }

  rng(...label: (string | number)[]): Rng {
    return Rng.of(this.tenantId, this.date, ...label);
  }

  /** Seconds-of-day window of a phase on the current day. */
  window(phase: Phase): [number, number] {
    const [a, b] = (this.isToday ? TODAY_PHASES : DAY_PHASES)[phase];
    return [a * 3600, b * 3600];
  }

  time(phase: Phase, rng: Rng): string {
    const [a, b] = this.window(phase);
    return timestamp(this.date, rng.range(a, b));
  }

  /** Document number: prefix + tenant + YYMMDD + running number, unique across tenants. */
  docNo(prefix: string): string {
    const n = (this.seq.get(prefix) ?? 0) + 1;
    this.seq.set(prefix, n);
    return `${prefix}${this.tenantId}${compactDate(this.date)}${String(n).padStart(6, '0')}`;
  }

  /** Numeric id unique across tenants: tenant_id × 10^10 + running number per kind. */
  id(kind: string): number {
    const n = (this.ids.get(kind) ?? 0) + 1;
    this.ids.set(kind, n);
    return this.tenantId * 10_000_000_000 + n;
  }

  push(table: string, row: SeedRow): void {
    this.w.push(table, row);
  }

  storePosition(store: StoreInfo, sku: SkuInfo): Position {
    return this.cachedPosition(store.org_code, store.center_code, sku, false);
  }

  centerPosition(center: CenterInfo, sku: SkuInfo): Position {
    return this.cachedPosition(center.org_code, center.center_code, sku, true);
  }

  /** Positions by org and sku index: the simulation looks them up millions of times. */
  private cachedPosition(org: string, center: string, sku: SkuInfo, lotted: boolean): Position {
    let list = this.positionCache.get(org);
    if (!list) {
      list = [];
      this.positionCache.set(org, list);
    }
    let p = list[sku.idx];
    if (!p) {
      p = this.shelves.position(org, center, sku.sku_no, lotted);
      list[sku.idx] = p;
    }
    return p;
  }

  addMonthDoc(partyType: number, partyNo: string, doc: MonthDoc): void {
    const key = `${partyType}|${partyNo}`;
    const list = this.monthDocs.get(key) ?? [];
    list.push(doc);
    this.monthDocs.set(key, list);
  }
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const round4 = (v: number) => Math.round(v * 10000) / 10000;
