/**
 * Price labels (building blocks §3, §5, §7, §9): the label record's 14 fields with their fallbacks,
 * the full-width replacement of characters the label XML must not carry, one record per copy, and
 * the local driver's address and messages. Pure: the app builds the XML, the reference driver reads it.
 */

/** The 14 fields of a price-tag record (type 9001), in the driver's order. */
export const LABEL_FIELDS = [
  'sku_no',
  'barcode',
  'sku_name',
  'back_cate_name',
  'selling_price',
  'fcl_barcode',
  'fcl_price',
  'brand',
  'sale_unit_text',
  'specification',
  'birthplace',
  'shelf_life_show',
  'remark',
  'fcl_sale_unit',
] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

export const PRICE_TAG_TYPE = 9001;
/** the print type whose templates HQ may show to stores (rule 223) */
export const STORE_SHOW_PRINT_TYPE = 1027;
export const LABEL_DRIVER_ORIGIN = 'http://127.0.0.1:7097';
/** the static page the hidden frame loads (rule 246) */
export const LABEL_FRAME_PATH = '/label-print.html?protype=production';
/** rule 247: the app posts a close message to the frame this often until it answers */
export const LABEL_POLL_MS = 2000;
export const LABEL_TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;
/** tenants that may set a system default template (rule 221) */
export const SYSTEM_DEFAULT_TENANTS: readonly string[] = ['10139', '266'];

/** A goods row as the goods list or page has it; the label takes what it needs, with fallbacks. */
export interface LabelGoods {
  sku_no: string;
  barcode?: string | null;
  sku_name?: string | null;
  back_cate_name?: string | null;
  selling_price?: number | string | null;
  fcl_barcode?: string | null;
  fcl_price?: number | string | null;
  brand?: string | null;
  sale_unit_text?: string | null;
  sale_unit?: string | null;
  sale_unit_show?: string | null;
  specification?: string | null;
  specification_text?: string | null;
  birthplace?: string | null;
  shelf_life_show?: string | null;
  shelflife_unit_text?: string | null;
  remark?: string | null;
  fcl_sale_unit?: string | null;
  /** copies of this label */
  print_num?: number;
}

export type LabelRecord = Record<LabelField, string>;

const FULL_WIDTH: Record<string, string> = {
  '<': '＜',
  '>': '＞',
  '&': '＆',
  "'": '＇',
  '"': '＂',
  '%': '％',
  '(': '（',
  ')': '）',
};

/** rule 245: < > & ' " % ( ) become their full-width forms before going into the label XML. */
export function toFullWidth(text: string): string {
  return text.replace(/[<>&'"%()]/g, (c) => FULL_WIDTH[c]);
}

const text = (...values: (string | number | null | undefined)[]): string => {
  for (const v of values) if (v !== null && v !== undefined && v !== '') return String(v);
  return '';
};

/** A price as labels and the shelf show it, always with cents (¥6.50, never ¥6.5); text that is no number stays as it is. */
export function labelPrice(v: number | string | null | undefined): string {
  const t = text(v);
  return t !== '' && Number.isFinite(Number(t)) ? Number(t).toFixed(2) : t;
}

/** rule 248: sale_unit_text → sale_unit → sale_unit_show; specification → specification_text; shelf_life_show → shelflife_unit_text. */
export function labelRecord(g: LabelGoods): LabelRecord {
  const raw: LabelRecord = {
    sku_no: text(g.sku_no),
    barcode: text(g.barcode),
    sku_name: text(g.sku_name),
    back_cate_name: text(g.back_cate_name),
    selling_price: labelPrice(g.selling_price),
    fcl_barcode: text(g.fcl_barcode),
    fcl_price: labelPrice(g.fcl_price),
    brand: text(g.brand),
    sale_unit_text: text(g.sale_unit_text, g.sale_unit, g.sale_unit_show),
    specification: text(g.specification, g.specification_text),
    birthplace: text(g.birthplace),
    shelf_life_show: text(g.shelf_life_show, g.shelflife_unit_text),
    remark: text(g.remark),
    fcl_sale_unit: text(g.fcl_sale_unit),
  };
  return Object.fromEntries(LABEL_FIELDS.map((f) => [f, toFullWidth(raw[f])])) as LabelRecord;
}

/** rule 244: one record per copy; a missing or bad print_num prints one. */
export function labelRecords(goods: readonly LabelGoods[]): LabelRecord[] {
  return goods.flatMap((g) => {
    const copies = Number.isInteger(g.print_num) && g.print_num! > 0 ? g.print_num! : 1;
    const record = labelRecord(g);
    return Array.from({ length: copies }, () => record);
  });
}

/** The label XML posted to the driver: the template (as CDATA) and the records. */
export function labelXml(goods: readonly LabelGoods[], template: { name: string; content: string }, printType = PRICE_TAG_TYPE): string {
  const records = labelRecords(goods)
    .map((r) => `<record>${LABEL_FIELDS.map((f) => `<${f}>${r[f]}</${f}>`).join('')}</record>`)
    .join('\n');
  const cdata = template.content.replace(/]]>/g, ']]]]><![CDATA[>');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<labels type="${printType}" name="${toFullWidth(template.name)}">\n<template><![CDATA[${cdata}]]></template>\n${records}\n</labels>\n`;
}

/** Reads the records back out of label XML (the reference driver's side). */
export function parseLabelXml(xml: string): { template: string; records: LabelRecord[] } {
  const template = /<template><!\[CDATA\[([\s\S]*?)\]\]><\/template>/.exec(xml)?.[1] ?? '';
  const records = [...xml.matchAll(/<record>([\s\S]*?)<\/record>/g)].map((m) => {
    const fields = Object.fromEntries([...m[1].matchAll(/<([a-z_]+)>([^<]*)<\/\1>/g)].map((f) => [f[1], f[2]]));
    return Object.fromEntries(LABEL_FIELDS.map((f) => [f, fields[f] ?? ''])) as LabelRecord;
  });
  return { template, records };
}

export const LABEL_MESSAGES = {
  nameRequired: '请输入打印模板名称',
  nameTooLong: '打印模板名称不能超过50个字符',
  contentRequired: '打印模板不能为空',
  confirmNoName: '请输入样式名称！',
  fileTooLarge: '请选择小于5M的文件',
  printNone: '请先选择打印样式再打印！',
  previewNone: '请先选择打印样式再预览！',
  defaultNone: '请选择要设置为默认的样式！',
  selectFirst: '请先选择样式',
  foreign: '非自己创建的样式不允许修改。',
  hqTemplate: '不能修改/删除总部端创建的模板！',
  systemTenant: '当前商户不能设置系统默认样式',
  storeShowRefused: '只有总部端的1027类模板可以设置门店显示',
  printException: '打印异常',
  noDriver: '未检测到打印驱动，请下载并安装打印驱动后重试',
  defaultSet: '设置默认样式成功！',
  systemSet: '设置系统默认样式成功！',
  deleted: '删除样式成功！',
  saved: '设置成功！',
} as const;

/** Who looks at label templates: the side, its owner mark (see labelOwnerOf) and the account. */
export interface LabelViewer {
  client: 'HMT' | 'HMD' | 'HMS';
  owner: string;
  account_id: number;
}

/**
 * Who owns a template, kept in store_no: '0' headquarters, a store its store_no, a supplier
 * 'HMS:' and its supplier_no. Each owner has its own default.
 */
export function labelOwnerOf(s: { client: LabelViewer['client']; store_no: string | null; supplier_no: string | null }): string {
  if (s.client === 'HMD') return s.store_no ?? '';
  if (s.client === 'HMS') return `HMS:${s.supplier_no ?? ''}`;
  return '0';
}

/**
 * rules 229–230: only the creator changes a template; a store never changes an HQ one, a supplier only
 * its own. The refusal's LABEL_MESSAGES key, or null: the server enforces it, the dialog disables with it.
 */
export function refuseLabelChange(viewer: LabelViewer, t: Pick<LabelTemplate, 'store_no' | 'account_id'>): 'hqTemplate' | 'foreign' | null {
  if (viewer.client === 'HMD') {
    if (t.store_no === '0') return 'hqTemplate';
    return t.store_no === viewer.owner ? null : 'foreign';
  }
  if (t.store_no !== viewer.owner) return 'foreign';
  return Number(t.account_id) === Number(viewer.account_id) ? null : 'foreign';
}

/** rule 234, for labels too: '{name} is already the default print style.' */
export const labelAlreadyDefault = (name: string) => `${name}已是默认打印样式。`;

/** A price-label template as the server lists it (building blocks §3). */
export interface LabelTemplate {
  id: number;
  print_type: number;
  print_template_name: string;
  print_template_content: string;
  is_default: '0' | '1';
  is_system: '0' | '1';
  is_store_show: '0' | '1';
  is_store_show_text: string;
  store_no: string;
  account_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}
