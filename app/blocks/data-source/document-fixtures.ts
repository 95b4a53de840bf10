/** Fixture lots, attachments and approval records for the document blocks' stories and tests. */
import type { ApprovalRecord } from '../../../engine/shell';
import { skus, suppliers } from './fixtures';
import type { DocumentAttachment, ImportItem, LotAllocationView, LotRow } from './document-types';

export const DEMO_DOCUMENT = { type: 'store-outbound', no: 'CK202601050001' } as const;

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

export const sampleAttachments: DocumentAttachment[] = [
  { id: 'att-1', name: '送货单.png', size: 48_211, type: 'image/png', ext: 'img', url: SAMPLE_ATTACHMENT_IMAGE, save_url: 'att-1', created_at: '2026-01-05 10:02:11' },
  { id: 'att-2', name: '质检报告.pdf', size: 120_400, type: 'application/pdf', ext: 'file', url: 'data:application/pdf;base64,JVBERi0=', save_url: 'att-2', created_at: '2026-01-05 10:03:40' },
];

/** The attachment rules of the demo document (20 MB, 5 files, images and PDF). */
export const ATTACHMENT_RULES = { max_files: 5, max_size: 20 * 1024 * 1024, accept: ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] };

type LotSettings = Omit<LotAllocationView, 'allocated' | 'available' | 'sku_name' | 'today'>;

/** The demo document's goods lines and their lot settings: one ordinary line, one issue line (领用 13), one without lots. */
export const lotLines: LotSettings[] = [
  { sku_no: skus[0].sku_no, business_item_id: 1, qty: 30, store_lot_type: 1, exact_type: 13, decimals: 2, stock_validation: true, mask_price: false },
  { sku_no: skus[1].sku_no, business_item_id: 2, qty: 12, store_lot_type: 13, exact_type: 13, decimals: 2, stock_validation: true, mask_price: false },
  { sku_no: skus[6].sku_no, business_item_id: 3, qty: 5, store_lot_type: 1, exact_type: 13, decimals: 2, stock_validation: true, mask_price: false },
];

export const sampleApprovals: ApprovalRecord[] = [
  { id: 1, business_type: DEMO_DOCUMENT.type, business_no: DEMO_DOCUMENT.no, approver_name: '李经理', result: '3', remark: '请补充质检报告', created_at: '2026-01-05 11:00:00' },
];

const SPREADSHEETS = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'];

export const importItems: ImportItem[] = [
  {
    type: 'stock-adjustment-lines',
    title: '库存调整单明细导入',
    document_type: 'stock-adjustment',
    columns: [
      { key: 'sku_no', heading: '商品编码', required: true },
      { key: 'adjust_num', heading: '调整数量', required: true },
    ],
    template_url: 'data:application/octet-stream;base64,UEsDBA==',
    max_size: 52428800,
    accept: SPREADSHEETS,
    notes: '每次最多导入 5000 行',
  },
  {
    type: 'small-limit',
    title: '小文件导入',
    document_type: 'stock-adjustment',
    columns: [{ key: 'sku_no', heading: '商品编码', required: true }],
    template_url: 'data:application/octet-stream;base64,UEsDBA==',
    max_size: 100 * 1024,
    accept: SPREADSHEETS,
    notes: null,
  },
];
