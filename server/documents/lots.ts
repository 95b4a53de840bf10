/**
 * Lot allocation of a document's goods lines (building blocks §2–§5): GET shows a line's allocated
 * lots and the lots with stock at the document's org; PUT replaces the line's allocation after every
 * rule of §5 is checked again on the server (required, decimals, ≤ stock, the issue type's exact
 * total, no lots yet). A refused allocation writes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentFile } from '../../engine/document/types';
import type { DocumentDetail, LotAllocationView, LotRow, LotSaveBody } from '../../engine/document/wire';
import { checkAllocation, LOT_MESSAGES } from '../../engine/document/rules';
import type { ServerSession } from '../auth/session';
import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';
import { tenantToday } from '../tenant-clock';
import { ok } from '../http/envelope';
import { badRequest, notFound } from '../http/errors';
import type { DocumentTypes } from './definitions';
import { docParams } from './schemas';
import { getDocument, requireAction, requireUnchanged } from './service';

/** Lot source code of a manually entered lot row (building blocks §9). */
export const MANUAL_LOT_SOURCE = 4;

const LOT_COLUMNS = `l.lot_no, s.stock_num, l.lot_price, l.produce_date, l.expiration_date, l.produce_no, l.supplier_no,
  v.supplier_name, l.receive_no, l.receive_time, l.sku_no, k.sku_name, k.barcode, k.sale_unit AS sale_unit_text, k.specification,
  s.last_modify`;

const LOT_FROM = `lot_stock s
  JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
  LEFT JOIN sku k ON k.tenant_id = l.tenant_id AND k.sku_no = l.sku_no
  LEFT JOIN supplier v ON v.tenant_id = l.tenant_id AND v.supplier_no = l.supplier_no`;

type StockRow = Omit<LotRow, 'change_stock_num' | 'dorder_item_source' | 'receive_oub_num'>;

/** Every lot the goods item has at the org, with its stock (summed over the org's warehouses). */
async function lotsAt(db: Db, tenantId: number, org: string, skuNo: string): Promise<StockRow[]> {
  const rows = await db.query<StockRow>(
    `SELECT ${LOT_COLUMNS} FROM ${LOT_FROM}
      WHERE s.tenant_id = $1 AND s.org_code = $2 AND s.sku_no = $3 ORDER BY l.expiration_date, l.lot_no`,
    [tenantId, org, skuNo],
  );
  const byLot = new Map<string, StockRow>();
  for (const r of rows) {
    const seen = byLot.get(r.lot_no!);
    if (seen) seen.stock_num = Number(seen.stock_num) + Number(r.stock_num);
    else byLot.set(r.lot_no!, { ...r, stock_num: Number(r.stock_num) });
  }
  return [...byLot.values()];
}

function lineOf(def: DocumentFile, doc: DocumentDetail, skuNo: string, itemId: number | undefined) {
  const line = doc.lines.find((l) => l.sku_no === skuNo && (itemId === undefined || Number(l[def.tables.line_column]) === itemId));
  if (!line) throw notFound('LINE_NOT_FOUND', `单据中没有商品'${skuNo}'`);
  return { itemId: Number(line[def.tables.line_column]), qty: Number(line[def.lots!.qty_column] ?? 0), name: String(line.sku_no_name ?? skuNo) };
}

function lotTypeOf(def: DocumentFile, doc: DocumentDetail): number {
  const lt = def.lots!.lot_type;
  return 'value' in lt ? lt.value : Number(doc.header[lt.column]);
}

async function view(db: Db, def: DocumentFile, session: ServerSession, doc: DocumentDetail, skuNo: string, itemId?: number): Promise<LotAllocationView> {
  const conf = def.lots!;
  const line = lineOf(def, doc, skuNo, itemId);
  const stock = await lotsAt(db, session.tenant_id, String(doc.header[conf.org_column]), skuNo);
  const byLot = new Map(stock.map((s) => [s.lot_no, s]));
  const allocations = await db.query<{ lot_no: string | null; change_stock_num: number; dorder_item_source: number | null; receive_oub_num: number | null }>(
    `SELECT lot_no, change_stock_num, dorder_item_source, receive_oub_num FROM lot_allocation
      WHERE tenant_id = $1 AND business_no = $2 AND business_item_id = $3 AND sku_no = $4 ORDER BY id`,
    [session.tenant_id, doc.no, line.itemId, skuNo],
  );
  const mask = (r: StockRow): StockRow => (conf.mask_price ? { ...r, lot_price: null } : r);
  const empty = { sku_no: skuNo, sku_name: line.name } as StockRow;
  return {
    sku_no: skuNo,
    sku_name: line.name,
    business_item_id: line.itemId,
    qty: line.qty,
    store_lot_type: lotTypeOf(def, doc),
    exact_type: conf.exact_type ?? null,
    decimals: conf.decimals,
    stock_validation: conf.stock_validation,
    mask_price: conf.mask_price ?? false,
    allocated: allocations.map((a) => ({
      ...mask(byLot.get(a.lot_no ?? '') ?? { ...empty, lot_no: a.lot_no }),
      change_stock_num: Number(a.change_stock_num),
      dorder_item_source: a.dorder_item_source,
      receive_oub_num: a.receive_oub_num === null ? null : Number(a.receive_oub_num),
    })) as LotRow[],
    available: stock
      .filter((s) => Number(s.stock_num) !== 0)
      .map((s) => ({ ...mask(s), change_stock_num: null, dorder_item_source: null, receive_oub_num: null }) as LotRow),
    today: await tenantToday(db, session.tenant_id),
  };
}

const lotsQuery = {
  type: 'object',
  required: ['sku_no'],
  properties: { sku_no: { type: 'string', minLength: 1, maxLength: 32 }, business_item_id: { type: 'integer', minimum: 1 } },
} as const;

const saveBody = {
  type: 'object',
  required: ['sku_no', 'business_item_id', 'rows'],
  additionalProperties: false,
  properties: {
    sku_no: { type: 'string', minLength: 1, maxLength: 32 },
    business_item_id: { type: 'integer', minimum: 1 },
    rows: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['lot_no', 'change_stock_num'],
        additionalProperties: false,
        properties: {
          lot_no: { anyOf: [{ type: 'string', maxLength: 32 }, { type: 'null' }] },
          change_stock_num: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
          dorder_item_source: { type: 'integer' },
        },
      },
    },
  },
} as const;

type DocReq = { Params: { type: string; no: string } };

function lotSettings(def: DocumentFile) {
  if (!def.lots) throw notFound('NO_LOTS', '该单据不支持批次分配');
  return def.lots;
}

export async function lotRoutes(app: FastifyInstance, { types }: { types: DocumentTypes }): Promise<void> {
  app.get<DocReq & { Querystring: { sku_no: string; business_item_id?: number } }>(
    '/api/documents/:type/:no/lots',
    { schema: { params: docParams, querystring: lotsQuery } },
    async (req) => {
      const def = types.resolve(req.session!, req.params.type);
      lotSettings(def);
      const doc = await getDocument(app.db, def, req.session!, req.params.no);
      return ok(await view(app.db, def, req.session!, doc, req.query.sku_no, req.query.business_item_id));
    },
  );

  app.put<DocReq & { Body: LotSaveBody }>('/api/documents/:type/:no/lots', { schema: { params: docParams, body: saveBody } }, async (req) => {
    const session = req.session!;
    const def = types.resolve(session, req.params.type);
    const conf = lotSettings(def);
    const doc = await getDocument(app.db, def, session, req.params.no);
    requireAction(def, doc, 'lots');
    const body = req.body;
    const line = lineOf(def, doc, body.sku_no, body.business_item_id);
    const stock = await lotsAt(app.db, session.tenant_id, String(doc.header[conf.org_column]), body.sku_no);
    if (!stock.length) throw badRequest('NO_LOTS', LOT_MESSAGES.noLots(line.name));
    const lotType = lotTypeOf(def, doc);
    const error = checkAllocation(
      { decimals: conf.decimals, stock_validation: conf.stock_validation, lot_type: lotType, exact_type: conf.exact_type ?? null, qty: line.qty, sku_name: line.name },
      body.rows,
      new Map(stock.map((s) => [s.lot_no!, Number(s.stock_num)])),
    );
    if (error) throw badRequest(error.code, error.message);
    await app.db.transaction(async (tx) => {
      // saves of one document wait for each other, and each sees what the one before it stored
      await requireUnchanged(tx, def, session.tenant_id, doc.no, doc.status);
      await tx.query('DELETE FROM lot_allocation WHERE tenant_id = $1 AND business_no = $2 AND business_item_id = $3', [
        session.tenant_id,
        doc.no,
        line.itemId,
      ]);
      if (conf.stock_validation) {
        // a lot's stock covers the document's lines together, not each line alone
        const others = await tx.query<{ lot_no: string; n: number }>(
          'SELECT lot_no, SUM(change_stock_num) AS n FROM lot_allocation WHERE tenant_id = $1 AND business_no = $2 GROUP BY lot_no',
          [session.tenant_id, doc.no],
        );
        const taken = new Map(others.map((o) => [o.lot_no, Number(o.n)]));
        const inStock = new Map(stock.map((st) => [st.lot_no!, Number(st.stock_num)]));
        for (const row of body.rows) {
          const lot = row.lot_no!.trim();
          if ((taken.get(lot) ?? 0) + Number(row.change_stock_num) > (inStock.get(lot) ?? 0) + 1e-9) throw badRequest('LOT_ABOVE_STOCK', LOT_MESSAGES.aboveStock);
        }
      }
      for (const row of body.rows) {
        await tx.query(
          `INSERT INTO lot_allocation (tenant_id, business_no, business_item_id, sku_no, lot_no, change_stock_num, store_lot_type,
             dorder_item_source, receive_oub_num, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CAST($10 AS TIMESTAMP))`,
          [
            session.tenant_id,
            doc.no,
            line.itemId,
            body.sku_no,
            row.lot_no!.trim(),
            Number(row.change_stock_num),
            lotType,
            row.dorder_item_source === MANUAL_LOT_SOURCE ? MANUAL_LOT_SOURCE : null,
            line.qty,
            sqlTimestamp(),
          ],
        );
      }
    });
    return ok(await view(app.db, def, session, doc, body.sku_no, line.itemId));
  });
}
