/**
 * What a picker offers a session, as the same FROM and WHERE its list endpoint reads: documents check a
 * code written in a picker field against it (server/documents/lookups.ts), so a code is accepted exactly
 * when the client's picker could have offered it.
 */
import type { ServerSession } from '../auth/session';
import { commodityQuery } from './goods';
import { LOCATION_FROM, locationWhere } from './lookups';
import type { RawQuery } from './params';
import { storeWhere, WAREHOUSE_FROM, warehouseWhere } from './parties';
import { ownSupplier } from './scope';
import { Where } from './sql';

export interface PickerOffer {
  /** the picker's rows for these query parameters */
  query(session: ServerSession, q: RawQuery): { from: string; where: Where };
  /** the column holding the code a field takes (`value`: the definition's source value, when not the code) */
  code(value?: string): string;
  /**
   * Parameters whose narrowing is an equality on a column of the rows: a check may match them per row on
   * that column rather than narrowing the query, so lines of many goods are checked at once.
   */
  rowColumns?: Readonly<Record<string, string>>;
}

const bySupplier = (table: string, code: string): PickerOffer => ({
  query: (s) => ({ from: `${table} x`, where: new Where().eq('x.tenant_id', s.tenant_id).eq('x.supplier_no', ownSupplier(s) ?? undefined) }),
  code: () => `x.${code}`,
});

const stores: PickerOffer = { query: (s) => ({ from: 'store s', where: storeWhere(s) }), code: (value) => `s.${value ?? 'store_no'}` };

/**
 * The client's warehouse pickers always ask for enabled warehouses (contact_status 0,
 * app/blocks/Picker/descriptions.ts), so a disabled one is never offered.
 */
const warehouses = (storeWarehouses: boolean): PickerOffer => ({
  query: (s, q) => ({ from: WAREHOUSE_FROM, where: warehouseWhere(s, { ...q, contact_status: '0' }, storeWarehouses) }),
  code: () => 'w.center_code',
});

/** The batch-stock picker is the commodity search of type 8 (app/blocks/Picker/registry.ts). */
const BATCH_STOCK_TYPE = '8';

/** Pickers whose offer depends on the client or on the document; every other picker offers the whole tenant. */
export const PICKER_OFFERS: Readonly<Record<string, PickerOffer>> = {
  goods: bySupplier('sku', 'sku_no'),
  goods_multi: bySupplier('sku', 'sku_no'),
  scan: bySupplier('sku', 'sku_no'),
  supplier: bySupplier('supplier', 'supplier_no'),
  store: stores,
  multi_store: stores,
  warehouse: warehouses(false),
  store_warehouse: warehouses(true),
  location: { query: (s, q) => ({ from: LOCATION_FROM, where: locationWhere(s, q) }), code: () => 'l.location_no' },
  batch_stock: {
    query: (s, q) => {
      const { from, where } = commodityQuery(s, { ...q, type: BATCH_STOCK_TYPE });
      return { from, where };
    },
    code: () => 'q.lot_no',
    rowColumns: { sku_no: 'q.sku_no' },
  },
};
