/**
 * The in-memory documents source (stories and unit tests): approvals, attachments and lot allocations kept
 * in closures so a story can audit, attach and allocate and see the result.
 */
import { todayIn } from '../../../engine/dates';
import type { ApprovalRecord } from '../../../engine/shell';
import { ATTACHMENT_RULES, importItems, lotLines, lotStock, sampleApprovals, sampleAttachments } from './document-fixtures';
import type { DocumentAttachment, DocumentBlocksSource, ImportStarted, LotAllocationView, LotRow } from './document-types';

export interface MemoryDocumentOptions {
  respond: <T>(value: () => T) => Promise<T>;
  approvals?: ApprovalRecord[];
  attachments?: DocumentAttachment[];
  /** allocated lots keyed by `${no}/${business_item_id}` */
  allocations?: Record<string, LotRow[]>;
  /** overrides of every line's lot settings (decimals, stock_validation, mask_price …) */
  lotSettings?: Partial<Pick<LotAllocationView, 'decimals' | 'stock_validation' | 'mask_price'>>;
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
  lotSettings = {},
}: MemoryDocumentOptions): DocumentBlocksSource {
  const records = [...approvals];
  const files = new Map<string, DocumentAttachment[]>();
  const allocated = new Map(Object.entries(allocations));
  let seq = 1;
  const importJobs = new Map<string, ImportStarted>();
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
    attachments: (type, no) => respond(() => ({ list: filesOf(type, no), ...ATTACHMENT_RULES })),
    addAttachment: async (type, no, file, onProgress) => {
      onProgress?.(50);
      const id = `mem-att-${seq++}`;
      const row: DocumentAttachment = {
        id,
        name: file.name,
        size: file.size,
        type: file.type,
        ext: file.type.startsWith('image/') ? 'img' : 'file',
        url: await readAsDataUrl(file),
        save_url: id,
        created_at: '2026-01-06 09:00:00',
      };
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
    lots: (_type, no, skuNo, businessItemId) =>
      respond(() => {
        const line = lotLines.find((l) => l.business_item_id === businessItemId && l.sku_no === skuNo);
        if (!line) throw new Error('参数异常');
        const available = lotStock.filter((l) => l.sku_no === skuNo);
        return {
          ...line,
          ...lotSettings,
          sku_name: available[0]?.sku_name ?? skuNo,
          allocated: allocated.get(`${no}/${businessItemId}`) ?? [],
          available: lotSettings.mask_price ? available.map((l) => ({ ...l, lot_price: null })) : available,
          today: todayIn(new Date()),
        };
      }),
    saveLots: (_type, no, body) =>
      respond(() => {
        const stock = new Map(lotStock.map((l) => [l.lot_no, l]));
        allocated.set(
          `${no}/${body.business_item_id}`,
          body.rows.map((r) => ({
            ...(stock.get(r.lot_no ?? '') ?? { ...lotStock[0], stock_num: null, lot_price: null, dorder_item_source: 4, sku_no: body.sku_no }),
            lot_no: r.lot_no,
            change_stock_num: Number(r.change_stock_num),
          })),
        );
      }),
    importItem: (type) =>
      respond(() => {
        const item = importItems.find((i) => i.type === type);
        if (!item) throw new Error('参数异常');
        return item;
      }),
    importTemplate: (item) => respond(() => new Blob([item.title], { type: item.accept[0] })),
    // as the server: a key already answered replays its job
    startImport: (_type, _file, _params, key) =>
      respond(() => {
        const job = importJobs.get(key) ?? { job_id: `mem-job-${seq++}` };
        importJobs.set(key, job);
        return job;
      }),
  };
}
