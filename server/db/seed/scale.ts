import type { StoreSeed } from './names';

export type Scale = 'demo' | 'medium' | 'large';

/** Everything that makes one tenant's generated data different from another's. */
export interface TenantProfile {
  tenantId: number;
  tenantName: string;
  merchantNo: string;
  special: boolean;
  /** selling stores first; the last `idleStores` stores have no sales at all (report 166) */
  stores: StoreSeed[];
  idleStores: number;
  centers: { name: string; city: string }[];
  /** which of names.SUPPLIERS this tenant buys from (by index) */
  supplierPick: (index: number) => boolean;
  wholesalers: number;
  skus: number;
  /** share of the SKU range a store carries */
  assortment: number;
  ordersPerStoreDay: number;
  members: number;
  /** months of history before today */
  months: number;
}

const SH_STORES: StoreSeed[] = [
  { name: '上海徐汇店', city: '上海', address: '徐汇区漕溪北路88号' },
  { name: '上海静安店', city: '上海', address: '静安区南京西路1266号' },
  { name: '上海浦东世纪公园店', city: '上海', address: '浦东新区锦绣路1001号' },
  { name: '上海闵行莘庄店', city: '上海', address: '闵行区莘松路380号' },
  { name: '上海长宁中山公园店', city: '上海', address: '长宁区长宁路1018号' },
  { name: '上海杨浦五角场店', city: '上海', address: '杨浦区邯郸路600号' },
  { name: '上海宝山大华店', city: '上海', address: '宝山区大华路518号' },
  { name: '上海普陀长风店', city: '上海', address: '普陀区大渡河路196号' },
  { name: '苏州工业园区店', city: '苏州', address: '工业园区苏州大道东288号' },
  { name: '杭州西湖文三路店', city: '杭州', address: '西湖区文三路259号' },
];
const SH_IDLE: StoreSeed[] = [
  { name: '上海嘉定新城店', city: '上海', address: '嘉定区裕民南路1188号' },
  { name: '上海松江万达店', city: '上海', address: '松江区广富林路658号' },
];
const MORE_DISTRICTS = ['黄浦', '虹口', '青浦', '奉贤', '金山', '崇明', '临港', '张江', '陆家嘴', '七宝', '南翔', '安亭', '周浦', '川沙', '惠南', '江湾', '大宁', '真如', '虹桥', '古北'];

/** Extra store names for the bigger scales. */
function moreStores(count: number): StoreSeed[] {
  const out: StoreSeed[] = [];
  for (let i = 0; i < count; i++) {
    const d = MORE_DISTRICTS[i % MORE_DISTRICTS.length];
    const n = Math.floor(i / MORE_DISTRICTS.length);
    out.push({ name: `上海${d}${n ? `${n + 1}号` : ''}店`, city: '上海', address: `${d}路${100 + i * 7}号` });
  }
  return out;
}

const DEMO_RETAILER = (scale: Scale): TenantProfile => {
  const extra = scale === 'demo' ? 0 : scale === 'medium' ? 8 : 48;
  return {
    tenantId: 10139,
    tenantName: '示范零售',
    merchantNo: '10139',
    special: false,
    stores: [...SH_STORES, ...moreStores(extra), ...SH_IDLE],
    idleStores: SH_IDLE.length,
    centers: [
      { name: '上海嘉定物流中心', city: '上海' },
      { name: '昆山常温物流中心', city: '苏州' },
    ],
    supplierPick: () => true,
    wholesalers: 8,
    skus: scale === 'demo' ? 300 : scale === 'medium' ? 800 : 1200,
    assortment: scale === 'demo' ? 0.5 : 0.7,
    ordersPerStoreDay: scale === 'demo' ? 28 : scale === 'medium' ? 80 : 130,
    members: scale === 'demo' ? 4000 : scale === 'medium' ? 20000 : 60000,
    months: 15,
  };
};

const SECOND_RETAILER: TenantProfile = {
  tenantId: 266,
  tenantName: '惠民便利',
  merchantNo: '266',
  special: false,
  stores: [
    { name: '北京朝阳望京店', city: '北京', address: '朝阳区阜通东大街6号' },
    { name: '北京海淀中关村店', city: '北京', address: '海淀区中关村大街15号' },
    { name: '北京东城王府井店', city: '北京', address: '东城区王府井大街138号' },
    { name: '北京丰台方庄店', city: '北京', address: '丰台区方庄路9号' },
    { name: '北京通州万达店', city: '北京', address: '通州区新华西街58号' },
  ],
  idleStores: 1,
  centers: [
    { name: '北京大兴物流中心', city: '北京' },
    { name: '廊坊常温物流中心', city: '廊坊' },
  ],
  supplierPick: (i) => i % 3 !== 1,
  wholesalers: 4,
  skus: 120,
  assortment: 0.6,
  ordersPerStoreDay: 10,
  members: 1000,
  months: 15,
};

const SPECIAL_TENANT: TenantProfile = {
  tenantId: 30001,
  tenantName: '华南特选商贸',
  merchantNo: '30001',
  special: true,
  stores: [
    { name: '广州天河店', city: '广州', address: '天河区天河路208号' },
    { name: '广州越秀店', city: '广州', address: '越秀区北京路168号' },
    { name: '深圳南山店', city: '深圳', address: '南山区深南大道9668号' },
    { name: '深圳福田店', city: '深圳', address: '福田区福华三路88号' },
  ],
  idleStores: 1,
  centers: [
    { name: '广州白云物流中心', city: '广州' },
    { name: '东莞常温物流中心', city: '东莞' },
  ],
  supplierPick: (i) => i % 2 === 0,
  wholesalers: 3,
  skus: 100,
  assortment: 0.6,
  ordersPerStoreDay: 9,
  members: 800,
  months: 15,
};

export function tenantProfiles(scale: Scale): TenantProfile[] {
  return [DEMO_RETAILER(scale), SECOND_RETAILER, SPECIAL_TENANT];
}
