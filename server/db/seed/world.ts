import { addDays, addMonths, firstOfMonth } from '../../../engine/dates/calendar';
import { LEAF_CATEGORIES, SUPPLIERS, type LeafCategory } from './names';
import { cumulative, Rng } from './prng';
import type { TenantProfile } from './scale';

/** The in-memory master data of one tenant that the daily simulation draws from. */

export interface SupplierInfo {
  idx: number;
  supplier_no: string;
  org_code: string;
  name: string;
  logisticsType: 1 | 2 | 3;
  contacts: string;
}

export interface SkuInfo {
  idx: number;
  sku_no: string;
  barcode: string;
  name: string;
  spec: string;
  leaf: LeafCategory;
  cate3: string;
  brandCode: string;
  supplier: SupplierInfo;
  /** central (through a logistics centre) or direct delivery to the stores */
  central: boolean;
  price: number;
  buy: number;
  tax: number;
  shelfDays: number;
  caseQty: number;
  weight: number;
}

export interface CenterInfo {
  idx: number;
  center_code: string;
  org_code: string;
  name: string;
  city: string;
  routes: RouteInfo[];
  stores: StoreInfo[];
  /** account ids, filled by accounts */
  pickers: number[];
  drivers: number[];
}

export interface RouteInfo {
  route_no: string;
  name: string;
  center: CenterInfo;
  stores: StoreInfo[];
  carrier_no: string;
  car_model: string;
  car_plate: string;
}

export interface StoreInfo {
  idx: number;
  store_no: string;
  org_code: string;
  /** the store's own warehouse (center_type '1') */
  center_code: string;
  name: string;
  city: string;
  address: string;
  store_type: 1 | 2 | 3;
  finance_no: string;
  open_date: string;
  status: number;
  selling: boolean;
  lc: CenterInfo;
  route: RouteInfo | null;
  /** relative size of the store */
  factor: number;
  stocked: SkuInfo[];
  stockedCum: number[];
  /** expected units sold per day, by sku_no */
  demand: Map<string, number>;
  /** the store's selling price, by sku_no */
  prices: Map<string, number>;
  pickups: string[];
  /** ISO weekdays on which the store orders from its centre */
  orderDays: number[];
  /** weekday of the weekly direct delivery from suppliers */
  directDay: number;
  cashiers: number[];
}

export interface World {
  profile: TenantProfile;
  tenantId: number;
  /** 1, 2, 3: prefix digit of codes that must differ between tenants */
  tenantDigit: number;
  today: string;
  start: string;
  suppliers: SupplierInfo[];
  brands: { code: string; name: string; supplier: SupplierInfo }[];
  skus: SkuInfo[];
  centers: CenterInfo[];
  stores: StoreInfo[];
  sellingStores: StoreInfo[];
  wholesalers: { wholesaler_no: string; org_code: string; name: string; type: number; enabled: boolean; salesman_id: string }[];
  salesmen: { id: string; name: string; tel: string }[];
  carriers: { no: string; name: string }[];
}

const WHOLESALERS = [
  '上海鑫源商贸有限公司', '苏州百汇食品批发有限公司', '杭州联华食品经营部', '上海申通餐饮管理有限公司',
  '昆山佳和贸易有限公司', '上海蓝海酒店用品有限公司', '南京福润商贸有限公司', '上海惠友团购服务有限公司',
];
const CARRIERS = ['上海安能物流有限公司', '顺丰速运有限公司', '德邦物流股份有限公司', '自有车队'];
const CAR_MODELS = ['4.2', '6.8', '7.6', '9.6'];
const PLATE_PREFIX: Record<string, string> = { 上海: '沪A', 苏州: '苏E', 北京: '京A', 廊坊: '冀R', 广州: '粤A', 东莞: '粤S', 杭州: '浙A' };
const AVG_LINES = 2.7;
const AVG_QTY = 1.45;

/** EAN-13 check digit of 12 digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

/** Retail price points: 9.90, 12.80, 35.00 … */
function pricePoint(v: number): number {
  if (v < 10) return Math.max(1.5, Math.round(v * 10) / 10);
  if (v < 100) return Math.round(v) - (Math.round(v) % 2 === 0 ? 0.2 : 0.1);
  return Math.round(v / 10) * 10 - 1;
}

const shelfDays = (leaf: LeafCategory) => leaf.shelf[0] * (leaf.shelf[1] === 1 ? 1 : leaf.shelf[1] === 2 ? 30 : 365);

function buildSkus(rng: Rng, tenantDigit: number, count: number, brandsByName: Map<string, World['brands'][number]>): SkuInfo[] {
  const candidates: Omit<SkuInfo, 'idx' | 'sku_no' | 'barcode'>[] = [];
  const variants = ['', '（家庭装）', '（促销装）', '（礼盒装）'];
  for (const variant of variants) {
    LEAF_CATEGORIES.forEach((leaf, li) => {
      leaf.items.forEach(([brandName, stem], ii) => {
        const brand = brandsByName.get(brandName);
        if (!brand) return;
        leaf.specs.forEach((spec, si) => {
          const [lo, hi] = leaf.price;
          const base = lo + ((hi - lo) * (si + 1)) / leaf.specs.length;
          const price = pricePoint(base * rng.range(0.55, 1) * (variant ? 1.15 : 1));
          candidates.push({
            name: `${brandName}${stem}${variant} ${spec}`,
            spec,
            leaf,
            cate3: leafCode(li),
            brandCode: brand.code,
            supplier: brand.supplier,
            central: brand.supplier.logisticsType !== 2,
            price,
            buy: Math.round(price * rng.range(0.62, 0.8) * 100) / 100,
            tax: leaf.tax,
            shelfDays: shelfDays(leaf),
            caseQty: leaf.caseQty,
            weight: leaf.pop * rng.range(0.3, 1.7) / (1 + ii * 0.25 + si * 0.2 + (variant ? 2 : 0)),
          });
        });
      });
    });
  }
  return candidates.slice(0, count).map((c, idx) => ({
    ...c,
    idx,
    sku_no: `${tenantDigit}${String(idx + 1).padStart(5, '0')}`,
    barcode: ean13(`69${tenantDigit}${String(1000 + (idx % 9000)).slice(-4)}${String(idx + 1).padStart(5, '0')}`),
  }));
}

/** Category code of a leaf: L1 '01', L2 '0101', L3 '010101' (indexes follow names.LEAF_CATEGORIES). */
export function categoryTree(): { code: string; name: string; level: 1 | 2 | 3; parent: string | null }[] {
  const out: { code: string; name: string; level: 1 | 2 | 3; parent: string | null }[] = [];
  const l1 = new Map<string, string>();
  const l2 = new Map<string, string>();
  const l3n = new Map<string, number>();
  for (const leaf of LEAF_CATEGORIES) {
    if (!l1.has(leaf.l1)) {
      const code = String(l1.size + 1).padStart(2, '0');
      l1.set(leaf.l1, code);
      out.push({ code, name: leaf.l1, level: 1, parent: null });
    }
    const c1 = l1.get(leaf.l1)!;
    const k2 = `${leaf.l1}/${leaf.l2}`;
    if (!l2.has(k2)) {
      const siblings = [...l2.keys()].filter((k) => k.startsWith(`${leaf.l1}/`)).length;
      const code = c1 + String(siblings + 1).padStart(2, '0');
      l2.set(k2, code);
      out.push({ code, name: leaf.l2, level: 2, parent: c1 });
    }
    const c2 = l2.get(k2)!;
    const n = (l3n.get(c2) ?? 0) + 1;
    l3n.set(c2, n);
    out.push({ code: c2 + String(n).padStart(2, '0'), name: leaf.name, level: 3, parent: c2 });
  }
  return out;
}

const LEAF_CODES = categoryTree().filter((c) => c.level === 3).map((c) => c.code);
const leafCode = (leafIndex: number) => LEAF_CODES[leafIndex];

export function buildWorld(profile: TenantProfile, tenantDigit: number, today: string): World {
  const rng = Rng.of(profile.tenantId, 'world');
  const start = firstOfMonth(addMonths(today, -profile.months));
  const suppliers: SupplierInfo[] = SUPPLIERS.map((s, i) => ({ s, i }))
    .filter(({ i }) => profile.supplierPick(i))
    .map(({ s }, idx) => ({
      idx,
      supplier_no: `V${String(idx + 1).padStart(3, '0')}`,
      org_code: String(4001 + idx),
      name: s.name,
      logisticsType: s.logisticsType,
      contacts: s.contacts,
    }));
  const brands: World['brands'] = [];
  SUPPLIERS.forEach((s, i) => {
    const info = suppliers.find((x) => x.name === s.name);
    if (!info || !profile.supplierPick(i)) return;
    for (const name of s.brands) brands.push({ code: `B${String(brands.length + 1).padStart(3, '0')}`, name, supplier: info });
  });
  const skus = buildSkus(rng, tenantDigit, profile.skus, new Map(brands.map((b) => [b.name, b])));

  const centers: CenterInfo[] = profile.centers.map((c, idx) => ({
    idx,
    center_code: `DC${String(idx + 1).padStart(2, '0')}`,
    org_code: String(1101 + idx),
    name: c.name,
    city: c.city,
    routes: [],
    stores: [],
    pickers: [],
    drivers: [],
  }));
  const carriers = CARRIERS.map((name, i) => ({ no: `CY${String(i + 1).padStart(2, '0')}`, name }));

  const sellingCount = profile.stores.length - profile.idleStores;
  const stores: StoreInfo[] = profile.stores.map((seed, idx) => {
    const selling = idx < sellingCount;
    const store_type: 1 | 2 | 3 = idx % 5 === 3 ? 2 : idx % 7 === 5 ? 3 : 1;
    const lc = centers[idx % 2 === 0 || centers.length === 1 ? 0 : 1];
    const isLastIdle = idx === profile.stores.length - 1 && !selling;
    return {
      idx,
      store_no: `S${String(idx + 1).padStart(3, '0')}`,
      org_code: String(2001 + idx),
      center_code: `SW${String(idx + 1).padStart(3, '0')}`,
      name: seed.name,
      city: seed.city,
      address: seed.address,
      store_type,
      finance_no: `FN${tenantDigit}${String(idx + 1).padStart(4, '0')}`,
      open_date: selling ? addDays(start, -rng.int(200, 2000)) : isLastIdle ? addDays(today, 20) : addDays(today, -5),
      status: 1,
      selling,
      lc,
      route: null,
      factor: selling ? rng.range(0.7, 1.35) : 0,
      stocked: [],
      stockedCum: [],
      demand: new Map(),
      prices: new Map(),
      pickups: [],
      orderDays: store_type === 3 ? [1, 4] : [1, 2, 3, 4, 5, 6, 7],
      directDay: 1 + (idx % 5),
      cashiers: [],
    };
  });
  const sellingStores = stores.filter((s) => s.selling);

  // assortment and demand per store
  const popular = new Set(skus.slice().sort((a, b) => b.weight - a.weight).slice(0, 30).map((s) => s.sku_no));
  for (const st of sellingStores) {
    const srng = Rng.of(profile.tenantId, 'assortment', st.store_no);
    st.stocked = skus.filter((s) => popular.has(s.sku_no) || srng.chance(profile.assortment));
    st.stockedCum = cumulative(st.stocked.map((s) => s.weight));
    const totalWeight = st.stockedCum[st.stockedCum.length - 1];
    const unitsPerDay = profile.ordersPerStoreDay * st.factor * AVG_LINES * AVG_QTY;
    for (const s of st.stocked) {
      st.demand.set(s.sku_no, (unitsPerDay * s.weight) / totalWeight);
      const franchiseMarkup = st.store_type === 1 ? 1 : srng.range(1, 1.06);
      st.prices.set(s.sku_no, s.price < 10 ? s.price : pricePoint(s.price * franchiseMarkup));
    }
    st.pickups = [`ZT${tenantDigit}${st.store_no.slice(1)}1`, ...(srng.chance(0.5) ? [`ZT${tenantDigit}${st.store_no.slice(1)}2`] : [])];
    st.lc.stores.push(st);
  }

  // two delivery routes per centre
  for (const c of centers) {
    for (let r = 0; r < 2; r++) {
      const carrier = carriers[(c.idx * 2 + r) % carriers.length];
      const prefix = PLATE_PREFIX[c.city] ?? '沪A';
      c.routes.push({
        route_no: `R${c.center_code.slice(2)}${r + 1}`,
        name: `${c.name.replace('物流中心', '')}配送${r + 1}线`,
        center: c,
        stores: [],
        carrier_no: carrier.no,
        car_model: CAR_MODELS[(c.idx + r) % CAR_MODELS.length],
        car_plate: `${prefix}${rng.digits(1)}${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(3)}`,
      });
    }
    c.stores.forEach((st, i) => {
      const route = c.routes[i % c.routes.length];
      route.stores.push(st);
      st.route = route;
    });
  }

  const salesmen = ['周俊杰', '钱晓峰', '孙丽华', '李嘉豪'].map((name, i) => ({
    id: `SM${String(i + 1).padStart(2, '0')}`,
    name,
    tel: `139${String(10000000 + ((profile.tenantId + i) * 7919) % 89999999).padStart(8, '0')}`,
  }));
  const wholesalers = WHOLESALERS.slice(0, profile.wholesalers).map((name, i) => ({
    wholesaler_no: `W${String(i + 1).padStart(3, '0')}`,
    org_code: String(3001 + i),
    name,
    type: 1 + (i % 3),
    enabled: i < profile.wholesalers - Math.max(1, Math.floor(profile.wholesalers / 4)),
    salesman_id: salesmen[i % salesmen.length].id,
  }));

  return { profile, tenantId: profile.tenantId, tenantDigit, today, start, suppliers, brands, skus, centers, stores, sellingStores, wholesalers, salesmen, carriers };
}

/** Centre demand per SKU: the daily demand of the stores it serves. */
export function centerDemand(c: CenterInfo): Map<string, number> {
  const out = new Map<string, number>();
  for (const st of c.stores) {
    for (const s of st.stocked) {
      if (!s.central) continue;
      out.set(s.sku_no, (out.get(s.sku_no) ?? 0) + st.demand.get(s.sku_no)!);
    }
  }
  return out;
}
