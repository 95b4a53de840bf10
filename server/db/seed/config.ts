import { readdirSync, readFileSync } from 'node:fs';
import { STORE_PUBLISH_TYPES, SUPPLIER_PUBLISH_TYPES } from '../../../engine/print/styles';
import { addDays } from '../../../engine/dates/calendar';
import { Rng } from './prng';
import { menuRows } from './reports';
import type { Writer } from './sink';
import type { AccountSeed } from './accounts';
import type { World } from './world';

const PRINT_STYLES_DIR = new URL('../../../report-defs/print-styles/', import.meta.url);

/** report-defs/print-styles/<source_type>-<n>.json, in type and number order. */
function shippedPrintStyles(): { file: string; source: number; n: number; text: string }[] {
  return readdirSync(PRINT_STYLES_DIR)
    .map((file) => /^(\d+)-(\d+)\.json$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[0], source: Number(m[1]), n: Number(m[2]), text: readFileSync(new URL(m[0], PRINT_STYLES_DIR), 'utf8') }))
    .sort((a, b) => a.source - b.source || a.n - b.n);
}

/** Dictionaries (dic_code lists of the spec). RECEIVE_OUB_* list the stock document types (stock_ledger.doc_type). */
export const DICTIONARIES: Record<string, [string, string][]> = {
  RORDER_OPTION: [['1', '临期退货'], ['2', '质量问题'], ['3', '包装破损'], ['4', '滞销退货'], ['5', '订错货']],
  CAR_MODEL: [['4.2', '4.2米厢式货车'], ['6.8', '6.8米厢式货车'], ['7.6', '7.6米冷藏车'], ['9.6', '9.6米厢式货车']],
  RECEIVE_OUB_OPTION: [
    ['1', '采购收货'], ['2', '配送收货'], ['3', '采购退货'], ['4', '门店退仓'], ['5', '销售'], ['6', '销售退货'], ['7', '拒收'],
    ['8', '盘盈'], ['9', '盘亏'], ['10', '调入'], ['11', '调出'], ['12', '报损'], ['13', '领用'], ['14', '调整入库'], ['15', '调整出库'],
  ],
  RECEIVE_OUB_LOGISTICS_CENTER_OPTION: [
    ['1', '采购收货'], ['3', '采购退货'], ['4', '退仓收货'], ['5', '配送出库/批发出库'], ['6', '批发退货'], ['7', '拒收回库'],
    ['8', '盘盈'], ['9', '盘亏'], ['12', '报损'], ['14', '调整入库'], ['15', '调整出库'],
  ],
  MEMBER_ATTRIBUTE: [['1', '普通会员'], ['2', '企业会员'], ['3', '员工会员'], ['4', '线上会员']],
  CLIENT_OPTION: [['HMT', '总部端'], ['HMD', '门店端'], ['HMS', '供应商端']],
};

/** The global menu (written once per database). */
export function writeMenu(w: Writer): void {
  for (const r of menuRows()) w.push('menu', { ...r });
}

/** Shell data: dictionaries, data screens, messages, approval records, favourites, groups, print styles. */
export function writeShellData(w: Writer, world: World, accounts: AccountSeed[]): void {
  const t = world.tenantId;
  const today = world.today;
  const rng = Rng.of(t, 'shell');
  let id = t * 10_000;
  const nextId = () => ++id;
  const stamp = (daysAgo: number, hour = 10) => `${addDays(today, -daysAgo)} ${String(hour).padStart(2, '0')}:00:00`;

  for (const [code, values] of Object.entries(DICTIONARIES)) {
    values.forEach(([value, name], i) => w.push('dictionary', { tenant_id: t, dic_code: code, dic_value: value, display_name_cn: name, sort: i + 1 }));
  }

  // configured entries open the product's own screens (the special tenant's rotating one is the data-swiper)
  const screens: [string, string, number][] = [['今日销售实时大屏', '/data-screen', 0]];
  if (world.profile.special) screens.push(['区域轮播大屏', '/data-swiper', 1]);
  screens.forEach(([name, url, rotating], i) => w.push('data_screen', { tenant_id: t, id: nextId(), screen_name: name, url, is_rotating: rotating, sort: i + 1 }));

  const admin = accounts.find((a) => a.username === 'admin')!;
  const messages: [string, string, number, number][] = [
    ['库存预警：12个商品低于安全库存', '请及时处理物流中心低库存商品的补货。', 0, 0],
    ['门店要货单待审核', '今日有新的门店要货单等待处理。', 0, 1],
    ['月度结算单已生成', '上月供应商结算单已生成，请核对。', 0, 3],
    ['系统升级通知', '系统将于本周日凌晨2:00-4:00进行升级维护。', 1, 6],
    ['新功能上线：报表自定义列', '商品进销存汇总支持自定义列显示。', 1, 12],
    ['导出任务已完成', '您的报表导出已完成，可在系统导入日志中下载。', 1, 20],
  ];
  messages.forEach(([title, content, isRead, daysAgo]) =>
    w.push('message', { tenant_id: t, id: nextId(), account_id: admin.account_id, title, content, is_read: isRead, created_at: stamp(daysAgo, 9 + (daysAgo % 8)) }),
  );

  const approvalTypes = ['purchase_order', 'store_return', 'stock_adjustment', 'settlement'];
  for (let i = 0; i < 16; i++) {
    const type = approvalTypes[i % approvalTypes.length];
    const result = i % 7 === 3 ? '2' : i % 5 === 4 ? '3' : '1';
    w.push('approval_record', {
      tenant_id: t,
      id: nextId(),
      business_type: type,
      business_no: `${type === 'purchase_order' ? 'CG' : type === 'store_return' ? 'MT' : type === 'stock_adjustment' ? 'TZ' : 'JS'}${t}${String(1000 + Math.floor(i / 2)).padStart(6, '0')}`,
      approver_account_id: admin.account_id,
      approver_name: admin.account_name,
      result,
      remark: result === '1' ? '同意' : result === '2' ? '数量与合同不符，驳回' : '请补充附件后重新提交',
      created_at: stamp(30 - i, 9 + (i % 9)),
    });
  }

  const owner = accounts.find((a) => a.client_type === 'HMD' && a.relations.length > 1) ?? accounts.find((a) => a.client_type === 'HMD');
  if (owner) {
    const store = world.sellingStores.find((s) => s.store_no === owner.store_no)!;
    for (const [name, pick] of [['常用补货', 12], ['冷链商品', 8]] as const) {
      const folder = nextId();
      w.push('favorite_folder', { tenant_id: t, id: folder, account_id: owner.account_id, favorite_name: name, created_at: stamp(40) });
      const pool = name === '冷链商品' ? store.stocked.filter((s) => s.leaf.fresh && s.central) : store.stocked.filter((s) => s.central);
      for (const s of rng.sample(pool, pick)) w.push('favorite_sku', { tenant_id: t, favorite_id: folder, sku_no: s.sku_no, dorder_group_id: null });
    }
  }

  const groups: [string, string, number][] = [
    ['华东直营门店组', '直营门店统一调价', 1],
    ['加盟门店组', '加盟门店要货政策', 1],
    ['重点供应商组', '年度战略合作供应商', 2],
  ];
  groups.forEach(([name, remark, type], i) =>
    w.push('group_def', { tenant_id: t, id: nextId(), group_name: name, remark, client_no: null, client_type: type === 2 ? 'HMS' : 'HMD', group_type: type, group_status: 1, created_at: stamp(90 - i), updated_at: stamp(90 - i) }),
  );

  const admins = { created_by: admin.username, updated_by: admin.username };
  w.push('print_template', {
    tenant_id: t, id: nextId(), token: null, print_type: 9001, print_template_name: '标准价签（60x40）', print_template_content: '<label w="60" h="40"/>', name: admin.account_name,
    is_default: '1', is_system: '1', is_store_show: '1', store_no: '0', account_id: admin.account_id, created_at: stamp(200), updated_at: stamp(200), ...admins,
  });
  w.push('print_template', {
    tenant_id: t, id: nextId(), token: null, print_type: 9001, print_template_name: '促销价签（70x50）', print_template_content: '<label w="70" h="50"/>', name: admin.account_name,
    is_default: '0', is_system: '0', is_store_show: '1', store_no: '0', account_id: admin.account_id, created_at: stamp(120), updated_at: stamp(120), ...admins,
  });
  // the shipped styles of each document type, published by headquarters; the first of a type is its default
  for (const { file, source, n, text } of shippedPrintStyles()) {
    const side = SUPPLIER_PUBLISH_TYPES.includes(source) ? 2 : STORE_PUBLISH_TYPES.includes(source) ? 1 : 0;
    w.push('print_style', {
      tenant_id: t, id: nextId(), report_name: (JSON.parse(text) as { title: string }).title, source_type: source, description: '内置样式',
      is_default: n === 1 ? 1 : 0, custom: side, is_hmd_show: side === 1 ? 1 : 0, is_hms_show: side === 2 ? 1 : 0, provider_no: '0', store_no: '0',
      client_type: 'HMT', file_name: file, template: text, templet_path: null, created_by_text: admin.account_name, updated_by_text: admin.account_name,
      created_at: stamp(180), last_modify: stamp(180), ...admins,
    });
  }
}
