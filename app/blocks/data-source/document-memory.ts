/**
 * The in-memory documents source (stories and unit tests): approvals, attachments and lot allocations kept
 * in closures so a story can audit, attach and allocate and see the result; lot search pages and filters
 * like the server's.
 */
import type { ApprovalRecord } from '../../../engine/shell';
import {
  importItems,
  lotStock,
  sampleApprovals,
  sampleAttachments,
} from './document-fixtures';
import type { AttachmentRow, DocumentBlocksSource, ImportJob, LotRow } from './document-types';
import { between, contains, paginate } from './memory.logic';

export interface MemoryDocumentOptions {
  respond: <T>(value: () => T) => Promise<T>;
  approvals?: ApprovalRecord[];
  attachments?: AttachmentRow[];
  /** allocated lots keyed by `${no}/${business_item_id}` */
  allocations?: Record<string, LotRow[]>;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });

export function createMemoryDocumentSource({
  respond,
  approvals = sampleApprovals,
  attachments = sampleAttachments,
  allocations = {},
}: MemoryDocumentOptions): DocumentBlocksSource {
  const records = [...approvals];
  const files = new Map<string, AttachmentRow[]>();
  const allocated = new Map(Object.entries(allocations));
  let seq = 1;
  const filesOf = (type: string, no: string) => files.get(`${type}/${no}`) ?? attachments;

  return {
    audit: (type, no, form) =>
      respond(() => {
        records.push({
          id: records.length + 1,
          business_type: type,
          business_no: no,
          approver_name: '演示用户',
          result: form.status,
          remark: form.remark || null,
          created_at: '2026-01-06 09:00:00',
        });
      }),
    approvals: (type, no) => respond(() => records.filter((r) => r.business_type === type && r.business_no === no)),
    attachments: (type, no) => respond(() => filesOf(type, no)),
    addAttachment: async (type, no, file, onProgress) => {
      onProgress?.(50);
      const row: AttachmentRow = { id: `mem-att-${seq++}`, name: file.name, size: file.size, type: file.type, url: await readAsDataUrl(file) };
      return respond(() => {
        files.set(`${type}/${no}`, [...filesOf(type, no), row]);
        return row;
      });
    },
    removeAttachment: (type, no, id) =>
      respond(() => {
        files.set(`${type}/${no}`, filesOf(type, no).filter((f) => f.id !== id));
      }),
    attachmentBlob: async (row) => (await fetch(row.url)).blob(),
    lots: (_type, key) => respond(() => allocated.get(`${key.business_no}/${key.business_item_id}`) ?? []),
    searchLots: (_type, q) =>
      respond(() =>
        paginate(
          lotStock.filter(
            (l) =>
              l.sku_no === q.sku_no &&
              contains(q.keyword, l.lot_no, l.produce_no ?? '') &&
              between(l.stock_num ?? 0, q.stock_num_s, q.stock_num_e) &&
              (q.stock_num_ne === undefined || l.stock_num !== q.stock_num_ne),
          ),
          { page_num: q.page_num, page_size: q.page_size },
        ),
      ),
    saveLots: (_type, no, allocation) =>
      respond(() => {
        const stock = new Map(lotStock.map((l) => [l.lot_no, l]));
        allocated.set(
          `${no}/${allocation.business_item_id}`,
          allocation.lots.map((l) => ({ ...(stock.get(l.lot_no) ?? blankLot(allocation.sku_no, l.lot_no)), ...l })),
        );
      }),
    importItem: (type) =>
      respond(() => {
        const item = importItems.find((i) => i.type === type);
        if (!item) throw new Error('参数异常');
        return item;
      }),
    importTemplate: (type) => respond(() => new Blob([`template ${type}`], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })),
    startImport: () => respond((): ImportJob => ({ job_id: `mem-job-${seq++}`, kind: 'import', status: 'queued', progress: 0 })),
  };
}

function blankLot(sku_no: string, lot_no: string): LotRow {
  return {
    lot_no,
    stock_num: null,
    change_stock_num: null,
    lot_price: null,
    produce_date: null,
    expiration_date: null,
    produce_no: null,
    supplier_no: null,
    supplier_name: null,
    receive_no: null,
    receive_time: null,
    dorder_item_source: 4,
    sku_no,
    sku_name: '',
    barcode: null,
    sale_unit_text: null,
    specification: null,
    receive_oub_num: null,
    last_modify: null,
  };
}
