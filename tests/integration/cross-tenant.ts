/**
 * A fuzz of tenant isolation (scale-out suite, and isolation-fuzz.test.ts beside its every-route
 * probes): a user's read and write endpoints are called with bodies and parameters naming other
 * tenants (tenant_id, merchant_no, their codes and document numbers), and every answer is searched for
 * what only those tenants hold, read from their own shards.
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { initialRequest } from '../../engine/query';
import type { MenuNode } from '../../engine/shell';
import type { ReportConfig } from '../../engine/wire';
import { today } from '../../server/clock';
import { LIST_SQL } from '../../server/options/lists';
import { bearer } from './server';

/** What a tenant holds that an answer could show: its names, codes and document numbers. */
export interface Holdings {
  tenantId: number;
  merchantNo: string;
  names: Set<string>;
  orgCodes: string[];
  supplierNos: string[];
  skuNos: Set<string>;
  /** numbers of the served document types (and the purchase orders behind receipts), by type */
  docs: Record<string, string[]>;
}

/** The document types the product serves: their header table and number column. */
const DOC_TABLES = {
  'purchase-receipt': ['purchase_receipt', 'receive_no'],
  'stock-adjustment': ['stock_adjustment', 'adjust_no'],
  'store-outbound': ['stock_issue_order', 'issue_no'],
  purchase_order: ['purchase_order', 'po_no'],
} as const;

/** A query on one database: its rows as objects (`pg.Client`, `Db`), `$1` parameters. */
export type Rows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Reads a tenant's holdings from the shard it lives on. */
export async function holdingsOf(url: string, merchantNo: string): Promise<Holdings> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await holdingsFrom(async (sql, params) => (await c.query(sql, params)).rows, merchantNo);
  } finally {
    await c.end();
  }
}

/** Reads a tenant's holdings with `rows` (a `Db` of either dialect, or a client of its shard). */
export async function holdingsFrom(rows: Rows, merchantNo: string): Promise<Holdings> {
  const col = async (sql: string, params: unknown[]) => (await rows(sql, params)).map((r) => String(Object.values(r)[0]));
  const [tenantId] = (await col('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [merchantNo])).map(Number);
  const docs: Record<string, string[]> = {};
  for (const [type, [table, no]] of Object.entries(DOC_TABLES)) docs[type] = await col(`SELECT ${no} FROM ${table} WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
  return {
    tenantId,
    merchantNo,
    names: new Set(
      await col(
        `SELECT org_name FROM organisation WHERE tenant_id = $1 UNION SELECT supplier_name FROM supplier WHERE tenant_id = $1
         UNION SELECT tenant_name FROM tenant WHERE tenant_id = $1`,
        [tenantId],
      ),
    ),
    orgCodes: await col('SELECT org_code FROM organisation WHERE tenant_id = $1 ORDER BY 1', [tenantId]),
    supplierNos: await col('SELECT supplier_no FROM supplier WHERE tenant_id = $1 ORDER BY 1', [tenantId]),
    skuNos: new Set(await col('SELECT sku_no FROM sku WHERE tenant_id = $1', [tenantId])),
    docs,
  };
}

/** What a user of `own` must never be shown: what the others hold and `own` does not. */
export interface Foreign {
  names: RegExp;
  docNos: Set<string>;
  skuNos: Set<string>;
}

export function foreignTo(own: Holdings, others: Holdings[]): Foreign {
  // a name shorter than four characters could be part of an ordinary text
  const names = [...new Set(others.flatMap((o) => [...o.names]))].filter((n) => n.length >= 4 && !own.names.has(n));
  const ownDocs = new Set(Object.values(own.docs).flat());
  return {
    // an empty alternation would match every text: no names, no match
    names: names.length ? new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) : /(?!)/,
    docNos: new Set(others.flatMap((o) => Object.values(o.docs).flat()).filter((no) => !ownDocs.has(no))),
    skuNos: new Set(others.flatMap((o) => [...o.skuNos]).filter((no) => !own.skuNos.has(no))),
  };
}

/** Where an answer shows something of another tenant: `key: value` of each finding. */
export function leaksIn(body: unknown, foreign: Foreign): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string): void => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v, key));
    if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => visit(v, k));
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const text = String(value);
    const name = foreign.names.exec(text);
    if (name) found.push(`${key}: ${name[0]}`);
    for (const no of text.match(/[A-Z]{2}\d{8,}/g) ?? []) if (foreign.docNos.has(no)) found.push(`${key}: ${no}`);
    if (/sku/.test(key) && foreign.skuNos.has(text)) found.push(`${key}: ${text}`);
  };
  visit(body, '');
  return found;
}

export interface Probe {
  what: string;
  status: number;
  leaks: string[];
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/** Runs calls a few at a time (the shard pools hold four connections each), each searched for leaks. */
async function probe(app: FastifyInstance, token: string, foreign: Foreign, calls: Call[]): Promise<Probe[]> {
  const out: Probe[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const c = calls[next++];
      const res = await app.inject({ method: c.method, url: c.url, headers: bearer(token), ...(c.payload ? { payload: c.payload } : {}) });
      const body = /json/.test(String(res.headers['content-type'])) ? res.json() : res.body;
      out.push({ what: `${c.method} ${c.url}`, status: res.statusCode, leaks: leaksIn(body, foreign) });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return out;
}

const menuReports = (nodes: MenuNode[]): number[] =>
  nodes.flatMap((n) => (n.kind === 'report' && n.table_id ? [n.table_id] : menuReports(n.children)));

/** Codes of the other tenant to name in requests, those the own tenant lacks first. */
function sample(codes: string[], own: string[], n: number): string[] {
  const ownSet = new Set(own);
  return [...codes.filter((c) => !ownSet.has(c)), ...codes.filter((c) => ownSet.has(c))].slice(0, n);
}

const PICKERS = [
  '/api/uls/store/search', '/api/uls/account/getAccountData', '/api/pickers/warehouses', '/api/pickers/store-warehouses',
  '/api/pickers/suppliers', '/api/pickers/wholesalers', '/api/pickers/commodities', '/api/pickers/goods', '/api/pickers/sku-search',
  '/api/pickers/sku-scan', '/api/pickers/favorite-folders', '/api/pickers/favorite-skus', '/api/pickers/online-categories',
  '/api/pickers/member-tags', '/api/pickers/groups', '/api/pickers/buyers', '/api/pickers/pickup-points', '/api/pickers/carriers',
  '/api/pickers/locations', '/api/pickers/salesmen', '/api/pickers/service-items', '/api/pickers/settlements',
  '/api/pickers/categories', '/api/pickers/brands', '/api/pickers/orgs', '/api/pickers/departments',
];

/**
 * The user's read endpoints, each with parameters naming `other`: every report of its menu (default
 * query via /data and /totals with the other tenant in the body; /data again filtered on the other's
 * codes), document lists and the other's documents, pickers, option lists, approval records,
 * messages, dashboard and data screens.
 */
export async function probeReads(app: FastifyInstance, token: string, own: Holdings, other: Holdings, foreign: Foreign): Promise<Probe[]> {
  const tenant = { tenant_id: other.tenantId, merchant_no: other.merchantNo };
  const asParams = `tenant_id=${other.tenantId}&merchant_no=${other.merchantNo}`;
  const orgs = sample(other.orgCodes, own.orgCodes, 3);
  const suppliers = sample(other.supplierNos, own.supplierNos, 3);
  const skus = [...other.skuNos].slice(0, 2);
  const docSample = Object.fromEntries(Object.entries(other.docs).map(([type, nos]) => [type, nos.filter((_, i) => i % Math.ceil(nos.length / 3) === 0)]));
  const menu = (await app.inject({ method: 'GET', url: `/api/menu?${asParams}`, headers: bearer(token) })).json().data.list as MenuNode[];

  const calls: Call[] = [];
  for (const id of menuReports(menu)) {
    const res = await app.inject({ method: 'GET', url: `/api/reports/${id}/config?${asParams}`, headers: bearer(token) });
    if (res.statusCode !== 200) {
      calls.push({ method: 'GET', url: `/api/reports/${id}/config?${asParams}` });
      continue;
    }
    const cfg = res.json().data as ReportConfig;
    const query = { ...(initialRequest(cfg, today()) as object), ...tenant };
    calls.push({ method: 'POST', url: `/api/reports/${id}/data`, payload: query }, { method: 'POST', url: `/api/reports/${id}/totals`, payload: query });
    const filters = cfg.dimension
      .filter((d) => d.id === 'org_code' || d.id === 'supplier_no')
      .map((d) => ({ where_id: d.id, operator_id: 8, operation_value: d.id === 'org_code' ? orgs : suppliers }));
    if (filters.length) calls.push({ method: 'POST', url: `/api/reports/${id}/data`, payload: { ...query, org_code: orgs[0], whereList: JSON.stringify(filters) } });
  }

  const types = ((await app.inject({ method: 'GET', url: '/api/documents', headers: bearer(token) })).json().data?.list ?? []) as { type: string; definition: { tables: { no_column: string } } }[];
  for (const { type, definition } of types) {
    const no = definition.tables.no_column;
    calls.push({ method: 'GET', url: `/api/documents/${type}?page_size=100&${asParams}&org_code=${orgs[0]}&supplier_no=${suppliers[0]}` });
    // the other's document numbers name the tenant themselves (some of these routes take no other parameter)
    for (const docNo of docSample[type] ?? []) {
      calls.push(
        { method: 'GET', url: `/api/documents/${type}?page_size=100&${no}=${docNo}&${asParams}` },
        ...['', '/approvals', '/lots', '/attachments'].map((tail): Call => ({ method: 'GET', url: `/api/documents/${type}/${docNo}${tail}` })),
        { method: 'GET', url: `/api/approval-records?business_type=${type}&business_no=${docNo}` },
      );
    }
  }
  for (const po of docSample.purchase_order) calls.push({ method: 'GET', url: `/api/approval-records?business_type=purchase_order&business_no=${po}` });

  const namesOfOther = [...other.names].filter((n) => !own.names.has(n)).slice(0, 2);
  for (const path of PICKERS) {
    calls.push({ method: 'GET', url: `${path}?${asParams}&org_code=${orgs[0]}&supplier_no=${suppliers[0]}&store_no=${orgs[0]}&sku_no=${skus[0]}` });
    for (const name of namesOfOther) calls.push({ method: 'GET', url: `${path}?keyword=${encodeURIComponent(name)}&${asParams}` });
  }
  for (const name of Object.keys(LIST_SQL)) calls.push({ method: 'GET', url: `/api/options/${name}?${asParams}` });
  calls.push(
    ...skus.map((sku): Call => ({ method: 'GET', url: `/api/goods/${sku}?${asParams}` })),
    ...orgs.map((org): Call => ({ method: 'GET', url: `/api/uls/store/getStoreInfo/${org}?${asParams}` })),
    { method: 'GET', url: `/api/messages?${asParams}` },
    { method: 'GET', url: `/api/messages/unread-count?${asParams}` },
    { method: 'GET', url: `/api/dashboard?store_no=${orgs.join(',')}&${asParams}` },
    { method: 'GET', url: `/api/dashboard?${asParams}` },
    { method: 'GET', url: `/api/data-screens?${asParams}` },
    { method: 'GET', url: `/api/data-screens/sales-today?${asParams}` },
    { method: 'GET', url: `/api/jobs?${asParams}` },
    { method: 'GET', url: `/api/auth/session?${asParams}` },
    { method: 'GET', url: `/api/print/print_model_list?source_type=1&${asParams}` },
    { method: 'GET', url: `/api/studio/reports?${asParams}` },
  );
  return probe(app, token, foreign, calls);
}

/**
 * Writes naming `other`: a document of each type on the other's codes and goods (the other tenant
 * in the body too), and edits, deletes, submits and audits of the other's documents.
 */
export async function probeWrites(app: FastifyInstance, token: string, own: Holdings, other: Holdings, foreign: Foreign): Promise<Probe[]> {
  const tenant = { tenant_id: other.tenantId, merchant_no: other.merchantNo };
  const [org] = sample(other.orgCodes, own.orgCodes, 1);
  const [supplier] = sample(other.supplierNos, own.supplierNos, 1);
  const sku = [...other.skuNos].find((no) => foreign.skuNos.has(no));
  const at = `${today()} 09:00:00`;
  const headers: Record<string, object> = {
    'purchase-receipt': { receive_type: '1', supplier_no: supplier, org_code: org, receive_time: at },
    'stock-adjustment': { org_code: org, direction: '1', reason_code: 'R01', adjust_time: at },
    'store-outbound': { org_code: org, issue_type: '13', issue_time: at },
  };
  const calls: Call[] = [];
  for (const [type, header] of Object.entries(headers)) {
    // the other's goods item on every line: a create that slipped through would write a document
    const lines = [{ sku_no: sku, qty: 1, price: 1, cost_price: 1 }];
    const docNo = other.docs[type].find((no) => foreign.docNos.has(no));
    calls.push(
      { method: 'POST', url: `/api/documents/${type}`, payload: { header, lines } },
      { method: 'POST', url: `/api/documents/${type}`, payload: { header: { ...header, ...tenant }, lines, submit: true } },
      { method: 'PUT', url: `/api/documents/${type}/${docNo}`, payload: { header: { ...header, ...tenant }, lines } },
      { method: 'POST', url: `/api/documents/${type}/${docNo}/submit` },
      { method: 'POST', url: `/api/documents/${type}/${docNo}/audit`, payload: { status: '1', remark: '' } },
      { method: 'DELETE', url: `/api/documents/${type}/${docNo}` },
    );
  }
  return probe(app, token, foreign, calls);
}
