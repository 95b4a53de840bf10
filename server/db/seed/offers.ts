/** Fixed catalogues every tenant shares: payment types, services, cards, plus cards, coupon activities. */

export interface PayType {
  code: string;
  name: string;
  showStatus: string;
  showStatusName: string;
  feeRate: number;
}

export const PAY_TYPES: PayType[] = [
  { code: 'WX', name: '微信支付', showStatus: '1', showStatusName: '线上收款', feeRate: 0.006 },
  { code: 'ALI', name: '支付宝', showStatus: '1', showStatusName: '线上收款', feeRate: 0.006 },
  { code: 'UNION', name: '银联刷卡', showStatus: '2', showStatusName: '线下收款', feeRate: 0.005 },
  { code: 'CASH', name: '现金', showStatus: '2', showStatusName: '线下收款', feeRate: 0 },
  { code: 'CARD', name: '储值卡', showStatus: '3', showStatusName: '会员资产', feeRate: 0 },
  { code: 'POINTS', name: '积分抵现', showStatus: '3', showStatusName: '会员资产', feeRate: 0 },
];
export const PAY_TYPE = new Map(PAY_TYPES.map((p) => [p.code, p]));

export interface ServiceOffer {
  no: string;
  name: string;
  cate: string;
  price: number;
  enabled: boolean;
}

export const SERVICES: ServiceOffer[] = [
  { no: 'SV001', name: '生日蛋糕裱花定制', cate: '餐饮服务', price: 68, enabled: true },
  { no: 'SV002', name: '鲜榨果汁', cate: '餐饮服务', price: 15, enabled: true },
  { no: 'SV003', name: '水果切配拼盘', cate: '餐饮服务', price: 25, enabled: true },
  { no: 'SV004', name: '家电清洗上门', cate: '生活服务', price: 128, enabled: true },
  { no: 'SV005', name: '衣物干洗代收', cate: '生活服务', price: 35, enabled: true },
  { no: 'SV006', name: '送货上门', cate: '增值服务', price: 8, enabled: true },
  { no: 'SV007', name: '节日礼品包装', cate: '增值服务', price: 12, enabled: true },
  { no: 'SV008', name: '配钥匙', cate: '生活服务', price: 10, enabled: false },
];

export interface CardOffer {
  no: string;
  name: string;
  /** 1 stored value, 2 gift card, 3 package card */
  type: 1 | 2 | 3;
  face: number;
  price: number;
  times: number | null;
  /** package cards are redeemed for this service */
  service: string | null;
}

export const CARDS: CardOffer[] = [
  { no: 'C01', name: '会员储值卡', type: 1, face: 0, price: 0, times: null, service: null },
  { no: 'C02', name: '心意礼品卡100元', type: 2, face: 100, price: 100, times: null, service: null },
  { no: 'C03', name: '心意礼品卡500元', type: 2, face: 500, price: 500, times: null, service: null },
  { no: 'C04', name: '鲜榨果汁10次卡', type: 3, face: 150, price: 99, times: 10, service: 'SV002' },
  { no: 'C05', name: '蛋糕裱花5次卡', type: 3, face: 340, price: 268, times: 5, service: 'SV001' },
  { no: 'C06', name: '家电清洗3次卡', type: 3, face: 384, price: 299, times: 3, service: 'SV004' },
];

export const PLUS_CARDS = [
  { no: 'P01', name: 'PLUS会员月卡', price: 19, days: 30 },
  { no: 'P02', name: 'PLUS会员季卡', price: 49, days: 90 },
  { no: 'P03', name: 'PLUS会员年卡', price: 168, days: 365 },
];

export const COUPON_TITLES: [string, number][] = [
  ['新客立减10元券', 10],
  ['生鲜满100减20券', 20],
  ['会员日满200减30券', 30],
  ['中秋团圆满199减30券', 30],
  ['国庆酒水满299减40券', 40],
  ['双十一全场满150减15券', 15],
  ['年货节满300减50券', 50],
  ['春季焕新满88减8券', 8],
  ['周末饮品满50减5券', 5],
  ['母婴专享满200减25券', 25],
  ['夏日冰品满60减6券', 6],
  ['开学季满120减12券', 12],
];

export const MEMBER_LEVELS = [
  { no: 'L1', name: '普通会员', share: 0.55 },
  { no: 'L2', name: '银卡会员', share: 0.25 },
  { no: 'L3', name: '金卡会员', share: 0.15 },
  { no: 'L4', name: '钻石会员', share: 0.05 },
];
