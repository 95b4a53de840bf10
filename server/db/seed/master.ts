import { LEAF_CATEGORIES } from './names';
import { CARDS, MEMBER_LEVELS, PAY_TYPES, PLUS_CARDS, SERVICES } from './offers';
import { Rng } from './prng';
import type { Writer } from './sink';
import { DORDER_GROUPS, locationNo } from './sim/supply';
import { categoryTree, type World } from './world';
import type { Activity } from './sim/members';

/** Master data of one tenant: organisations, parties, goods, member catalogues, option lists. */
export function writeMaster(w: Writer, world: World, activities: Activity[]): void {
  const t = world.tenantId;
  const now = `${world.start} 00:00:00`;
  const audit = { created_at: now, updated_at: now, created_by: 'seed', updated_by: 'seed' };
  const rng = Rng.of(t, 'master');
  const d = world.tenantDigit;

  w.push('tenant', {
    tenant_id: t,
    tenant_name: world.profile.tenantName,
    merchant_no: world.profile.merchantNo,
    logo_url: `/logos/${t}.png`,
    is_special_tenant: world.profile.special ? 1 : 0,
    time_zone: 'Asia/Shanghai',
    status: 1,
    ...audit,
  });

  const org = (org_code: string, org_name: string, org_type: number, status = 1) =>
    w.push('organisation', { tenant_id: t, org_code, org_name, org_type, parent_org_code: org_type === 0 ? null : '1000', status, ...audit });
  org('1000', `${world.profile.tenantName}总部`, 0);
  for (const c of world.centers) org(c.org_code, c.name, 1);
  for (const s of world.stores) org(s.org_code, s.name, 2, s.status);
  for (const wh of world.wholesalers) org(wh.org_code, wh.name, 3, wh.enabled ? 1 : 0);
  for (const s of world.suppliers) org(s.org_code, s.name, 4);

  for (const s of world.stores) {
    w.push('store', {
      tenant_id: t, store_no: s.store_no, store_name: s.name, store_type: s.store_type, org_code: s.org_code,
      finance_no: s.finance_no, city: s.city, address: s.address, open_date: s.open_date, status: s.status, ...audit,
    });
    w.push('logistics_center', { tenant_id: t, center_code: s.center_code, center_name: `${s.name}仓`, center_type: '1', contact_status: 0, org_code: s.org_code, ...audit });
  }
  for (const c of world.centers) {
    w.push('logistics_center', { tenant_id: t, center_code: c.center_code, center_name: c.name, center_type: '2', contact_status: 0, org_code: c.org_code, ...audit });
  }
  const departments: [string, string, string | null][] = [
    ['D01', '总经办', null], ['D02', '采购中心', 'D01'], ['D03', '营运中心', 'D01'], ['D04', '财务部', 'D01'],
    ['D05', '物流中心', 'D01'], ['D06', '信息技术部', 'D01'], ['D0301', '华东营运区', 'D03'], ['D0302', '门店发展部', 'D03'],
  ];
  for (const [code, name, parent] of departments) w.push('department', { tenant_id: t, department_code: code, department_name: name, parent_department_code: parent, ...audit });

  for (const s of world.suppliers) {
    w.push('supplier', {
      tenant_id: t, supplier_no: s.supplier_no, supplier_name: s.name, supplier_alias_no: `GYS${d}${s.supplier_no.slice(1)}`,
      org_code: s.org_code, supplier_types: '1', logistics_type: s.logisticsType, source_type: '1', contacts: s.contacts,
      contact_phone: `021-${5000_0000 + s.idx * 1379}`, status: 1, ...audit,
    });
  }
  for (const s of world.salesmen) w.push('salesman', { tenant_id: t, salesman_id: s.id, salesman_name: s.name, salesman_tel: s.tel, ...audit });
  for (const wh of world.wholesalers) {
    w.push('wholesaler', {
      tenant_id: t, wholesaler_no: wh.wholesaler_no, wholesaler_name: wh.name, wholesaler_type: wh.type,
      wholesaler_status: wh.enabled ? 1 : 0, org_code: wh.org_code, salesman_id: wh.salesman_id, ...audit,
    });
  }
  for (const c of world.carriers) w.push('carrier', { tenant_id: t, carrier_no: c.no, carrier_name: c.name, ...audit });
  for (const c of world.centers) {
    for (const r of c.routes) {
      w.push('delivery_route', { tenant_id: t, delivery_route_no: r.route_no, delivery_route_name: r.name, center_code: c.center_code, ...audit });
      r.stores.forEach((s, i) => w.push('delivery_route_store', { tenant_id: t, delivery_route_no: r.route_no, org_code: s.org_code, seq: i + 1 }));
    }
  }
  for (const s of world.sellingStores) {
    s.pickups.forEach((no, i) => w.push('store_pickup', { tenant_id: t, store_pickup_no: no, store_pickup_name: i === 0 ? `${s.name}自提点` : `${s.name}智能自提柜`, org_code: s.org_code, ...audit }));
  }

  // 3PL storage at the first centre
  const c0 = world.centers[0];
  const storages = [['ST01', `${c0.name}代储一库`], ['ST02', `${c0.name}代储二库`]];
  for (const [no, name] of storages) w.push('storage', { tenant_id: t, storage_no: no, storage_name: name, center_code: c0.center_code, ...audit });
  const clients = [['SC01', '上海优品电商有限公司'], ['SC02', '杭州鲜达供应链有限公司'], ['SC03', '苏州嘉禾食品有限公司']];
  for (const [no, name] of clients) w.push('storage_client', { tenant_id: t, storage_client_no: no, storage_client_name: name, ...audit });
  const projects = [['SP01', '优品电商常温仓储', 'SC01', 0.05], ['SP02', '优品电商大促备货', 'SC01', 0.08], ['SP03', '鲜达冷链仓储', 'SC02', 0.12], ['SP04', '嘉禾食品常温仓储', 'SC03', 0.04]] as const;
  for (const [no, name, client, fee] of projects) {
    w.push('storage_project', { tenant_id: t, storage_project_no: no, storage_project_name: name, storage_client_no: client, ...audit });
    w.push('storage_fee_rate', { tenant_id: t, storage_project_no: no, fee_per_unit_day: fee, ...audit });
  }

  // goods
  for (const c of categoryTree()) {
    w.push('category', { tenant_id: t, cate_code: c.code, cate_name: c.name, cate_level: c.level, parent_cate_code: c.parent, is_role: '1', ...audit });
  }
  const finance = [...new Set(LEAF_CATEGORIES.map((l) => l.finance))];
  finance.forEach((name, i) => w.push('finance_category', { tenant_id: t, cate_code: `F${String(i + 1).padStart(2, '0')}`, cate_name: name, ...audit }));
  const financeCode = (name: string) => `F${String(finance.indexOf(name) + 1).padStart(2, '0')}`;
  const onlineRoots: Record<string, string> = { 食品: '食品超市', 饮料: '酒水饮料馆', 酒水: '酒水饮料馆', 生鲜: '生鲜馆', 冷冻食品: '生鲜馆', 日化: '日用百货', 母婴: '日用百货', 家居百货: '日用百货' };
  const roots = [...new Set(Object.values(onlineRoots))];
  roots.forEach((name, i) => w.push('online_category', { tenant_id: t, online_cate_code: `OC${String(i + 1).padStart(2, '0')}`, online_cate_name: name, parent_code: null, ...audit }));
  const onlineLeaves: string[] = [];
  for (const leaf of LEAF_CATEGORIES) {
    if (onlineLeaves.includes(leaf.online)) continue;
    onlineLeaves.push(leaf.online);
    const root = `OC${String(roots.indexOf(onlineRoots[leaf.l1]) + 1).padStart(2, '0')}`;
    w.push('online_category', { tenant_id: t, online_cate_code: `${root}${String(onlineLeaves.length).padStart(2, '0')}`, online_cate_name: leaf.online, parent_code: root, ...audit });
  }
  const onlineCode = (name: string) => {
    const i = onlineLeaves.indexOf(name);
    const leaf = LEAF_CATEGORIES.find((l) => l.online === name)!;
    return `OC${String(roots.indexOf(onlineRoots[leaf.l1]) + 1).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`;
  };
  for (const b of world.brands) w.push('brand', { tenant_id: t, brand_code: b.code, brand_name: b.name, parent_brand_code: null, ...audit });

  const tagCats: [string, string, string | null][] = [
    ['TC01', '营销标签', null], ['TC0101', '网红爆款', 'TC01'], ['TC0102', '季节限定', 'TC01'],
    ['TC02', '经营标签', null], ['TC0201', '自有品牌', 'TC02'], ['TC0202', '进口商品', 'TC02'], ['TC0203', '高毛利', 'TC02'],
  ];
  for (const [code, name, parent] of tagCats) w.push('sku_tag_category', { tenant_id: t, tag_cate_code: code, tag_cate_name: name, parent_code: parent, ...audit });
  const tags: [string, string, string][] = [
    ['T01', 'TC0101', '抖音同款'], ['T02', 'TC0101', '小红书推荐'], ['T03', 'TC0102', '夏季限定'], ['T04', 'TC0102', '春节年货'],
    ['T05', 'TC0201', '自有品牌'], ['T06', 'TC0202', '进口'], ['T07', 'TC0203', '高毛利'],
  ];
  for (const [code, cate, name] of tags) w.push('sku_tag', { tenant_id: t, tag_code: code, tag_cate_code: cate, tag_name: name, ...audit });

  const birthplaces = ['上海', '江苏', '浙江', '山东', '内蒙古', '黑龙江', '广东', '四川', '新西兰', '智利'];
  for (const s of world.skus) {
    const buy = s.buy;
    w.push('sku', {
      tenant_id: t, sku_no: s.sku_no, barcode: s.barcode, sku_name: s.name, back_cate_code: s.cate3,
      finance_cate_code: financeCode(s.leaf.finance), online_cate_code: onlineCode(s.leaf.online), brand_code: s.brandCode,
      supplier_no: s.supplier.supplier_no, logistics_type: s.supplier.logisticsType, sku_type: s.leaf.fresh ? 2 : 1,
      sale_unit: s.leaf.unit, fcl_sale_unit: '箱', fcl_barcode: `1${s.barcode}`, fcl_price: Math.round(buy * s.caseQty * 100) / 100,
      fcl_qty: s.caseQty, specification: s.spec, birthplace: birthplaces[s.idx % birthplaces.length],
      shelflife: s.leaf.shelf[0], shelflife_unit: s.leaf.shelf[1], buying_price: buy, purchase_price: buy, selling_price: s.price,
      input_tax_rate: s.tax, output_tax_rate: s.tax, status: 1, ...audit,
    });
    if (rng.chance(0.25)) {
      for (const tag of rng.sample(tags, rng.int(1, 2))) w.push('sku_tag_relation', { tenant_id: t, sku_no: s.sku_no, tag_code: tag[0] });
    }
  }
  for (const st of world.sellingStores) {
    for (const s of st.stocked) {
      w.push('sku_org', {
        tenant_id: t, org_code: st.org_code, sku_no: s.sku_no, selling_price: st.prices.get(s.sku_no), store_rate: st.store_type === 1 ? 0 : 0.05,
        lc_rate: 0.04, stock_limit: s.idx % 5 === 0 ? '2' : '1', min_dorder_num: Math.max(1, Math.ceil(s.caseQty / 4)),
        order_weekdays: st.orderDays.join(','), status: 1, ...audit,
      });
    }
  }
  for (const c of world.centers) {
    for (const s of world.skus) {
      if (!s.central) continue;
      w.push('sku_org', { tenant_id: t, org_code: c.org_code, sku_no: s.sku_no, selling_price: s.price, store_rate: 0, lc_rate: 0.04, stock_limit: '1', min_dorder_num: s.caseQty, order_weekdays: '1,2,3,4,5,6,7', status: 1, ...audit });
      w.push('location', { tenant_id: t, location_no: locationNo(c, s), center_code: c.center_code, location_attribute: s.idx % 3 === 0 ? '存储位' : '拣货位' });
    }
  }
  for (const sv of SERVICES) {
    w.push('service', { tenant_id: t, service_no: sv.no, service_name: sv.name, service_cate_name: sv.cate, service_price: sv.price, service_status: sv.enabled ? '1' : '0', ...audit });
    world.sellingStores.forEach((st, i) => {
      if (sv.no !== 'SV004' || i % 2 === 0) w.push('service_org', { tenant_id: t, service_no: sv.no, org_code: st.org_code });
    });
  }

  // members, cards, coupons
  MEMBER_LEVELS.forEach((l, i) => w.push('member_level', { tenant_id: t, level_no: l.no, level_name: l.name, sort: i + 1, ...audit }));
  const memberTags: [string, string, string | null][] = [
    ['MTG1', '价值分层', null], ['MT01', '高价值客户', 'MTG1'], ['MT05', '价格敏感', 'MTG1'], ['MT06', '沉睡会员', 'MTG1'],
    ['MTG2', '兴趣偏好', null], ['MT02', '母婴人群', 'MTG2'], ['MT03', '生鲜偏好', 'MTG2'], ['MT04', '酒水爱好者', 'MTG2'],
  ];
  for (const [code, name, parent] of memberTags) w.push('member_tag', { tenant_id: t, tag_code: code, tag_name: name, parent_code: parent, ...audit });
  for (const c of CARDS) w.push('card', { tenant_id: t, card_no: c.no, card_name: c.name, card_type: c.type, face_value: c.face, price: c.price, times: c.times, ...audit });
  for (const p of PLUS_CARDS) w.push('plus_member_card', { tenant_id: t, plus_card_no: p.no, plus_card_name: p.name, price: p.price, valid_days: p.days, ...audit });
  for (const a of activities) {
    w.push('coupon_activity', { tenant_id: t, coupon_activity_key: a.key, activity_title: a.title, coupon_type: 1, face_value: a.face, start_time: a.start, end_time: a.end, ...audit });
  }

  // option lists
  PAY_TYPES.forEach((p, i) =>
    w.push('payment_trade_type', { tenant_id: t, pay_type: p.code, pay_type_name: p.name, show_status: p.showStatus, show_status_name: p.showStatusName, fee_rate: p.feeRate, sort: i + 1, ...audit }),
  );
  for (const [rate, name] of [[0.13, '13%'], [0.09, '9%'], [0.06, '6%'], [0, '0%']] as const) w.push('output_tax', { tenant_id: t, tax_rate: rate, tax_name: name });
  const reasons = [['R01', '期初建账'], ['R02', '系统差异调整'], ['R03', '赠品入库'], ['R04', '破损出库'], ['R05', '串货调整'], ['R06', '内部领用调整']];
  for (const [code, name] of reasons) w.push('adjustment_reason', { tenant_id: t, reason_code: code, reason_name: name });
  const arap: [string, string, number][] = [
    ['AR01', '批发应收', 1], ['AR02', '批发退货冲减', 1], ['AR03', '客户回款', 1], ['AR04', '加盟配送应收', 1],
    ['AP01', '采购应付', 2], ['AP02', '采购退货冲减', 2], ['AP03', '供应商付款', 2],
  ];
  for (const [code, name, dir] of arap) w.push('ar_ap_type', { tenant_id: t, arap_type: code, arap_type_name: name, direction: dir });
  for (const party of [2, 3, 4]) {
    for (const [code, name] of [['01', '增值税专用发票'], ['02', '增值税普通发票'], ['03', '增值税电子普通发票']]) {
      w.push('invoice_type', { tenant_id: t, party_type: party, invoice_type: code, invoice_type_name: name });
    }
  }
  DORDER_GROUPS.forEach((name, i) => w.push('dorder_group', { tenant_id: t, id: t * 100 + i + 1, dorder_group_name: name, ...audit }));
  for (const [code, name] of [['1', '自动补货'], ['2', '手工采购'], ['3', '门店要货汇总'], ['4', '促销备货']]) {
    w.push('purchase_order_source', { tenant_id: t, source_code: code, source_name: name });
  }
}
