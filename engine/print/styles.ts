/**
 * Print styles (document variant, building blocks §3–§6): the wire shape, the document types a style
 * belongs to, and the permission rules of §6 as pure functions shared by server (which enforces them)
 * and app (which explains them before asking).
 */
import type { ClientType } from '../wire';

/** Document types with print styles; a document definition names its type in `print.source_type`. */
export interface PrintSourceType {
  source_type: number;
  name: string;
  name_en: string;
}

export const PRINT_SOURCE_TYPES: readonly PrintSourceType[] = [
  { source_type: 102, name: '采购收货单', name_en: 'Purchase receipt' },
  { source_type: 26, name: '门店出库单', name_en: 'Store outbound' },
  { source_type: 30, name: '库存调整单', name_en: 'Stock adjustment' },
];

/** One document to print: its type (the definition's id) and number; the server loads it. */
export interface PrintDocumentRef {
  type: string;
  no: string;
}

/** POST /api/print/down_data: documents printed with style `id`, at most this many at once. */
export const PRINT_MAX_DOCUMENTS = 200;

/** Types HQ may publish to stores (custom=1) and to suppliers (custom=2), rules 270–271. */
export const STORE_PUBLISH_TYPES: readonly number[] = [23, 8, 26, 98, 99, 30, 83, 244, 104, 105, 100];
export const SUPPLIER_PUBLISH_TYPES: readonly number[] = [102, 107];

/** The menu and permission id of the print-style page (/print-styles): every side manages its styles (§6). */
export const PRINT_STYLES_MENU_ID = 'print-styles';

/** 0 private to its creator, 1 published to stores, 2 published to suppliers. */
export type StyleCustom = 0 | 1 | 2;

export const STYLE_NAME_MAX = 50;
export const STYLE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const PRINT_LIST_PAGE_SIZE = 20;
/** rule 254: the caller's callback runs this long after the PDF arrived */
export const PRINT_CALLBACK_DELAY_MS = 1000;

export const STYLE_MESSAGES = {
  nameRequired: '请输入样式名称',
  nameTooLong: `样式名称不能超过${STYLE_NAME_MAX}个字符`,
  fileRequired: '请上传文件',
  fileTooLarge: '请选择小于5M的文件',
  printNone: '请选择打印样式！',
  editNone: '请先选择将修改的样式！',
  deleteNone: '请先选择将删除的样式！',
  exportNone: '请先选择将导出的样式！',
  defaultNone: '请选择设置为默认的样式！',
  hqNoDefault: '总部端创建模板不允许设置默认，请新增模板。',
  hqNoEdit: '总部端创建模板不允许修改!',
  hqNoDelete: '总部端创建模板不允许删除!',
  foreignEdit: '非自己创建的样式不允许修改。',
  sameDocumentAsHq: '不能修改和HMT同一业务单据的模板！',
  storeNoDeleteHq: '不能删除HMT中创建的模板！',
  publishStoreType: '该单据类型不能在门店端显示',
  publishSupplierType: '该单据类型不能在供应商平台显示',
  publishHqOnly: '只有总部端可以设置门店端显示或供应商平台显示',
  deleted: '删除样式成功！',
  defaultSet: '设置默认样式成功！',
  saved: '保存成功',
} as const;

/** The description the seed gives the shipped styles it publishes: product words, shown in the page's language. */
export const SHIPPED_STYLE_DESCRIPTION = '内置样式';

/** rule 234: '{name} is already the default print style.' */
export const alreadyDefaultMessage = (name: string) => `${name}已是默认打印样式。`;

/** A style row as listed (rule 412's fields; `file` is the template's file name). */
export interface PrintStyle {
  id: number;
  report_name: string;
  source_type: number;
  description: string;
  is_default: 0 | 1;
  is_default_text: string;
  custom: StyleCustom;
  is_hmd_show: 0 | 1;
  is_hms_show: 0 | 1;
  /** who made it: '0' headquarters, else the store_no or supplier_no */
  provider_no: string;
  /** the creating store's store_no; '0' when made by headquarters */
  store_no: string;
  templet_path: string;
  created_by_text: string;
  created_at: string;
  updated_by_text: string;
  last_modify: string;
  file: string;
}

/** Who acts: the session's side and its own provider number ('0' for headquarters). */
export interface StyleActor {
  client: ClientType;
  provider_no: string;
}

export const HQ_PROVIDER = '0';

export function actorOf(session: { client: ClientType; store_no: string | null; supplier_no: string | null }): StyleActor {
  if (session.client === 'HMD') return { client: 'HMD', provider_no: session.store_no ?? '' };
  if (session.client === 'HMS') return { client: 'HMS', provider_no: session.supplier_no ?? '' };
  return { client: 'HMT', provider_no: HQ_PROVIDER };
}

type StyleFacts = Pick<PrintStyle, 'is_hmd_show' | 'is_hms_show' | 'provider_no' | 'store_no'>;

const publishedByHq = (s: StyleFacts) => s.is_hmd_show === 1 || s.is_hms_show === 1;

/** Whether an actor sees a style: its own, and for stores/suppliers what HQ published to their side. */
export function canSee(actor: StyleActor, s: StyleFacts): boolean {
  if (s.provider_no === actor.provider_no) return true;
  if (actor.client === 'HMD') return s.provider_no === HQ_PROVIDER && s.is_hmd_show === 1;
  if (actor.client === 'HMS') return s.provider_no === HQ_PROVIDER && s.is_hms_show === 1;
  return false;
}

/** The refusal of set-default (rule 263), or null when allowed. The already-default check comes after. */
export function refuseSetDefault(actor: StyleActor, s: StyleFacts): string | null {
  if (actor.client !== 'HMT' && publishedByHq(s)) return STYLE_MESSAGES.hqNoDefault;
  return null;
}

/** The refusal of an edit (rules 264, 266, 267), or null. */
export function refuseEdit(actor: StyleActor, s: StyleFacts): string | null {
  if (actor.client === 'HMT') return s.provider_no === HQ_PROVIDER ? null : STYLE_MESSAGES.foreignEdit;
  if (publishedByHq(s)) return STYLE_MESSAGES.hqNoEdit;
  if (s.provider_no === HQ_PROVIDER) return STYLE_MESSAGES.sameDocumentAsHq;
  if (s.provider_no !== actor.provider_no) return STYLE_MESSAGES.foreignEdit;
  return null;
}

/** The refusal of a delete (rules 265, 268), or null. */
export function refuseDelete(actor: StyleActor, s: StyleFacts): string | null {
  if (actor.client === 'HMT') return s.provider_no === HQ_PROVIDER ? null : STYLE_MESSAGES.foreignEdit;
  if (publishedByHq(s)) return STYLE_MESSAGES.hqNoDelete;
  if (actor.client === 'HMD' && s.store_no === HQ_PROVIDER) return STYLE_MESSAGES.storeNoDeleteHq;
  if (s.provider_no !== actor.provider_no) return STYLE_MESSAGES.foreignEdit;
  return null;
}

/** The refusal of a publish choice (rules 269–271), or null. */
export function refusePublish(actor: StyleActor, custom: StyleCustom, sourceType: number): string | null {
  if (custom === 0) return null;
  if (actor.client !== 'HMT') return STYLE_MESSAGES.publishHqOnly;
  if (custom === 1 && !STORE_PUBLISH_TYPES.includes(sourceType)) return STYLE_MESSAGES.publishStoreType;
  if (custom === 2 && !SUPPLIER_PUBLISH_TYPES.includes(sourceType)) return STYLE_MESSAGES.publishSupplierType;
  return null;
}

/** Which publish checkboxes HQ is offered for a type (rule 269). */
export function publishChoices(actor: StyleActor, sourceType: number): { stores: boolean; suppliers: boolean } {
  const hq = actor.client === 'HMT';
  return { stores: hq && STORE_PUBLISH_TYPES.includes(sourceType), suppliers: hq && SUPPLIER_PUBLISH_TYPES.includes(sourceType) };
}

/** The one row ticked when a list loads: the default, else none (rule 251). */
export function initialTicked(list: readonly Pick<PrintStyle, 'id' | 'is_default'>[]): number | null {
  return list.find((s) => s.is_default === 1)?.id ?? null;
}
