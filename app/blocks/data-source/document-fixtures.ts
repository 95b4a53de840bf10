/** Fixture lots, attachments and approval records for the document blocks' stories and tests. */
import type { ApprovalRecord } from '../../../engine/shell';
import { skus, suppliers } from './fixtures';
import type { AttachmentRow, ImportItem, LotRow } from './document-types';

export const DEMO_DOCUMENT = { type: 'store_delivery', no: 'PS202601050001' } as const;

const supplierName = new Map(suppliers.map((s) => [s.supplier_no, s.supplier_name]));

/** Three lots for each of the first six goods; the seventh has none (rule 290). */
export const lotStock: LotRow[] = skus.slice(0, 6).flatMap((s, i) =>
  [0, 1, 2].map((k) => ({
    lot_no: `L2026${String(i + 1).padStart(2, '0')}${k + 1}`,
    stock_num: k === 2 ? 0 : 40 + i * 5 - k * 15,
    change_stock_num: null,
    lot_price: Math.round(s.buying_price * (1 + k * 0.02) * 100) / 100,
    produce_date: `2025-1${k}-0${i + 1}`,
    expiration_date: `2026-1${k}-0${i + 1}`,
    produce_no: `P${i + 1}${k + 1}`,
    supplier_no: s.supplier_no,
    supplier_name: supplierName.get(s.supplier_no) ?? null,
    receive_no: `SH20251${k}0${i + 1}`,
    receive_time: `2025-1${k}-0${i + 1} 09:30:00`,
    dorder_item_source: 1,
    sku_no: s.sku_no,
    sku_name: s.sku_name,
    barcode: s.barcode,
    sale_unit_text: s.sale_unit,
    specification: s.specification,
    receive_oub_num: 0,
    last_modify: null,
  })),
);

export const GOODS_WITHOUT_LOTS = skus[6];

export const SAMPLE_ATTACHMENT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88"><rect width="88" height="88" fill="#e6fcf5"/><text x="44" y="50" font-size="13" text-anchor="middle" fill="#0ca678">送货单</text></svg>');

export const sampleAttachments: AttachmentRow[] = [
  { id: 'att-1', name: '送货单.png', size: 48_211, type: 'image/png', url: SAMPLE_ATTACHMENT_IMAGE, created_at: '2026-01-05 10:02:11' },
  { id: 'att-2', name: '质检报告.png', size: 120_400, type: 'image/png', url: SAMPLE_ATTACHMENT_IMAGE, created_at: '2026-01-05 10:03:40' },
];

export const sampleApprovals: ApprovalRecord[] = [
  { id: 1, business_type: DEMO_DOCUMENT.type, business_no: DEMO_DOCUMENT.no, approver_name: '李经理', result: '3', remark: '请补充质检报告', created_at: '2026-01-05 11:00:00' },
];

export const importItems: ImportItem[] = [
  { type: 'stock_adjust_item', title: '库存调整单明细导入', template_name: '库存调整单明细导入模板.xlsx' },
  { type: 'small_limit', title: '小文件导入', template_name: '导入模板.xlsx', max_size: 100 * 1024 },
];
