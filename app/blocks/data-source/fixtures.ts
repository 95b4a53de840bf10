/**
 * Realistic zh-CN demo data for stories and unit tests (the in-memory data source). Deterministic: the
 * same rows every time, so tests can name them.
 */
import type {
  AccountRow,
  BrandNode,
  BuyerRow,
  CarrierRow,
  CategoryNode,
  CommodityRow,
  DepartmentNode,
  FavoriteFolderRow,
  GoodsRow,
  GroupRow,
  LocationRow,
  MemberTagRow,
  OnlineCategoryRow,
  OrgNode,
  PickupPointRow,
  SalesmanRow,
  ServiceItemRow,
  SettlementRow,
  StoreRow,
  SupplierRow,
  WarehouseRow,
  WholesalerRow,
} from './types';

const pad = (n: number, width = 3) => String(n).padStart(width, '0');

const STORE_TYPE_TEXT: Record<number, string> = { 1: '直营店', 2: '强加盟店', 3: '弱加盟店' };

const STORE_NAMES = [
  '北京朝阳门店', '北京海淀门店', '北京丰台门店', '北京通州门店', '天津和平门店', '天津南开门店',
  '上海徐汇门店', '上海浦东门店', '上海静安门店', '杭州西湖门店', '杭州滨江门店', '南京鼓楼门店',
  '苏州园区门店', '广州天河门店', '广州越秀门店', '深圳南山门店', '深圳福田门店', '成都锦江门店',
  '成都高新门店', '重庆渝中门店', '武汉江汉门店', '武汉洪山门店', '西安雁塔门店', '长沙岳麓门店',
  '郑州金水门店', '济南历下门店', '青岛市南门店', '合肥蜀山门店', '厦门思明门店', '昆明五华门店',
];

export const stores: StoreRow[] = STORE_NAMES.map((store_name, i) => {
  const store_type = (i % 5 === 3 ? 2 : i % 7 === 5 ? 3 : 1) as number;
  return {
    store_no: `S${pad(i + 1)}`,
    store_name,
    store_type,
    store_type_text: STORE_TYPE_TEXT[store_type],
    org_code: `S${pad(i + 1)}`,
    finance_no: `CW${pad(i + 1, 4)}`,
  };
});

export const storeTypeOptions = Object.entries(STORE_TYPE_TEXT).map(([value, label]) => ({ value, label }));

export const warehouses: WarehouseRow[] = [
  { center_code: 'W001', center_name: '华北物流中心', center_type: '2', contact_status: 0, org_code: 'L001' },
  { center_code: 'W002', center_name: '华东物流中心', center_type: '2', contact_status: 0, org_code: 'L002' },
  { center_code: 'W003', center_name: '华南物流中心', center_type: '2', contact_status: 0, org_code: 'L003' },
  { center_code: 'W004', center_name: '西南物流中心', center_type: '2', contact_status: 0, org_code: 'L004' },
  { center_code: 'W009', center_name: '华中物流中心（停用）', center_type: '2', contact_status: 1, org_code: 'L005' },
  ...stores.slice(0, 12).map((s) => ({
    center_code: `C${s.store_no}`,
    center_name: `${s.store_name}仓`,
    center_type: '1',
    contact_status: 0,
    org_code: s.org_code,
  })),
];

const SUPPLIER_NAMES = [
  '北京顺鑫农业供应链有限公司', '上海光明乳业销售有限公司', '内蒙古伊利实业集团', '蒙牛乳业（北京）销售有限公司',
  '康师傅饮品（天津）有限公司', '统一企业（中国）投资有限公司', '农夫山泉股份有限公司', '旺旺食品（上海）有限公司',
  '达利食品集团有限公司', '益海嘉里金龙鱼粮油食品', '佛山市海天调味食品', '立白科技集团有限公司',
  '广州蓝月亮实业有限公司', '恒安（中国）纸业有限公司', '维达纸业（中国）有限公司', '山东寿光蔬菜产业集团',
  '云南褚橙果业有限公司', '福建盼盼食品有限公司', '青岛啤酒股份有限公司', '北京稻香村食品有限责任公司',
  '三只松鼠股份有限公司', '良品铺子股份有限公司', '雀巢（中国）有限公司', '可口可乐装瓶商（北京）', '百事饮料（广州）有限公司',
];

export const suppliers: SupplierRow[] = SUPPLIER_NAMES.map((supplier_name, i) => ({
  supplier_no: `V${pad(i + 1)}`,
  supplier_name,
  supplier_alias_no: `GYS${pad(i + 1, 4)}`,
}));

export const wholesalers: WholesalerRow[] = [
  '北京华联批发部', '天津大润发团购中心', '河北万家福商贸', '石家庄北国超市团购', '保定惠民便利连锁',
  '唐山百货大楼采购部', '廊坊金街便利', '北京物美团购', '北京京客隆采购中心', '沧州信誉楼团购',
].map((wholesaler_name, i) => ({
  wholesaler_no: `P${pad(i + 1)}`,
  wholesaler_name,
  wholesaler_type: (i % 2) + 1,
  wholesaler_status: i === 3 || i === 7 ? 0 : 1,
}));

// ---------------------------------------------------------------- categories and brands

const CATEGORY_SPEC: [string, [string, string[]][]][] = [
  ['食品', [['休闲零食', ['饼干', '膨化食品', '坚果炒货']], ['方便速食', ['方便面', '速冻食品']], ['粮油调味', ['大米', '食用油', '酱油醋']]]],
  ['酒水饮料', [['饮料', ['碳酸饮料', '包装水', '茶饮料']], ['乳品', ['纯牛奶', '酸奶']], ['酒类', ['啤酒', '白酒']]]],
  ['生鲜', [['水果', ['柑橘', '苹果梨']], ['蔬菜', ['叶菜', '根茎']]]],
  ['日用百货', [['清洁用品', ['洗衣液', '洗洁精']], ['纸品', ['抽纸', '卷纸']]]],
];

function buildCategories(): CategoryNode[] {
  return CATEGORY_SPEC.map(([name1, level2], i) => {
    const c1 = pad(i + 1, 2);
    return {
      cate_code: c1,
      cate_name: name1,
      cate_level: 1,
      parent_cate_code: null,
      back_cate_code: c1,
      children: level2.map(([name2, level3], j) => {
        const c2 = `${c1}${pad(j + 1, 2)}`;
        return {
          cate_code: c2,
          cate_name: name2,
          cate_level: 2,
          parent_cate_code: c1,
          back_cate_code: c2,
          children: level3.map((name3, k) => {
            const c3 = `${c2}${pad(k + 1, 2)}`;
            return { cate_code: c3, cate_name: name3, cate_level: 3, parent_cate_code: c2, back_cate_code: c3 };
          }),
        };
      }),
    };
  });
}

export const categories: CategoryNode[] = buildCategories();

export const brands: BrandNode[] = [
  { brand_code: 'B01', brand_name: '康师傅' },
  { brand_code: 'B02', brand_name: '统一' },
  {
    brand_code: 'B03',
    brand_name: '伊利',
    children: [
      { brand_code: 'B0301', brand_name: '安慕希' },
      { brand_code: 'B0302', brand_name: '金典' },
    ],
  },
  {
    brand_code: 'B04',
    brand_name: '蒙牛',
    children: [
      { brand_code: 'B0401', brand_name: '特仑苏' },
      { brand_code: 'B0402', brand_name: '纯甄' },
    ],
  },
  { brand_code: 'B05', brand_name: '农夫山泉' },
  { brand_code: 'B06', brand_name: '旺旺' },
  { brand_code: 'B07', brand_name: '达利园' },
  { brand_code: 'B08', brand_name: '金龙鱼' },
  { brand_code: 'B09', brand_name: '海天' },
  { brand_code: 'B10', brand_name: '立白' },
  { brand_code: 'B11', brand_name: '蓝月亮' },
  { brand_code: 'B12', brand_name: '心相印' },
  { brand_code: 'B13', brand_name: '维达' },
  { brand_code: 'B14', brand_name: '青岛啤酒' },
  { brand_code: 'B15', brand_name: '可口可乐' },
  { brand_code: 'B16', brand_name: '褚橙' },
  { brand_code: 'B17', brand_name: '三只松鼠' },
];

// ---------------------------------------------------------------- goods

/** [name, spec, unit, category leaf, brand, supplier, buying price, selling price] */
type SkuSpec = [string, string, string, string, string, string, number, number];

const SKU_SPEC: SkuSpec[] = [
  ['康师傅红烧牛肉面五连包', '105g*5', '袋', '010201', 'B01', 'V005', 11.2, 14.9],
  ['康师傅鲜虾鱼板面', '98g', '袋', '010201', 'B01', 'V005', 2.3, 3.5],
  ['统一老坛酸菜牛肉面', '121g', '袋', '010201', 'B02', 'V006', 2.4, 3.5],
  ['统一来一桶红烧牛肉面', '110g', '桶', '010201', 'B02', 'V006', 3.1, 4.5],
  ['思念水饺猪肉白菜', '1kg', '袋', '010202', 'B01', 'V001', 16.5, 22.8],
  ['旺旺仙贝', '52g', '袋', '010102', 'B06', 'V008', 3.2, 5.0],
  ['旺旺雪饼', '84g', '袋', '010102', 'B06', 'V008', 4.1, 6.5],
  ['达利园法式小面包', '200g', '袋', '010101', 'B07', 'V009', 6.8, 9.9],
  ['达利园好吃点香脆核桃饼', '108g', '盒', '010101', 'B07', 'V009', 3.6, 5.5],
  ['盼盼法式小面包', '400g', '袋', '010101', 'B07', 'V018', 12.0, 16.8],
  ['三只松鼠每日坚果', '750g', '盒', '010103', 'B17', 'V021', 68.0, 99.0],
  ['三只松鼠碧根果', '210g', '袋', '010103', 'B17', 'V021', 19.5, 29.9],
  ['良品铺子猪肉脯', '100g', '袋', '010103', 'B17', 'V022', 12.8, 19.9],
  ['金龙鱼黄金比例食用调和油', '5L', '桶', '010302', 'B08', 'V010', 52.0, 69.9],
  ['金龙鱼东北大米', '5kg', '袋', '010301', 'B08', 'V010', 31.0, 42.9],
  ['金龙鱼花生油', '1.8L', '瓶', '010302', 'B08', 'V010', 28.5, 37.9],
  ['海天金标生抽', '1.28L', '瓶', '010303', 'B09', 'V011', 11.0, 15.8],
  ['海天陈醋', '450ml', '瓶', '010303', 'B09', 'V011', 4.2, 6.5],
  ['海天上等蚝油', '700g', '瓶', '010303', 'B09', 'V011', 9.3, 13.5],
  ['可口可乐', '330ml', '罐', '020101', 'B15', 'V024', 1.9, 3.0],
  ['可口可乐', '2L', '瓶', '020101', 'B15', 'V024', 5.8, 8.5],
  ['雪碧', '500ml', '瓶', '020101', 'B15', 'V024', 2.2, 3.5],
  ['百事可乐', '330ml', '罐', '020101', 'B15', 'V025', 1.8, 3.0],
  ['农夫山泉饮用天然水', '550ml', '瓶', '020102', 'B05', 'V007', 1.1, 2.0],
  ['农夫山泉饮用天然水', '4L', '桶', '020102', 'B05', 'V007', 5.2, 7.5],
  ['农夫山泉东方树叶茉莉花茶', '500ml', '瓶', '020103', 'B05', 'V007', 3.3, 5.0],
  ['康师傅冰红茶', '500ml', '瓶', '020103', 'B01', 'V005', 2.1, 3.0],
  ['统一绿茶', '500ml', '瓶', '020103', 'B02', 'V006', 2.1, 3.0],
  ['伊利纯牛奶', '250ml*16', '箱', '020201', 'B03', 'V003', 42.0, 55.0],
  ['伊利金典有机纯牛奶', '250ml*12', '箱', '020201', 'B0302', 'V003', 52.0, 69.9],
  ['伊利安慕希原味酸奶', '205g*12', '箱', '020202', 'B0301', 'V003', 48.0, 65.0],
  ['蒙牛特仑苏纯牛奶', '250ml*12', '箱', '020201', 'B0401', 'V004', 50.0, 66.0],
  ['蒙牛纯甄风味酸奶', '200g*10', '箱', '020202', 'B0402', 'V004', 39.0, 52.0],
  ['光明莫斯利安酸奶', '200g*6', '箱', '020202', 'B03', 'V002', 26.0, 35.9],
  ['青岛啤酒经典', '500ml', '罐', '020301', 'B14', 'V019', 3.8, 5.5],
  ['青岛啤酒纯生', '500ml*12', '箱', '020301', 'B14', 'V019', 48.0, 66.0],
  ['牛栏山二锅头', '500ml', '瓶', '020302', 'B14', 'V001', 12.5, 18.0],
  ['褚橙', '5kg', '箱', '030101', 'B16', 'V017', 78.0, 118.0],
  ['赣南脐橙', '2.5kg', '袋', '030101', 'B16', 'V017', 18.0, 29.9],
  ['烟台红富士苹果', '1kg', 'kg', '030102', 'B16', 'V016', 7.5, 11.8],
  ['库尔勒香梨', '1kg', 'kg', '030102', 'B16', 'V016', 9.0, 13.8],
  ['寿光菠菜', '500g', '份', '030201', 'B16', 'V016', 2.5, 4.5],
  ['上海青', '500g', '份', '030201', 'B16', 'V016', 2.2, 3.9],
  ['土豆', '1kg', 'kg', '030202', 'B16', 'V016', 2.8, 4.6],
  ['胡萝卜', '1kg', 'kg', '030202', 'B16', 'V016', 3.0, 4.9],
  ['立白超洁薰衣草洗衣液', '2kg', '瓶', '040101', 'B10', 'V012', 21.0, 29.9],
  ['蓝月亮深层洁净洗衣液', '3kg', '瓶', '040101', 'B11', 'V013', 38.0, 52.9],
  ['立白洗洁精', '1.5kg', '瓶', '040102', 'B10', 'V012', 9.8, 13.9],
  ['心相印抽纸', '3层100抽*6包', '提', '040201', 'B12', 'V014', 13.5, 19.9],
  ['维达超韧抽纸', '3层130抽*6包', '提', '040201', 'B13', 'V015', 15.0, 21.9],
  ['维达蓝色经典卷纸', '4层140g*10卷', '提', '040202', 'B13', 'V015', 22.0, 32.9],
  ['心相印卷纸', '3层200g*10卷', '提', '040202', 'B12', 'V014', 20.5, 29.9],
  ['雀巢咖啡1+2原味', '15g*30条', '盒', '020103', 'B01', 'V023', 36.0, 49.9],
  ['北京稻香村京八件', '1.1kg', '盒', '010101', 'B07', 'V020', 88.0, 128.0],
];

const supplierName = new Map(suppliers.map((s) => [s.supplier_no, s.supplier_name]));

function flattenCategories(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flattenCategories(n.children ?? [])]);
}
export const categoryList: CategoryNode[] = flattenCategories(categories);
const categoryName = new Map(categoryList.map((c) => [c.cate_code, c.cate_name]));

function flattenBrands(nodes: BrandNode[]): BrandNode[] {
  return nodes.flatMap((n) => [n, ...flattenBrands(n.children ?? [])]);
}
const brandName = new Map(flattenBrands(brands).map((b) => [b.brand_code, b.brand_name]));

export interface FixtureSku {
  sku_no: string;
  barcode: string;
  sku_name: string;
  specification: string;
  sale_unit: string;
  back_cate_code: string;
  brand_code: string;
  supplier_no: string;
  buying_price: number;
  selling_price: number;
  purchase_price: number;
  input_tax_rate: number;
  sku_type: number;
  shelflife_days: number;
}

export const skus: FixtureSku[] = SKU_SPEC.map(([name, spec, unit, cate, brand, supplier, buy, sell], i) => ({
  sku_no: `1000${pad(i + 1)}`,
  barcode: `69${String(20250000000 + (i + 1) * 7919).slice(0, 11)}`,
  sku_name: `${name} ${spec}`,
  specification: spec,
  sale_unit: unit,
  back_cate_code: cate,
  brand_code: brand,
  supplier_no: supplier,
  buying_price: buy,
  selling_price: sell,
  purchase_price: Math.round(buy * 0.97 * 100) / 100,
  input_tax_rate: cate.startsWith('03') ? 0.09 : 0.13,
  // every seventh item is a bundle (not sold singly)
  sku_type: i % 7 === 6 ? 2 : 1,
  shelflife_days: cate.startsWith('03') ? 7 : 180 + (i % 4) * 90,
}));

export const goods: GoodsRow[] = skus.map((s) => ({
  sku_no: s.sku_no,
  sku_name: s.sku_name,
  barcode: s.barcode,
  back_cate_name: categoryName.get(s.back_cate_code) ?? null,
  brand_name: brandName.get(s.brand_code) ?? null,
  sale_unit_show: s.sale_unit,
  specification_text: s.specification,
  selling_price: s.selling_price,
  buying_price: s.buying_price,
  sku_type: s.sku_type,
}));

/** Stock and ordering terms that exercise the picker rules: some rows out of stock, some off-weekday. */
export const commodities: CommodityRow[] = skus.map((s, i) => {
  const usable = i % 9 === 4 ? 0 : i % 11 === 7 ? -3 : ((i * 37) % 180) + 6;
  const freeze = i % 5 === 0 ? 2 : 0;
  return {
    id: s.sku_no,
    supplier_no: s.supplier_no,
    supplier_name: supplierName.get(s.supplier_no) ?? null,
    sku_no: s.sku_no,
    sku_name: s.sku_name,
    back_cate_code_text: categoryName.get(s.back_cate_code) ?? null,
    barcode: s.barcode,
    actual_stock: usable + freeze,
    usable_num: usable,
    freeze_num: freeze,
    sale_unit_text: s.sale_unit,
    specification: s.specification,
    shelflife_unit_show_text: `${s.shelflife_days}天`,
    buying_price: s.buying_price,
    selling_price: s.selling_price,
    purchase_price: s.purchase_price,
    input_tax_rate: s.input_tax_rate,
    input_tax_rate_text: `${Math.round(s.input_tax_rate * 100)}%`,
    stock_limit: i % 3 === 1 ? '2' : '1',
    logistics_center_usable_num: i % 9 === 4 ? 0 : ((i * 53) % 400) + 20,
    min_dorder_num: i % 4 === 0 ? 6 : 1,
    is_week: i % 8 === 5 ? 0 : 1,
    margin_rate: Math.round(((s.selling_price - s.buying_price) / s.selling_price) * 10000) / 10000,
  };
});

/** Batch stock rows (commodity picker type 8): two lots for each of the first items. */
export const lotCommodities: CommodityRow[] = commodities.slice(0, 20).flatMap((c, i) =>
  [1, 2].map((n) => {
    const lot_no = `LOT2025${pad(i + 1)}${n}`;
    const stock = n === 1 ? Math.max(c.usable_num - 4, 0) : 4;
    return {
      ...c,
      id: lot_no,
      lot_no,
      actual_stock: stock,
      usable_num: stock,
      produce_date: `2025-0${(i % 8) + 1}-1${n}`,
      expiration_date: `2026-0${(i % 8) + 1}-1${n}`,
      lot_price: Math.round(c.buying_price! * (n === 1 ? 0.98 : 1.01) * 100) / 100,
    };
  }),
);

// ---------------------------------------------------------------- organisations and people

export const orgs: OrgNode[] = [
  {
    org_code: '1000',
    org_name: '总部',
    org_type: 0,
    children: [
      {
        org_code: 'L001',
        org_name: '华北物流中心',
        org_type: 1,
        children: stores.slice(0, 6).map((s) => ({ org_code: s.org_code, org_name: s.store_name, org_type: 2 })),
      },
      {
        org_code: 'L002',
        org_name: '华东物流中心',
        org_type: 1,
        children: stores.slice(6, 13).map((s) => ({ org_code: s.org_code, org_name: s.store_name, org_type: 2 })),
      },
      {
        org_code: 'L003',
        org_name: '华南物流中心',
        org_type: 1,
        children: stores.slice(13, 17).map((s) => ({ org_code: s.org_code, org_name: s.store_name, org_type: 2 })),
      },
      {
        org_code: 'L004',
        org_name: '西南物流中心',
        org_type: 1,
        children: stores.slice(17).map((s) => ({ org_code: s.org_code, org_name: s.store_name, org_type: 2 })),
      },
    ],
  },
];

export const departments: DepartmentNode[] = [
  {
    department_code: 'D01',
    department_name: '生鲜部',
    children: [
      { department_code: 'D0101', department_name: '果蔬组' },
      { department_code: 'D0102', department_name: '肉禽组' },
      { department_code: 'D0103', department_name: '水产组' },
    ],
  },
  {
    department_code: 'D02',
    department_name: '食品部',
    children: [
      { department_code: 'D0201', department_name: '粮油组' },
      { department_code: 'D0202', department_name: '休闲食品组' },
      { department_code: 'D0203', department_name: '酒水组' },
    ],
  },
  {
    department_code: 'D03',
    department_name: '百货部',
    children: [
      { department_code: 'D0301', department_name: '洗化组' },
      { department_code: 'D0302', department_name: '家居组' },
    ],
  },
];

export const onlineCategories: OnlineCategoryRow[] = [
  '当季水果', '新鲜蔬菜', '肉禽蛋品', '乳品烘焙', '休闲零食', '酒水饮料', '粮油调味', '速食冻品', '日用百货', '母婴用品',
].map((online_cate_name, i) => ({ online_cate_code: `OC${pad(i + 1, 2)}`, online_cate_name }));

export const memberTags: MemberTagRow[] = [
  '高频购买', '价格敏感', '母婴人群', '生鲜偏好', '夜间购物', '新客', '沉睡会员', '高客单', '周末购物', '线上偏好',
].map((tag_name, i) => ({ tag_code: `T${pad(i + 1)}`, tag_name }));

export const groups: GroupRow[] = [
  { id: 1, group_name: '华北区门店组', remark: '北京、天津区域直营门店' },
  { id: 2, group_name: '华东区门店组', remark: '上海、江浙区域门店' },
  { id: 3, group_name: '华南区门店组', remark: '广深区域门店' },
  { id: 4, group_name: '加盟门店组', remark: '强加盟与弱加盟门店' },
  { id: 5, group_name: '社区店组', remark: null },
  { id: 6, group_name: '旗舰店组', remark: '营业面积 800㎡ 以上' },
];

export const favoriteFolders: FavoriteFolderRow[] = [
  { id: 11, favorite_name: '常购商品' },
  { id: 12, favorite_name: '周末促销' },
  { id: 13, favorite_name: '生鲜补货' },
];

export const dorderGroups = [
  { id: 1, dorder_group_name: '常温订货组' },
  { id: 2, dorder_group_name: '冷链订货组' },
  { id: 3, dorder_group_name: '生鲜订货组' },
];

/** favorite_id → sku_no list */
export const favoriteSkus: Record<number, string[]> = {
  11: skus.slice(0, 24).map((s) => s.sku_no),
  12: skus.filter((_, i) => i % 4 === 1).map((s) => s.sku_no),
  13: skus.filter((s) => s.back_cate_code.startsWith('03')).map((s) => s.sku_no),
};

export const buyers: BuyerRow[] = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄涛'].map((purchaser_name, i) => ({
  purchaser_name,
  account_id: 2001 + i,
}));

export const pickupPoints: PickupPointRow[] = stores.slice(0, 10).map((s, i) => ({
  store_pickup_no: `ZT${pad(i + 1)}`,
  store_pickup_name: `${s.store_name}自提点`,
}));

export const carriers: CarrierRow[] = ['顺丰速运', '京东物流', '德邦物流', '中通快运', '安能物流', '壹米滴答'].map((carrier_name, i) => ({
  carrier_no: `CY${pad(i + 1)}`,
  carrier_name,
}));

export const accounts: AccountRow[] = [
  '系统管理员', '张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄涛', '周杰', '吴磊', '郑爽',
].map((account_name, i) => ({ id: 1001 + i, account_name }));

const LOCATION_ATTRIBUTES = ['拣货位', '存储位', '暂存位'];
export const locations: LocationRow[] = Array.from({ length: 24 }, (_, i) => ({
  location_no: `A-${pad(Math.floor(i / 6) + 1, 2)}-${pad((i % 6) + 1, 2)}`,
  location_attribute_text: LOCATION_ATTRIBUTES[i % 3],
}));

export const salesmen: SalesmanRow[] = ['王强', '刘敏', '孙丽', '马超', '朱琳', '胡军'].map((salesman_name, i) => ({
  salesman_id: `YW${pad(i + 1)}`,
  salesman_name,
  salesman_tel: `1380013${pad(i + 1, 4)}`,
}));

export const serviceItems: ServiceItemRow[] = [
  ['家电清洗', '家政服务', 128],
  ['蛋糕定制', '烘焙服务', 168],
  ['鲜切果盘', '生鲜加工', 39.9],
  ['活鱼现杀', '生鲜加工', 0],
  ['礼品包装', '增值服务', 10],
  ['送货上门', '物流服务', 8],
  ['钥匙配制', '便民服务', 5],
  ['衣物干洗', '家政服务', 25],
].map(([service_name, service_cate_name, service_price], i) => ({
  service_no: `FW${pad(i + 1)}`,
  service_name: service_name as string,
  service_cate_name: service_cate_name as string,
  service_price: service_price as number,
  account_org_relation: stores.slice(i % 3, (i % 3) + 2).map((s) => ({ org_code: s.org_code, org_name: s.store_name })),
}));

export const settlements: SettlementRow[] = suppliers.slice(0, 12).map((s, i) => ({
  settlement_no: `JS2025${pad(i + 1, 4)}`,
  party_no: s.supplier_no,
  party_name: s.supplier_name,
  period_month: `2025-${pad((i % 9) + 1, 2)}`,
  settlement_amount: 10000 + i * 2345.5,
  settled_amount: i % 3 === 0 ? 10000 + i * 2345.5 : i % 3 === 1 ? 5000 : 0,
  status: i % 3 === 0 ? 3 : i % 3 === 1 ? 2 : 0,
}));
