/**
 * Isolation on every route: each /api route the server registers (taken from Fastify, routes.ts) is
 * called by each client of one tenant — head office (HMT), a store (HMD), a supplier (HMS) — and by the
 * other tenant's head office, naming the other tenant's ids, codes and document numbers (and, for a
 * store or a supplier, another store's or supplier's documents) in the path, the query and the body,
 * with repeated parameters and with NUL bytes. No answer may be a 5xx; no answer, downloaded file or
 * export may show a marker of what the caller must not see (one it did not send itself); the writes
 * must leave every table of the other tenant as it was (row counts and sums). Every registered route
 * must be reached, as the server's router saw it, save the few listed with their reason.
 * Run on one database (DuckDB, or PostgreSQL with HM_DATABASE_URL) and, on PostgreSQL, with the two
 * tenants on two shards through the shard router (the router speaks PostgreSQL only: its transactions
 * take the tenant's advisory lock).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { spreadDemoTenants } from '../../server/db/demo-shards';
import { openPostgres } from '../../server/db/postgres';
import { ShardRouter } from '../../server/db/sharded';
import { compareTotals, type TableTotals } from '../../server/db/tenant-totals';
import type { Db } from '../../server/db/types';
import { LIST_SQL } from '../../server/options/lists';
import type { ReportConfig, SessionInfo } from '../../engine/wire';
import { initialRequest } from '../../engine/query';
import { today } from '../../server/clock';
import { foreignTo, holdingsFrom, leaksIn, probeReads, probeWrites, type Foreign, type Holdings } from './cross-tenant';
import { gatherRoutes, type JsonSchema, type ProbeRoute } from './routes';
import { bearer, login } from './server';
import { openEmptyDb, openTestDb, pgUrl, withDatabase, type TestDb } from './testdb';

/** Routes the fuzz does not call, each with its reason. */
const NOT_PROBED: Record<string, string> = {
  'GET /api/health': 'public and tenant-free: it names no tenant and takes no parameter',
};

const FIRST = '10139';
const SECOND = '266';
const SPECIAL = '30001';
const DOC_TYPES = ['purchase-receipt', 'stock-adjustment', 'store-outbound'] as const;
/** Import types (a document definition's `import.type`) and the document type each imports lines into. */
const IMPORTS: Record<string, string> = Object.fromEntries(
  readdirSync(join(import.meta.dirname, '..', '..', 'report-defs', 'documents'))
    .map((f) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'report-defs', 'documents', f), 'utf8')) as { id: string; import?: { type: string } })
    .filter((d) => d.import)
    .map((d) => [d.import!.type, d.id]),
);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART = new Set(['POST /api/uploads', 'POST /api/documents/:type/:no/attachments', 'POST /api/print/set_print_model', 'POST /api/import/:type']);

/** One server under test, and how to read a tenant's rows on the database that holds it. */
interface Target {
  app: FastifyInstance;
  onTenant<T>(tenantId: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Ids of what the other tenant holds beyond codes: its jobs, messages, files, styles, keys, logs, reports. */
type Ids = Record<'job' | 'message' | 'upload' | 'attachment' | 'style' | 'template' | 'key' | 'log' | 'studio', string[]>;

/** What one caller is and what it must not see. */
interface Caller {
  who: string;
  token: string;
  session: SessionInfo;
  own: Holdings;
  other: Holdings;
  ids: Ids;
  foreign: Foreign;
  /** an ingest key's secret of the caller's own tenant (head office only) */
  ingestSecret?: string;
  /** a draft of the other tenant per document type: an edit or delete that slipped through would change it */
  drafts: Record<string, string>;
  /** report 70's first screen as the caller's page asks for it (empty when the caller lacks the report) */
  reportQuery: Record<string, unknown>;
  /** a draft of the caller's own tenant per type, to import the other's goods into */
  ownDrafts: Record<string, string>;
  /** the headings of each type's import template, as the caller downloads it */
  headings: Record<string, string[]>;
}

interface Answer {
  route: string;
  status: number;
  /** `key: value` of each marker the answer shows */
  found: string[];
  /** the request as text (its URL decoded): a marker found in it is an echo, not a leak */
  sent: string;
  /** a write the server took (2xx): what it sent may be shown back to the caller's tenant later */
  took: boolean;
  what: string;
}

const rowsOf = (db: Db) => (sql: string, params: unknown[]) => db.query<Record<string, unknown>>(sql, params);

async function idsOf(db: Db, tenantId: number): Promise<Ids> {
  const col = async (sql: string) => (await db.query<Record<string, unknown>>(sql, [tenantId])).map((r) => String(Object.values(r)[0]));
  return {
    job: await col('SELECT job_id FROM import_log WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT 3'),
    message: await col('SELECT id FROM message WHERE tenant_id = $1 ORDER BY id LIMIT 3'),
    upload: await col('SELECT id FROM upload_file WHERE tenant_id = $1 LIMIT 3'),
    attachment: await col('SELECT id FROM document_attachment WHERE tenant_id = $1 LIMIT 3'),
    style: await col('SELECT id FROM print_style WHERE tenant_id = $1 ORDER BY id DESC LIMIT 3'),
    template: await col('SELECT id FROM print_template WHERE tenant_id = $1 ORDER BY id DESC LIMIT 3'),
    key: await col('SELECT key_id FROM ingest_key WHERE tenant_id = $1 LIMIT 3'),
    log: await col('SELECT log_id FROM ingest_log WHERE tenant_id = $1 LIMIT 3'),
    studio: await col('SELECT report_id FROM studio_report WHERE tenant_id = $1 LIMIT 3'),
  };
}

/**
 * What a store or supplier of `own` must not see of its own tenant: the other stores' (or suppliers')
 * codes and their documents (a store's adjustments and receipts, a supplier's receipts), as holdings
 * without names or goods (those a store may see of its tenant).
 */
async function besideOf(db: Db, own: Holdings, session: SessionInfo): Promise<Holdings> {
  const col = async (sql: string) => (await db.query<Record<string, unknown>>(sql, [own.tenantId])).map((r) => String(Object.values(r)[0]));
  const store = session.client === 'HMD';
  const mine = store
    ? `SELECT org_code FROM account_org_relation WHERE tenant_id = $1 AND account_id = ${Number(session.account_id)}`
    : `SELECT '${String(session.supplier_no).replace(/'/g, '')}'`;
  const key = store ? 'org_code' : 'supplier_no';
  const docs = (table: string, no: string) => col(`SELECT ${no} FROM ${table} WHERE tenant_id = $1 AND ${key} NOT IN (${mine}) ORDER BY CAST(status AS VARCHAR), 1`);
  return {
    tenantId: own.tenantId,
    merchantNo: own.merchantNo,
    names: new Set(),
    orgCodes: store ? await col(`SELECT org_code FROM store WHERE tenant_id = $1 AND org_code NOT IN (${mine}) ORDER BY 1`) : own.orgCodes,
    supplierNos: store ? own.supplierNos : await col(`SELECT supplier_no FROM supplier WHERE tenant_id = $1 AND supplier_no NOT IN (${mine}) ORDER BY 1`),
    skuNos: own.skuNos,
    docs: {
      'purchase-receipt': await docs('purchase_receipt', 'receive_no'),
      'stock-adjustment': store ? await docs('stock_adjustment', 'adjust_no') : [],
      'store-outbound': [],
      purchase_order: [],
    },
  };
}

async function headingsOf(app: FastifyInstance, token: string, type: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/api/import/template?type=${type}`, headers: bearer(token) });
  if (res.statusCode !== 200) return [];
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return ((book.worksheets[0]?.getRow(1).values ?? []) as unknown[]).filter((v) => v !== undefined && v !== null).map(String);
}

async function reportQueryOf(app: FastifyInstance, token: string): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'GET', url: '/api/reports/70/config', headers: bearer(token) });
  return res.statusCode === 200 ? (initialRequest(res.json().data as ReportConfig, today()) as unknown as Record<string, unknown>) : {};
}

const DRAFTS = { 'purchase-receipt': ['purchase_receipt', 'receive_no'], 'stock-adjustment': ['stock_adjustment', 'adjust_no'], 'store-outbound': ['stock_issue_order', 'issue_no'] } as const;

async function draftsOf(db: Db, tenantId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [type, [table, no]] of Object.entries(DRAFTS)) {
    const [row] = await db.query<{ no: string }>(`SELECT ${no} AS no FROM ${table} WHERE tenant_id = $1 AND status = '0' ORDER BY 1 LIMIT 1`, [tenantId]);
    if (row) out[type] = row.no;
  }
  return out;
}

/** Row count and a sum per column of one tenant's rows, in every table with a tenant_id (either dialect). */
async function totalsOf(db: Db, tenantId: number): Promise<TableTotals[]> {
  const columns = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema()
        AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = 'tenant_id')
      ORDER BY c.table_name, c.ordinal_position`,
  );
  // a number column summed; any other column by the summed length of its text, so an edit of a name or a status shows too
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const sums = tables.get(c.table_name) ?? [];
    if (c.column_name === 'tenant_id') continue;
    sums.push(/int|numeric|decimal|double|real|float/i.test(c.data_type) ? c.column_name : `length(CAST(${c.column_name} AS VARCHAR))`);
    tables.set(c.table_name, sums);
  }
  const out: TableTotals[] = [];
  for (const [table, numbers] of tables) {
    const sums = numbers.map((col, i) => `CAST(sum(${col}) AS VARCHAR) AS s${i}`);
    const [row] = await db.query<Record<string, unknown>>(`SELECT ${['count(*) AS n', ...sums].join(', ')} FROM ${table} WHERE tenant_id = $1`, [tenantId]);
    out.push({ table, rows: Number(row.n), sums: Object.fromEntries(numbers.map((col, i) => [col, row[`s${i}`] === null ? null : String(row[`s${i}`])])) });
  }
  return out;
}

// ---- the requests ----------------------------------------------------------------------------------

interface Probe {
  route: string;
  options: InjectOptions;
  /** what the request itself says: a marker found in it is an echo, not a leak */
  sent: string;
}

const enc = encodeURIComponent;

/** Values naming the other tenant (and other stores or suppliers): what a parameter of that name gets. */
function valuesFor(c: Caller) {
  const own = new Set(c.own.orgCodes);
  const org = c.other.orgCodes.find((o) => !own.has(o)) ?? c.other.orgCodes[0];
  const supplier = c.other.supplierNos.find((s) => !c.own.supplierNos.includes(s)) ?? c.other.supplierNos[0];
  const sku = [...c.other.skuNos].find((s) => c.foreign.skuNos.has(s)) ?? [...c.other.skuNos][0];
  const name = [...c.other.names].find((n) => !c.own.names.has(n) && n.length >= 4) ?? '';
  const docOf = (t: string) => {
    const type = IMPORTS[t] ?? t;
    return c.drafts[type] ?? c.other.docs[type]?.find((no) => c.foreign.docNos.has(no)) ?? c.other.docs[type]?.[0] ?? 'PR000000000';
  };
  return { org, supplier, sku, name, docOf, tenant: String(c.other.tenantId), merchant: c.other.merchantNo };
}

/** A stand-in uuid for an id the other tenant does not hold: the route still looks it up. */
const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000266';

/** The id a route's `:id` (or `id` parameter) names: the other tenant's thing of that route. */
function idFor(url: string, c: Caller): string {
  const v = valuesFor(c);
  const first = (list: string[], fallback = '999999') => list[0] ?? fallback;
  if (url.startsWith('/api/jobs')) return first(c.ids.job, NO_SUCH_UUID);
  if (url.startsWith('/api/messages')) return first(c.ids.message);
  if (url.startsWith('/api/uploads')) return first(c.ids.upload, NO_SUCH_UUID);
  if (url.includes('/attachments')) return first(c.ids.attachment, NO_SUCH_UUID);
  if (url.startsWith('/api/print/label')) return first(c.ids.template);
  if (url.startsWith('/api/print')) return first(c.ids.style);
  if (url.startsWith('/api/ingest-keys')) return first(c.ids.key);
  if (url.startsWith('/api/ingest-log')) return first(c.ids.log);
  if (url.startsWith('/api/studio')) return first(c.ids.studio);
  return v.org;
}

const NUMBERS: Record<string, number> = { page_num: 1, page_size: 50, source_type: 102, print_type: 9001, print_type_show: 1, status: 1, version: 1, business_item_id: 1 };

const typesOfProp = (prop: JsonSchema | undefined): string[] => ([] as string[]).concat(prop?.type ?? 'string');

/** The value of a parameter `name` of a route (shaped by its schema when it declares one), naming the other tenant. */
function valueOf(name: string, route: ProbeRoute, c: Caller, type: string, prop?: JsonSchema): unknown {
  const v = valuesFor(c);
  if (prop?.enum?.length) return prop.enum[0];
  const kinds = typesOfProp(prop);
  if (kinds.includes('integer') || kinds.includes('number')) {
    if (name === 'tenant_id') return c.other.tenantId;
    if (name === 'id' || name === 'key_id' || name === 'log_id') return Number(idFor(route.url, c)) || 999999;
    if (name === 'table_id') return 70;
    return NUMBERS[name] ?? 1;
  }
  if (kinds.includes('boolean')) return true;
  if (kinds.includes('array')) return [valueOf(name, route, c, type, prop?.items)];
  if (kinds.includes('object') && !kinds.includes('string')) {
    const declaredOnes = Object.entries(prop?.properties ?? {}).map(([k, p]) => [k, valueOf(k, route, c, type, p)]);
    return { ...(prop?.additionalProperties === false ? {} : { ...tenantFields(c), org_code: v.org, sku_no: v.sku }), ...Object.fromEntries(declaredOnes) };
  }
  if (prop?.format === 'uuid') return idFor(route.url, c);
  if (name === 'type' && route.url.startsWith('/api/uploads')) return 'img';
  if (name === 'status') return '1';
  if (/img_url|save_url/.test(name)) return `/api/uploads/${c.ids.upload[0] ?? NO_SUCH_UUID}`;
  if (/_time$|_date$/.test(name)) return `${today()} 09:00:00`;
  if (name === 'tenant_id') return v.tenant;
  if (name === 'merchant_no') return v.merchant;
  if (/org|store/.test(name)) return v.org;
  if (/supplier/.test(name)) return v.supplier;
  if (/sku|barcode/.test(name)) return v.sku;
  if (/keyword|name|query|title|remark/.test(name)) return v.name;
  if (name === 'id' || name === 'job_id') return idFor(route.url, c);
  if (name === 'table_id') return '70';
  if (/type/.test(name)) return type;
  return v.docOf(type);
}

/** A route's URL with its path parameters naming the other tenant. */
function pathOf(route: ProbeRoute, c: Caller, type: string, nul = false): string {
  const v = valuesFor(c);
  const param = (name: string): string => {
    const prop = route.schema.params?.properties?.[name];
    const value =
      name === 'type'
        ? type
        : name === 'no'
          ? v.docOf(type)
          : name === 'name'
            ? route.url.startsWith('/api/options')
              ? Object.keys(LIST_SQL)[0]
              : 'doc_status'
            : name === 'table'
              ? 'sku'
              : name === 'file'
                ? `${v.docOf(type)}.xml`
                : String(valueOf(name, route, c, type, prop));
    return enc(value) + (nul ? '%00' : '');
  };
  return route.url.replace(/:(\w+)/g, (_, name: string) => param(name));
}

const tenantFields = (c: Caller) => ({ tenant_id: c.other.tenantId, merchant_no: c.other.merchantNo });

/** A schema's declared names, and whether it refuses others. */
const declared = (schema: JsonSchema | undefined) => ({ names: Object.keys(schema?.properties ?? {}), closed: schema?.additionalProperties === false });

/**
 * A body naming the other tenant in every field the route reads (shaped by its schema), with a
 * document header and lines; `extra` adds the other tenant's ids and codes even where the schema
 * refuses fields it does not declare.
 */
function bodyOf(route: ProbeRoute, c: Caller, type: string, nul: boolean, extra: boolean): Record<string, unknown> {
  const v = valuesFor(c);
  const mark = (s: string) => (nul ? `${s}\u0000` : s);
  const at = `${today()} 09:00:00`;
  const header = { org_code: mark(v.org), supplier_no: v.supplier, receive_type: '1', direction: '1', reason_code: 'R01', issue_type: '13', receive_time: at, adjust_time: at, issue_time: at, ...tenantFields(c) };
  const line = { sku_no: mark(v.sku), qty: 1, price: 1, cost_price: 1, lot_no: mark(v.docOf(type)), org_code: v.org };
  const shaped: Record<string, unknown> = {
    header,
    lines: [line],
    rows: [{ lot_no: mark(v.docOf(type)), qty: 1, production_date: '2026-01-01' }],
    list: [{ ...line, no: v.docOf(type), id: idFor(route.url, c) }],
    tables: ['sku'],
    report: { title: mark(v.name), dataset: 'sales', tenant_id: c.other.tenantId, filters: [{ field: 'org_code', op: 'in', value: [v.org] }] },
    query: { org_code: v.org, ...tenantFields(c) },
  };
  // a report screen's own query, then the other tenant's codes on top of it
  if (route.url.startsWith('/api/reports/:table_id') && !route.schema.body) Object.assign(shaped, c.reportQuery, { org_code: v.org, store_no: v.org, supplier_no: v.supplier });
  const { names, closed } = declared(route.schema.body);
  const fieldNames = closed ? names : [...new Set([...names, ...route.body])];
  const out: Record<string, unknown> = {};
  for (const n of fieldNames) {
    const prop = route.schema.body?.properties?.[n];
    const own = shaped[n];
    let value: unknown;
    if (prop?.properties) value = { ...(prop.additionalProperties === false ? {} : (own as object)), ...(valueOf(n, route, c, type, prop) as object) };
    else if (prop?.items?.properties) value = [{ ...(prop.items.additionalProperties === false ? {} : ((own as object[] | undefined)?.[0] ?? {})), ...(valueOf(n, route, c, type, prop.items) as object) }];
    else value = own !== undefined && (!prop || typesOfProp(prop).some((t) => t === 'object' || t === 'array')) ? own : valueOf(n, route, c, type, prop);
    out[n] = typeof value === 'string' ? mark(value) : value;
  }
  return closed && !extra ? out : { ...shaped, ...tenantFields(c), org_code: v.org, supplier_no: v.supplier, ...out };
}

/** The types a route's `:type` (or `type` parameter) is probed with. */
const typesOf = (route: ProbeRoute): readonly string[] =>
  route.url.startsWith('/api/import') ? Object.keys(IMPORTS) : /:type/.test(route.url) || route.query.includes('type') ? DOC_TYPES : DOC_TYPES.slice(0, 1);

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): { payload: Buffer; type: string } {
  const boundary = '----hmfuzz';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}

/** An xlsx of the import template's headings whose data row names the other tenant: its goods, codes, document number. */
async function sheetNaming(c: Caller, type: string): Promise<Buffer> {
  const v = valuesFor(c);
  const headings = c.headings[type]?.length ? c.headings[type] : ['sku_no', 'qty', 'price', 'org_code', 'supplier_no', 'lot_no'];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(headings);
  sheet.addRow(headings.map((h) => (/数量|价|金额|qty|price|amount/i.test(h) ? 1 : /批次|lot/i.test(h) ? v.docOf(type) : /日期|时间|date/i.test(h) ? today() : v.sku)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Every probe of one route for one caller: foreign values plain, repeated, and with NUL bytes. */
async function probesOf(route: ProbeRoute, c: Caller): Promise<Probe[]> {
  const key = `${route.method} ${route.url}`;
  const out: Probe[] = [];
  const headers = bearer(c.token);
  const push = (options: InjectOptions, sent: unknown) => out.push({ route: key, options, sent: `${decoded(String(options.url))} ${JSON.stringify(sent ?? '')}` });
  for (const type of typesOf(route)) {
    const query = (nul: boolean, twice: boolean, extra: boolean) => {
      const { names, closed } = declared(route.schema.querystring);
      const all = closed && !extra ? names : [...new Set([...names, ...route.query, 'tenant_id', 'merchant_no', 'org_code', 'supplier_no', 'favorite_id', 'barcode'])];
      return all
        .flatMap((n) => {
          const value = enc(String(valueOf(n, route, c, type, route.schema.querystring?.properties?.[n]))) + (nul ? '%00' : '');
          return twice ? [`${n}=${value}`, `${n}=${enc(valuesFor(c).docOf(type))}`] : [`${n}=${value}`];
        })
        .join('&');
    };
    const url = pathOf(route, c, type);
    if (key === 'POST /api/ingest/:table') {
      const v = valuesFor(c);
      const row = JSON.stringify({ ...tenantFields(c), sku_no: v.sku, sku_name: v.name, org_code: v.org, supplier_no: v.supplier });
      const auth = { authorization: `Bearer ${c.ingestSecret ?? c.token}`, 'content-type': 'application/x-ndjson' };
      push({ method: 'POST', url, headers: { ...auth, 'idempotency-key': `fuzz-${c.who}-${Date.now()}` }, payload: `${row}\n` }, row);
      push({ method: 'POST', url: `${url}?${query(false, true, false)}`, headers: { ...auth, 'idempotency-key': `fuzz2-${c.who}-${Date.now()}` }, payload: `${row}\n` }, row);
      continue;
    }
    if (MULTIPART.has(key)) {
      const v = valuesFor(c);
      const fields = { ...Object.fromEntries(route.body.map((n) => [n, String(valueOf(n, route, c, type))])), no: v.docOf(type), id: idFor(route.url, c), report_name: v.name, source_type: '102', dirname: v.org, org_code: v.org, ...Object.fromEntries(Object.entries(tenantFields(c)).map(([k, x]) => [k, String(x)])) };
      const file = key === 'POST /api/import/:type'
        ? { name: `${v.docOf(type)}.xlsx`, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await sheetNaming(c, type) }
        : key === 'POST /api/print/set_print_model'
          ? { name: `${v.docOf(type)}.xml`, type: 'text/xml', data: Buffer.from(`<report name="${v.name}" org="${v.org}"/>`) }
          : { name: `${v.docOf(type)}.png`, type: 'image/png', data: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') };
      const targets: [string, boolean][] = [[`${url}?${query(false, false, false)}`, false], [`${url}?${query(false, true, false)}`, false], [`${url}?${query(true, false, false)}`, true]];
      // the other's goods imported into a draft of the caller's own: the job's result is searched too
      const ownDraft = c.ownDrafts[IMPORTS[type] ?? type];
      if (key === 'POST /api/import/:type' && ownDraft) targets.push([`${url}?no=${enc(ownDraft)}`, false]);
      for (const [u, nul] of targets) {
        const form = multipart(nul ? { ...fields, remark: `${v.name}\u0000` } : fields, file);
        push({ method: 'POST', url: u, headers: { ...headers, 'content-type': form.type }, payload: form.payload }, fields);
      }
      continue;
    }
    const body = (nul: boolean, extra: boolean) => (WITH_BODY.has(route.method) ? bodyOf(route, c, type, nul, extra) : undefined);
    const send = (u: string, payload: Record<string, unknown> | undefined) => push({ method: route.method as 'GET', url: u, headers, ...(payload ? { payload } : {}) }, payload);
    send(`${url}?${query(false, false, false)}`, body(false, false));
    send(`${url}?${query(false, false, true)}`, body(false, true));
    send(`${url}?${query(false, true, false)}`, body(false, false));
    send(`${url}?${query(true, false, false)}`, body(true, false));
    if (/:/.test(route.url)) send(pathOf(route, c, type, true), body(false, false));
  }
  return out;
}

/** What an answer shows, as text to search: JSON, text, every XML part of an xlsx (exports, templates). */
async function shownBy(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }): Promise<unknown> {
  const type = String(res.headers['content-type'] ?? '');
  if (/json/.test(type)) {
    try {
      return JSON.parse(res.body);
    } catch {
      return res.body;
    }
  }
  if (res.rawPayload.subarray(0, 2).toString('latin1') === 'PK') {
    const zip = await JSZip.loadAsync(res.rawPayload);
    const parts = await Promise.all(Object.values(zip.files).filter((f) => !f.dir).map((f) => f.async('string')));
    return parts.join('\n');
  }
  return res.rawPayload.toString('utf8');
}

/**
 * A goods code standing as a value of its own in a file's text: not inside a longer number, word or
 * decimal (a margin rate 0.3000888… holds the digits of goods 300088 and shows none).
 */
const codeIn = (text: string, code: string) =>
  new RegExp(`(?<![\\w.])${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w|\\.\\d)`).test(text);

/** Markers found in what an answer shows, as `key: value`. */
async function markersIn(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }, foreign: Foreign): Promise<string[]> {
  const shown = await shownBy(res);
  return typeof shown === 'string' ? leaksIn({ text: shown, sku: [...foreign.skuNos].filter((s) => codeIn(shown, s)).join(' ') }, foreign) : leaksIn(shown, foreign);
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The leaks among answers of one tenant's callers: markers shown that the request did not name itself
 * and that no write of that tenant's callers took (a label template the fuzz named after the other
 * tenant's store is the caller's own, shown back).
 */
function leaksAmong(answers: Answer[]): string[] {
  const planted = answers.filter((a) => a.took).map((a) => a.sent).join('\n');
  return answers.flatMap((a) =>
    a.found.filter((f) => {
      const value = f.slice(f.indexOf(': ') + 2);
      return !a.sent.includes(value) && !planted.includes(value);
    }).map((f) => `${a.what}: ${f}`),
  );
}

/** Runs probes three at a time (the shard pools hold four connections each). */
async function run(app: FastifyInstance, c: Caller, probes: Probe[]): Promise<Answer[]> {
  const out: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++];
      const res = await app.inject(p.options);
      const write = p.options.method !== 'GET';
      out.push({ route: p.route, status: res.statusCode, found: await markersIn(res, c.foreign), sent: p.sent, took: write && res.statusCode < 300, what: `${p.options.method} ${p.options.url}` });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return out;
}

/** The caller's own export and import jobs the fuzz started, once ended, each downloaded and searched. */
async function jobResults(app: FastifyInstance, c: Caller, sent: string): Promise<Answer[]> {
  const list = async () => ((await app.inject({ method: 'GET', url: '/api/jobs?page_num=1&page_size=50', headers: bearer(c.token) })).json().data?.list ?? []) as { job_id: string; status: string; has_file?: boolean }[];
  const end = Date.now() + 60_000;
  let jobs = await list();
  while (jobs.some((j) => j.status === 'running' || j.status === 'queued') && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    jobs = await list();
  }
  const out: Answer[] = [];
  for (const job of jobs) {
    for (const url of [`/api/jobs/${job.job_id}`, ...(job.has_file ? [`/api/jobs/${job.job_id}/download`] : [])]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(c.token) });
      out.push({ route: `job ${url}`, status: res.statusCode, found: await markersIn(res, c.foreign), sent, took: false, what: `GET ${url}` });
    }
  }
  return out;
}

// ---- the servers -----------------------------------------------------------------------------------

let routes: ProbeRoute[] = [];
/** answers by route as the server's router matched them, per target */
const reached = new Map<string, Map<string, number[]>>();
let current = '';
const heard = (route: string, status: number) => {
  const byRoute = reached.get(current) ?? new Map<string, number[]>();
  byRoute.set(route, [...(byRoute.get(route) ?? []), status]);
  reached.set(current, byRoute);
};

async function oneDatabase(): Promise<Target> {
  const testDb = await openTestDb();
  const filesDir = mkdtempSync(join(tmpdir(), 'hm-fuzz-'));
  const app = await buildServer({ db: testDb.db, config: { staticDir: '/nonexistent', filesDir } });
  await app.ready();
  return {
    app,
    onTenant: (_tenant, fn) => fn(testDb.db),
    close: async () => {
      await app.close();
      await testDb.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Tenant 10139 on `main`, 266 and 30001 moved to `east` as a sharded start does, one server over both. */
async function twoShards(): Promise<Target> {
  const main: TestDb = await openTestDb();
  const east: TestDb = await openEmptyDb();
  const mainUrl = withDatabase(pgUrl, main.location);
  const eastUrl = withDatabase(pgUrl, east.location);
  await spreadDemoTenants({ databaseUrl: mainUrl, replicaUrls: [], shards: `east=${eastUrl}`, dataDir: '' }, () => {});
  const router = new ShardRouter(
    new Map<string, Db>([
      ['main', await openPostgres(mainUrl)],
      ['east', await openPostgres(eastUrl)],
    ]),
  );
  const filesDir = mkdtempSync(join(tmpdir(), 'hm-fuzz-'));
  const app = await buildServer({ db: router, config: { staticDir: '/nonexistent', filesDir } });
  await app.ready();
  return {
    app,
    onTenant: (tenant, fn) => router.withTenant(tenant, () => fn(router)),
    close: async () => {
      await app.close();
      await router.close();
      await main.close();
      await east.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

const TARGETS: [name: string, start: () => Promise<Target>][] = [['one database', oneDatabase], ...(pgUrl ? [['two shards through the router', twoShards] as [string, () => Promise<Target>]] : [])];

describe.each(TARGETS)('isolation fuzz on every route: %s', (name, start) => {
  let target: Target;
  let callers: Caller[] = [];
  /** store and supplier callers naming their own tenant's other stores and suppliers */
  const scoped: Caller[] = [];
  const answers: Answer[] = [];
  const leaks: string[] = [];
  const changed: string[] = [];

  beforeAll(async () => {
    current = name;
    const gathered = await gatherRoutes(start, heard);
    target = gathered.started;
    if (!routes.length) routes = gathered.routes;
    const { app } = target;
    const tenants = Object.fromEntries(
      await Promise.all(
        [FIRST, SECOND, SPECIAL].map(async (m) => {
          const [{ tenant_id }] = await target.onTenant(0, (db) => db.query<{ tenant_id: number }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [m]));
          return [m, Number(tenant_id)];
        }),
      ),
    ) as Record<string, number>;
    const holdings = async (m: string) => target.onTenant(tenants[m], (db) => holdingsFrom(rowsOf(db), m));
    const held: Record<string, Holdings> = { [FIRST]: await holdings(FIRST), [SECOND]: await holdings(SECOND), [SPECIAL]: await holdings(SPECIAL) };
    // each head office holds more than documents: a job, files, styles, a key and a complaint, each named for the markers
    const secrets: Record<string, string> = {};
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const m of [FIRST, SECOND]) {
      const h = bearer((await login(app, 'admin', 'HMT', m)).token);
      const form = (name: string) => multipart({}, { name, type: 'image/png', data: png });
      const upload = form(`FZ${m}-upload.png`);
      const attachment = form(`FZ${m}-attachment.png`);
      const uploaded = await app.inject({ method: 'POST', url: '/api/uploads?type=img', headers: { ...h, 'content-type': upload.type }, payload: upload.payload });
      const cfg = (await app.inject({ method: 'GET', url: '/api/reports/70/config', headers: h })).json().data as ReportConfig;
      const [draft] = await target.onTenant(tenants[m], (db) => db.query<{ no: string }>(`SELECT receive_no AS no FROM purchase_receipt WHERE tenant_id = $1 AND status = '0' LIMIT 1`, [tenants[m]]));
      const made = [
        await app.inject({ method: 'POST', url: '/api/ingest-keys', headers: h, payload: { key_name: `FZ${m} 推送密钥`, tables: ['sku', 'organisation'] } }),
        await app.inject({ method: 'POST', url: '/api/print/label/templates', headers: h, payload: { print_type: 9001, print_template_name: `FZ${m} 价签样式`, print_template_content: '{}' } }),
        uploaded,
        await app.inject({ method: 'POST', url: '/api/complaints', headers: h, payload: { name: `FZ${m} 投诉人`, phone: `139000${m}`, remark: `FZ${m} 投诉内容`, img_url: [uploaded.json().data?.url] } }),
        await app.inject({ method: 'POST', url: '/api/reports/70/export', headers: h, payload: initialRequest(cfg, today()) as object }),
        await app.inject({ method: 'POST', url: `/api/documents/purchase-receipt/${draft?.no}/attachments`, headers: { ...h, 'content-type': attachment.type }, payload: attachment.payload }),
      ];
      for (const res of made) expect(res.statusCode, res.body).toBe(200);
      secrets[m] = made[0].json().data?.secret;
      for (const marker of [`FZ${m} 推送密钥`, `FZ${m} 价签样式`, `FZ${m} 投诉人`, `FZ${m} 投诉内容`, `FZ${m}-upload`, `FZ${m}-attachment`]) held[m].names.add(marker);
    }
    const users = [
      [FIRST, 'admin', 'HMT', SECOND],
      [FIRST, 'store01', 'HMD', SECOND],
      [FIRST, 'supplier01', 'HMS', SECOND],
      [SECOND, 'admin', 'HMT', FIRST],
    ] as const;
    for (const [merchant, username, client, otherMerchant] of users) {
      const { token, session } = await login(app, username, client, merchant);
      const own = held[merchant];
      const other = held[otherMerchant];
      const foreign = foreignTo(own, [other, held[SPECIAL]]);
      // a store or a supplier must not see the documents of the other stores or suppliers of its own tenant either
      const beside = client === 'HMT' ? null : await target.onTenant(own.tenantId, (db) => besideOf(db, own, session));
      for (const no of Object.values(beside?.docs ?? {}).flat()) foreign.docNos.add(no);
      if (beside) {
        // the same client again, naming its own tenant's other stores or suppliers: their codes and documents
        const again = await login(app, username, client, merchant);
        const docNos = new Set(Object.values(beside.docs).flat());
        scoped.push({
          who: `${merchant}/${username} naming other ${client === 'HMD' ? 'stores' : 'suppliers'}`,
          token: again.token,
          session: again.session,
          own,
          other: beside,
          ids: { job: [], message: [], upload: [], attachment: [], style: [], template: [], key: [], log: [], studio: [] },
          foreign: { names: /(?!)/, docNos, skuNos: new Set() },
          drafts: Object.fromEntries(Object.entries(beside.docs).filter(([, nos]) => nos.length).map(([type, nos]) => [type, nos[0]])),
          reportQuery: await reportQueryOf(app, again.token),
          ownDrafts: {},
          headings: {},
        });
      }
      callers.push({
        who: `${merchant}/${username}`,
        token,
        session,
        own,
        other,
        ids: await target.onTenant(other.tenantId, (db) => idsOf(db, other.tenantId)),
        foreign,
        ingestSecret: client === 'HMT' ? secrets[merchant] : undefined,
        drafts: await target.onTenant(other.tenantId, (db) => draftsOf(db, other.tenantId)),
        reportQuery: await reportQueryOf(app, token),
        ownDrafts: await target.onTenant(own.tenantId, (db) => draftsOf(db, own.tenantId)),
        headings: Object.fromEntries(await Promise.all(Object.keys(IMPORTS).map(async (t) => [t, await headingsOf(app, token, t)]))),
      });
    }
  }, 600_000);

  afterAll(async () => {
    await target?.close();
  });

  it('the markers are real: the other head office’s own answers show them', async () => {
    const [first, , , second] = callers;
    for (const [owner, watcher] of [[second, first], [first, second]]) {
      const h = bearer(owner.token);
      const shown: string[] = [];
      for (const url of ['/api/ingest-keys', '/api/print/label/templates?print_type=9001&page_num=1&page_size=50', '/api/documents/purchase-receipt?page_size=50', `/api/uploads/${watcher.ids.upload[0]}`, `/api/jobs/${watcher.ids.job[0]}/download`]) {
        const res = await target.app.inject({ method: 'GET', url, headers: h });
        shown.push(...(await markersIn(res, watcher.foreign)));
      }
      expect(shown.some((f) => f.includes('FZ')), owner.who).toBe(true);
      expect(shown.some((f) => /[A-Z]{2}\d{8,}/.test(f)), owner.who).toBe(true);
    }
    // the store and the supplier have other stores' and suppliers' documents to name and look for
    expect(scoped.map((c) => [c.who, c.foreign.docNos.size > 0, Object.keys(c.drafts).length > 0])).toEqual([
      [`${FIRST}/store01 naming other stores`, true, true],
      [`${FIRST}/supplier01 naming other suppliers`, true, true],
    ]);
  });

  it('reaches every route as each client, naming the other tenant: no 5xx, nothing of the other shown, nothing of the other changed', async () => {
    current = name;
    const ordered = routes.filter((r) => !NOT_PROBED[`${r.method} ${r.url}`]);
    // the tenant 10139's callers first, with 266's totals watched; then 266's head office, with 10139's watched
    // last, the store and supplier naming their own tenant's other stores (its totals change by their own writes: not compared)
    for (const group of [callers.slice(0, 3), callers.slice(3), scoped]) {
      const watched = group[0].other.tenantId;
      const before = await target.onTenant(watched, (db) => totalsOf(db, watched));
      const ofGroup: Answer[] = [];
      for (const c of group) {
        const probes = (await Promise.all(ordered.map((r) => probesOf(r, c)))).flat();
        // every report of the caller's menu with the other's codes as filters, its documents, pickers and option lists (cross-tenant.ts)
        for (const p of [...(await probeReads(target.app, c.token, c.own, c.other, c.foreign)), ...(await probeWrites(target.app, c.token, c.own, c.other, c.foreign))]) {
          ofGroup.push({ route: p.what, status: p.status, found: p.leaks, sent: decoded(p.what), took: false, what: p.what });
        }
        // logout last, after the jobs are read: it ends the caller's session
        const last = (p: Probe) => p.route === 'POST /api/auth/logout';
        ofGroup.push(...(await run(target.app, c, probes.filter((p) => !last(p)))));
        // a job's result may repeat what the caller's requests named (an import's refused goods)
        ofGroup.push(...(await jobResults(target.app, c, probes.map((p) => p.sent).join('\n'))));
        ofGroup.push(...(await run(target.app, c, probes.filter(last))));
      }
      answers.push(...ofGroup);
      leaks.push(...leaksAmong(ofGroup));
      const after = await target.onTenant(watched, (db) => totalsOf(db, watched));
      if (group !== scoped) changed.push(...compareTotals(before, after).map((d) => `tenant ${watched}: ${d.replace('the copy has', 'after the fuzz')}`));
    }

    const byRoute = reached.get(name) ?? new Map<string, number[]>();
    const report = [...byRoute.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, statuses]) => {
        const counts = Object.entries(statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}));
        return `${route.padEnd(56)} ${String(statuses.length).padStart(5)}  ${counts.map(([s, n]) => `${s}×${n}`).join(' ')}`;
      });
    console.log(`isolation fuzz, ${name}: ${answers.length} answers, ${byRoute.size} routes reached\n${report.join('\n')}`);

    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${a.route}`)).toEqual([]);
    expect(leaks).toEqual([]);
    expect(changed).toEqual([]);
    const missed = routes.map((r) => `${r.method} ${r.url}`).filter((k) => !NOT_PROBED[k] && !byRoute.has(k));
    expect(missed).toEqual([]);
  }, 900_000);
});
