/**
 * Which tables a retailer supplies and which the product derives itself. Most follows from the
 * schema: views, archives (`<table>_his`, `<table>_his_x`), the datasets' summary tables and tables
 * without a tenant are never supplied. The lists below say what the SQL cannot tell.
 */
import type { SqlSchema } from './migration-schema';

export type DerivedKind = 'posting' | 'daily close' | 'archive' | 'summary' | 'view' | 'application';

export interface DerivedTable {
  table: string;
  kind: DerivedKind;
  /** why a retailer must not supply it */
  reason: string;
}

const POSTING = 'written by posting: every approved stock document moves the ledger, the position, its lots';
const CLOSE = 'written by the daily close (and by postings, which carry snapshots forward)';

/** Derived by the product's own code (server/stock, server/close). */
const DERIVED_BY_CODE: Record<string, { kind: DerivedKind; reason: string }> = {
  stock: { kind: 'posting', reason: `${POSTING} (stock position)` },
  stock_ledger: { kind: 'posting', reason: `${POSTING} (one row per stock change)` },
  lot: { kind: 'posting', reason: `${POSTING} (an inbound line opens its lot from the line's lot_no, produce_date, expiration_date)` },
  lot_stock: { kind: 'posting', reason: `${POSTING} (stock per lot)` },
  stock_daily_snapshot: { kind: 'daily close', reason: `${CLOSE}; built from the complete ledger` },
  lot_stock_daily_snapshot: { kind: 'daily close', reason: `${CLOSE}; built from the complete ledger` },
  sales_payment_daily: { kind: 'daily close', reason: 'the T+1 copy of the payments, written by the daily close for each ended day' },
};

/** The application's own tables: made by using the product, never data of the retailer's business. */
const APPLICATION: Record<string, string> = {
  tenant: 'the tenant itself: created when the merchant is set up',
  tenant_shard: 'which database holds a tenant',
  tenant_departed: 'tenants that moved to another database',
  account: 'accounts are created in the product (logins, password hashes, permissions); facts name them by account_id',
  account_org_relation: 'the organisations an account may see',
  account_session: 'sessions',
  job_lease: 'background jobs',
  import_log: 'export and import jobs',
  upload_file: 'uploaded files',
  idempotency_key: 'idempotency keys of creates',
  print_style: 'print styles',
  print_template: 'price-label templates',
  studio_report: 'report studio',
  studio_report_version: 'report studio',
  day_close: 'daily close state',
  day_close_log: 'daily close log',
  document_attachment: 'document attachments',
  approval_record: 'submits and audits of documents',
  lot_allocation: 'lot allocations entered on documents',
  message: 'messages to accounts',
  complaint: 'complaints sent from the product',
  complaint_image: 'complaints sent from the product',
  custom_column_config: 'column settings of a screen',
  favorite_folder: 'favourite goods of an account',
  favorite_sku: 'favourite goods of an account',
  group_def: 'customer groups kept in the product',
  data_screen: 'data screens',
  ingest_key: 'keys other systems push data with, created on the 数据接入 screen',
  ingest_log: 'one row per load or push',
};

/**
 * Supplied tables no report or document reads yet: stock documents the posting turns into ledger
 * rows, settlement lines, and master data the product's pickers and ordering rules read in code.
 */
export const SUPPLIED_UNREAD = ['transfer_order', 'transfer_item', 'purchase_order', 'settlement_item', 'delivery_route_store', 'service_org'];

/** Supplied tables with their key in CREATE TABLE that are facts nevertheless (business events with a time). */
export const FACTS_WITH_INLINE_KEY = ['plus_member_subscription'];

/**
 * Every table and view of the schema that the product derives, with the reason. `summaries` are
 * the datasets' summary tables.
 */
export function derivedTables(schema: SqlSchema, summaries: ReadonlySet<string>): DerivedTable[] {
  const derived: DerivedTable[] = [];
  for (const t of schema.tables.values()) {
    const live = /^(.+?)_his(?:_x)?$/.exec(t.name)?.[1];
    const byCode = DERIVED_BY_CODE[t.name];
    if (live && schema.tables.has(live)) {
      derived.push({ table: t.name, kind: 'archive', reason: `rows of ${live} before the 3-month cut-off, moved by the daily close` });
    } else if (summaries.has(t.name)) {
      derived.push({ table: t.name, kind: 'summary', reason: 'a report summary, rebuilt from the facts by the daily close' });
    } else if (byCode) {
      derived.push({ table: t.name, ...byCode });
    } else if (APPLICATION[t.name] !== undefined) {
      derived.push({ table: t.name, kind: 'application', reason: APPLICATION[t.name] });
    } else if (!t.columns.some((c) => c.name === 'tenant_id')) {
      derived.push({ table: t.name, kind: 'application', reason: 'global application data, no tenant' });
    }
  }
  for (const v of schema.views.values()) {
    derived.push({ table: v.name, kind: 'view', reason: `a view over ${v.reads.join(', ')}` });
  }
  return derived.sort((a, b) => a.table.localeCompare(b.table));
}

/**
 * The tables a read of `name` reaches in the end: a view stands for the tables it reads, an archive
 * for its live table (rows arrive there only through the live table).
 */
export function baseTables(schema: SqlSchema, name: string): string[] {
  const view = schema.views.get(name);
  if (view) return [...new Set(view.reads.flatMap((r) => baseTables(schema, r)))];
  const live = /^(.+?)_his(?:_x)?$/.exec(name)?.[1];
  return [live && schema.tables.has(live) ? live : name];
}
