/**
 * Reading and writing documents of any definition: list, detail, create, edit, delete, submit,
 * audit. Every statement is tenant- and client-scoped from the session; every write runs in one
 * transaction and re-reads the state inside it, so a refused change writes nothing.
 */
import type { ApprovalRecord } from '../../engine/shell';
import type { DocumentAction, DocumentFile } from '../../engine/document/types';
import type { DocumentDetail, DocumentListPage, DocumentRow, DocumentValue, DocumentWriteBody } from '../../engine/document/wire';
import {
  actionsFor,
  auditError,
  auditTarget,
  checkLines,
  checkValue,
  exactAllocationError,
  LOT_MESSAGES,
  wrongStateMessage,
  writableHeaderFields,
} from '../../engine/document/rules';
import type { ServerSession } from '../auth/session';
import { nowIn, sqlTimestamp, today } from '../clock';
import type { Db } from '../db/types';
import { badRequest, HttpError, notFound } from '../http/errors';
import { documentTypes } from './definitions';
import { checkPicks } from './lookups';
import { postDocument } from '../stock/document-posting';
import { openPeriodError } from '../../engine/stock';
import { MAX_DOCUMENT_LINES } from '../../engine/document/limits';
import { filterWhere, headerSelect, linesQuery, MAX_PAGE, orderBy, PAGE_SIZES, Params, scopeWhere, type ListQuery } from './sql';

export const DOCUMENT_MESSAGES = {
  notFound: '单据不存在',
  pageTooLarge: '数据量过大，请添加查询条件！',
  badPageSize: '每页条数无效',
  tooManyLines: (existing: number) => `单据最多${MAX_DOCUMENT_LINES}行，已有${existing}行，请分单导入`,
} as const;

/** A document that posts must be dated in the open period (422 otherwise); others are not bound. */
function checkOpenPeriod(businessTime: unknown): void {
  const error = openPeriodError(String(businessTime ?? nowIn()), today());
  if (error) throw new HttpError(422, 'PERIOD_CLOSED', error);
}

/**
 * The document's state read in the writing transaction with its row locked (PostgreSQL), so a
 * concurrent write waits and then sees this one's result; DuckDB runs write transactions one at a time.
 */
async function lockedState(tx: Db, def: DocumentFile, tenantId: number, no: string): Promise<string | null> {
  const t = def.tables;
  const [row] = await tx.query<{ s: unknown }>(
    `SELECT ${t.status_column} AS s FROM ${t.header} WHERE tenant_id = $1 AND ${t.no_column} = $2${tx.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
    [tenantId, no],
  );
  return row ? String(row.s) : null;
}

export const conflict = (message: string) => new HttpError(409, 'WRONG_STATE', message);

const STATE_CHANGED = '单据状态已变化，请刷新后重试';
/** 409 for a document whose state moved after it was read for this write. */
export const stateChanged = () => conflict(STATE_CHANGED);

/** Inside the writing transaction: the document, its row locked, is still in the state it was read in. */
export async function requireUnchanged(tx: Db, def: DocumentFile, tenantId: number, no: string, status: string): Promise<void> {
  if ((await lockedState(tx, def, tenantId, no)) !== String(status)) throw stateChanged();
}

/** Checks that the action is allowed in the document's state for this client (409 otherwise). */
export function requireAction(def: DocumentFile, detail: DocumentDetail, action: DocumentAction): void {
  if (!detail.actions.includes(action)) throw conflict(wrongStateMessage(def, detail.status, action));
}

export async function listDocuments(db: Db, def: DocumentFile, session: ServerSession, q: ListQuery): Promise<DocumentListPage> {
  if (!(PAGE_SIZES as readonly number[]).includes(q.page_size)) throw badRequest('BAD_PAGE_SIZE', DOCUMENT_MESSAGES.badPageSize);
  if (q.page_num > MAX_PAGE) throw badRequest('PAGE_TOO_LARGE', DOCUMENT_MESSAGES.pageTooLarge);
  const p = new Params();
  const filters = filterWhere(def, session.client, q.filters, p);
  if ('error' in filters) throw badRequest('BAD_FILTER', filters.error);
  const where = [...scopeWhere(def, session, p), ...filters].join(' AND ');
  const { select, from } = headerSelect(def, true);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM ${def.tables.header} h WHERE ${where}`, p.values);
  const list = await db.query<DocumentRow>(
    `SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${orderBy(def, q.order_by)}
      LIMIT ${q.page_size} OFFSET ${(q.page_num - 1) * q.page_size}`,
    p.values,
  );
  return { list: list.map(stringifyStatus(def)), total: Number(total), page_num: q.page_num, page_size: q.page_size };
}

/** State codes travel as text whatever the column type. */
const stringifyStatus = (def: DocumentFile) => (row: DocumentRow) => {
  const status = row[def.tables.status_column];
  return { ...row, [def.tables.status_column]: status === null ? null : String(status) };
};

/**
 * One document with header, lines and the actions this session may take, or null when it does not
 * exist or lies outside the session's scope. Printing loads documents through this too.
 */
export async function loadDocument(db: Db, def: DocumentFile, session: ServerSession, no: string): Promise<DocumentDetail | null> {
  const p = new Params();
  const where = [...scopeWhere(def, session, p), `h.${def.tables.no_column} = ${p.add(no)}`].join(' AND ');
  const { select, from } = headerSelect(def, false);
  const [row] = await db.query<DocumentRow>(`SELECT ${select} FROM ${from} WHERE ${where}`, p.values);
  if (!row) return null;
  const header = stringifyStatus(def)(row);
  const lines = linesQuery(def, session.tenant_id, no);
  const status = String(header[def.tables.status_column]);
  const [{ n }] = await db.query<{ n: number }>(
    'SELECT count(*) AS n FROM document_attachment WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3',
    [session.tenant_id, def.id, no],
  );
  return {
    type: def.id,
    no,
    status,
    header,
    lines: await db.query<DocumentRow>(lines.sql, lines.params),
    actions: actionsFor(def, status, session.client),
    attachment_count: Number(n),
  };
}

/**
 * A document of a type by number for a session, with header and lines (what printing needs): 404
 * when the type or the document is not there for this session, 403 without the permission.
 */
export async function loadDocumentOfType(db: Db, session: ServerSession, type: string, no: string): Promise<DocumentDetail> {
  return getDocument(db, documentTypes().resolve(session, type), session, no);
}

/** loadDocument, answering 404 when it is not there for this session. */
export async function getDocument(db: Db, def: DocumentFile, session: ServerSession, no: string): Promise<DocumentDetail> {
  const doc = await loadDocument(db, def, session, no);
  if (!doc) throw notFound('DOCUMENT_NOT_FOUND', DOCUMENT_MESSAGES.notFound);
  return doc;
}

/** The header values a client may write, checked; the session fills its scope fields. */
async function checkedHeader(db: Db, def: DocumentFile, session: ServerSession, header: Record<string, unknown>) {
  const values: Record<string, DocumentValue> = {};
  const fields = writableHeaderFields(def, session.client);
  for (const f of fields) {
    const checked = checkValue(f, header[f.key]);
    if ('error' in checked) throw badRequest(checked.error.code, checked.error.message);
    values[f.key] = checked.value;
  }
  for (const f of def.header) {
    if (f.session?.clients.includes(session.client)) values[f.key] = session[f.session.value];
  }
  // a picker that depends on other fields (a warehouse on the org) sees them as they will be stored
  await checkPicks(db, session, fields, [values], false, values);
  return values;
}

/** The lines checked, each code against its picker for that line and the document's header. */
async function checkedLines(db: Db, def: DocumentFile, session: ServerSession, lines: Record<string, unknown>[], header: Record<string, DocumentValue>) {
  const checked = checkLines(def, lines);
  if ('error' in checked) throw badRequest(checked.error.code, checked.error.message);
  await checkPicks(db, session, def.lines, checked.rows, true, header);
  return checked.rows;
}

function insertSql(table: string, row: Record<string, unknown>, timestamps: ReadonlySet<string>): { sql: string; params: unknown[] } {
  const p = new Params();
  const cols = Object.keys(row);
  const vals = cols.map((c) => (timestamps.has(c) ? `CAST(${p.add(row[c])} AS TIMESTAMP)` : p.add(row[c])));
  return { sql: `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${vals.join(', ')})`, params: p.values };
}

/** Columns bound as timestamps: the definition's datetime fields and the audit columns. */
function timestampColumns(def: DocumentFile): Set<string> {
  return new Set([...def.header.filter((f) => f.widget === 'datetime').map((f) => f.key), 'created_at', 'updated_at']);
}

async function writeLines(tx: Db, def: DocumentFile, tenantId: number, no: string, rows: Record<string, DocumentValue>[]): Promise<void> {
  const t = def.tables;
  await tx.query(`DELETE FROM ${t.lines} WHERE tenant_id = $1 AND ${t.no_column} = $2`, [tenantId, no]);
  const stamps = new Set(def.lines.filter((c) => c.widget === 'datetime').map((c) => c.key));
  for (const [i, row] of rows.entries()) {
    const ins = insertSql(t.lines, { tenant_id: tenantId, [t.no_column]: no, [t.line_column]: i + 1, ...row }, stamps);
    await tx.query(ins.sql, ins.params);
  }
  // allocations of lines that no longer hold the same goods item are void
  const keep = rows.map((r, i) => `${i + 1}:${r.sku_no}`);
  const p = new Params();
  const keepSql = keep.length ? `AND CAST(business_item_id AS VARCHAR) || ':' || sku_no NOT IN (${keep.map((k) => p.add(k)).join(', ')})` : '';
  await tx.query(`DELETE FROM lot_allocation WHERE tenant_id = ${p.add(tenantId)} AND business_no = ${p.add(no)} ${keepSql}`, p.values);
}

let numberSeq = 0;

/** A new document number: prefix, the tenant's date, and a running part unique in the tenant. */
async function newNumber(tx: Db, def: DocumentFile, tenantId: number): Promise<string> {
  const day = nowIn().slice(0, 10).replace(/-/g, '');
  for (;;) {
    numberSeq = (numberSeq + 1) % 1000;
    const no = `${def.tables.no_prefix}${day}${String(Date.now() % 1e7).padStart(7, '0')}${String(numberSeq).padStart(3, '0')}`;
    const [hit] = await tx.query(`SELECT 1 AS x FROM ${def.tables.header} WHERE tenant_id = $1 AND ${def.tables.no_column} = $2`, [tenantId, no]);
    if (!hit) return no;
  }
}

/**
 * `answer` runs last inside the writing transaction, given the new number; what it returns is the
 * create's result (the route's answer, sealed with its idempotency key, commits with the document).
 */
export async function createDocument<T>(
  db: Db,
  def: DocumentFile,
  session: ServerSession,
  body: DocumentWriteBody,
  answer: (tx: Db, no: string) => Promise<T>,
): Promise<T> {
  const header = await checkedHeader(db, def, session, body.header ?? {});
  const lines = await checkedLines(db, def, session, body.lines ?? [], header);
  const t = def.tables;
  if (def.posting) checkOpenPeriod(header[t.time_column]);
  const now = sqlTimestamp();
  return db.transaction(async (tx) => {
    const no = await newNumber(tx, def, session.tenant_id);
    const row: Record<string, unknown> = {
      tenant_id: session.tenant_id,
      ...header,
      [t.no_column]: no,
      [t.status_column]: def.initial_state,
      [t.time_column]: header[t.time_column] ?? nowIn(),
      created_at: now,
      updated_at: now,
      created_by: session.username,
      updated_by: session.username,
    };
    const ins = insertSql(t.header, row, timestampColumns(def));
    await tx.query(ins.sql, ins.params);
    await writeLines(tx, def, session.tenant_id, no, lines);
    return answer(tx, no);
  });
}

/** Sets the state only while it is still `from` (a concurrent change makes this a 409). */
async function moveState(tx: Db, def: DocumentFile, session: ServerSession, no: string, from: string, to: string): Promise<void> {
  const t = def.tables;
  const rows = await tx.query<{ n: string }>(
    `UPDATE ${t.header} SET ${t.status_column} = $1, updated_at = CAST($2 AS TIMESTAMP), updated_by = $3
      WHERE tenant_id = $4 AND ${t.no_column} = $5 AND CAST(${t.status_column} AS VARCHAR) = $6 RETURNING ${t.no_column} AS n`,
    [to, sqlTimestamp(), session.username, session.tenant_id, no, from],
  );
  if (!rows.length) throw stateChanged();
}

/**
 * At submit, inside the submitting transaction: the document's allocations of each lot together
 * within that lot's stock at the document's organisation (lines are allocated one at a time, and the
 * stock may have moved since). A refusal writes nothing.
 */
async function checkLotStock(tx: Db, def: DocumentFile, session: ServerSession, no: string): Promise<void> {
  const conf = def.lots;
  if (!conf?.stock_validation) return;
  const [head] = await tx.query<{ org: string }>(`SELECT ${conf.org_column} AS org FROM ${def.tables.header} WHERE tenant_id = $1 AND ${def.tables.no_column} = $2`, [
    session.tenant_id,
    no,
  ]);
  const [over] = await tx.query<{ lot_no: string }>(
    `SELECT a.lot_no FROM (SELECT lot_no, SUM(change_stock_num) AS n FROM lot_allocation
                            WHERE tenant_id = $1 AND business_no = $2 AND lot_no IS NOT NULL GROUP BY lot_no) a
      WHERE a.n > COALESCE((SELECT SUM(s.stock_num) FROM lot_stock s WHERE s.tenant_id = $1 AND s.lot_no = a.lot_no AND s.org_code = $3), 0)`,
    [session.tenant_id, no, head?.org ?? null],
  );
  if (over) throw badRequest('LOT_ABOVE_STOCK', LOT_MESSAGES.aboveStock);
}

/**
 * Lot type 13 checked again at submit and approval, inside that transaction (the lines or the issue
 * type may have changed since the lots were allocated): a refusal writes nothing.
 */
async function checkLotsForSubmit(tx: Db, def: DocumentFile, session: ServerSession, no: string): Promise<void> {
  const conf = def.lots;
  if (!conf) return;
  if (conf.exact_type === undefined) return;
  const t = def.tables;
  let lotType: number;
  if ('value' in conf.lot_type) lotType = conf.lot_type.value;
  else {
    const [head] = await tx.query<{ v: unknown }>(`SELECT ${conf.lot_type.column} AS v FROM ${t.header} WHERE tenant_id = $1 AND ${t.no_column} = $2`, [
      session.tenant_id,
      no,
    ]);
    lotType = Number(head?.v);
  }
  if (lotType !== conf.exact_type) return;
  const lines = await tx.query<{ sku_no: string; sku_name: string | null; qty: unknown; allocated: unknown }>(
    `SELECT i.sku_no, k.sku_name, i.${conf.qty_column} AS qty, COALESCE(a.total, 0) AS allocated
       FROM ${t.lines} i
       LEFT JOIN sku k ON k.tenant_id = i.tenant_id AND k.sku_no = i.sku_no
       LEFT JOIN (SELECT business_item_id, sku_no, SUM(change_stock_num) AS total FROM lot_allocation
                   WHERE tenant_id = $1 AND business_no = $2 GROUP BY business_item_id, sku_no) a
         ON a.business_item_id = i.${t.line_column} AND a.sku_no = i.sku_no
      WHERE i.tenant_id = $1 AND i.${t.no_column} = $2 ORDER BY i.${t.line_column}`,
    [session.tenant_id, no],
  );
  const error = exactAllocationError(
    lines.map((l) => ({ sku_name: l.sku_name ?? l.sku_no, qty: Number(l.qty), allocated: Number(l.allocated) })),
    conf.decimals,
  );
  if (error) throw badRequest(error.code, error.message);
}

export async function updateDocument(db: Db, def: DocumentFile, session: ServerSession, no: string, body: DocumentWriteBody): Promise<void> {
  const doc = await getDocument(db, def, session, no);
  requireAction(def, doc, 'edit');
  if (body.submit) requireAction(def, doc, 'submit');
  const header = await checkedHeader(db, def, session, body.header ?? {});
  const lines = await checkedLines(db, def, session, body.lines ?? [], header);
  const t = def.tables;
  if (def.posting) checkOpenPeriod(header[t.time_column]);
  await db.transaction(async (tx) => {
    const stamps = timestampColumns(def);
    const p = new Params();
    const sets = Object.entries({ ...header, updated_at: sqlTimestamp(), updated_by: session.username }).map(([k, v]) =>
      stamps.has(k) ? `${k} = CAST(${p.add(v)} AS TIMESTAMP)` : `${k} = ${p.add(v)}`,
    );
    const updated = await tx.query(
      `UPDATE ${t.header} SET ${sets.join(', ')} WHERE tenant_id = ${p.add(session.tenant_id)} AND ${t.no_column} = ${p.add(no)}
        AND CAST(${t.status_column} AS VARCHAR) = ${p.add(doc.status)} RETURNING ${t.no_column}`,
      p.values,
    );
    if (!updated.length) throw stateChanged();
    await writeLines(tx, def, session.tenant_id, no, lines);
    if (body.submit) {
      await checkLotStock(tx, def, session, no);
      await checkLotsForSubmit(tx, def, session, no);
      await moveState(tx, def, session, no, doc.status, def.submitted_state);
      await recordApproval(tx, def, session, no, SUBMITTED, null);
    }
  });
}

/**
 * Adds checked lines after the document's own (an import), in one transaction, provided the
 * document still allows importing in the state it had when the rows were checked. `check` answers
 * what refuses the rows against the header as it stands in that transaction (a header saved while
 * the import ran cannot let through codes checked against the old one); a refusal writes nothing.
 */
export async function appendLines<P>(
  db: Db,
  def: DocumentFile,
  session: ServerSession,
  no: string,
  rows: Record<string, DocumentValue>[],
  check: (tx: Db, header: Record<string, unknown>) => Promise<P[]>,
): Promise<P[]> {
  const doc = await getDocument(db, def, session, no);
  requireAction(def, doc, 'import');
  const keys = def.lines.map((c) => c.key);
  const t = def.tables;
  return db.transaction(async (tx) => {
    await requireUnchanged(tx, def, session.tenant_id, no, doc.status);
    const refused = await check(tx, (await getDocument(tx, def, session, no)).header);
    if (refused.length) return refused;
    // the lines as they are now: an import that finished meanwhile is kept
    const lines = await tx.query<DocumentRow>(
      `SELECT ${keys.join(', ')} FROM ${t.lines} WHERE tenant_id = $1 AND ${t.no_column} = $2 ORDER BY ${t.line_column}`,
      [session.tenant_id, no],
    );
    if (lines.length + rows.length > MAX_DOCUMENT_LINES) throw badRequest('TOO_MANY_LINES', DOCUMENT_MESSAGES.tooManyLines(lines.length));
    await writeLines(tx, def, session.tenant_id, no, [...lines.map((l) => Object.fromEntries(keys.map((k) => [k, l[k] ?? null]))), ...rows]);
    return [];
  });
}

export async function deleteDocument(db: Db, def: DocumentFile, session: ServerSession, no: string): Promise<string[]> {
  const doc = await getDocument(db, def, session, no);
  requireAction(def, doc, 'delete');
  const t = def.tables;
  return db.transaction(async (tx) => {
    const gone = await tx.query(
      `DELETE FROM ${t.header} WHERE tenant_id = $1 AND ${t.no_column} = $2 AND CAST(${t.status_column} AS VARCHAR) = $3 RETURNING ${t.no_column}`,
      [session.tenant_id, no, doc.status],
    );
    if (!gone.length) throw stateChanged();
    await tx.query(`DELETE FROM ${t.lines} WHERE tenant_id = $1 AND ${t.no_column} = $2`, [session.tenant_id, no]);
    await tx.query('DELETE FROM lot_allocation WHERE tenant_id = $1 AND business_no = $2', [session.tenant_id, no]);
    const files = await tx.query<{ path: string }>(
      'DELETE FROM document_attachment WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3 RETURNING path',
      [session.tenant_id, def.id, no],
    );
    return files.map((f) => f.path);
  });
}

export async function submitDocument(db: Db, def: DocumentFile, session: ServerSession, no: string): Promise<void> {
  const doc = await getDocument(db, def, session, no);
  requireAction(def, doc, 'submit');
  await db.transaction(async (tx) => {
    await checkLotStock(tx, def, session, no);
    await checkLotsForSubmit(tx, def, session, no);
    await moveState(tx, def, session, no, doc.status, def.submitted_state);
    await recordApproval(tx, def, session, no, SUBMITTED, null);
  });
}

/** The result an approval record gives a submit: the record shows who sent the document for approval, and when. */
const SUBMITTED = '0';

async function recordApproval(tx: Db, def: DocumentFile, session: ServerSession, no: string, result: string, remark: string | null): Promise<void> {
  await tx.query(
    `INSERT INTO approval_record (tenant_id, business_type, business_no, approver_account_id, approver_name, result, remark, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP))`,
    [session.tenant_id, def.id, no, session.account_id, session.account_name, result, remark, sqlTimestamp()],
  );
}

/** Audit (building blocks §3–§5): the state moves and the decision is recorded, together or not at all. */
export async function auditDocument(
  db: Db,
  def: DocumentFile,
  session: ServerSession,
  no: string,
  body: { status: string; remark?: string },
): Promise<string> {
  const doc = await getDocument(db, def, session, no);
  requireAction(def, doc, 'audit');
  const error = auditError(def, body.status, body.remark);
  if (error) throw badRequest(error.code, error.message);
  const to = auditTarget(def, body.status as '1' | '2' | '3')!;
  const remark = (body.remark ?? '').trim() || null;
  await db.transaction(async (tx) => {
    await moveState(tx, def, session, no, doc.status, to);
    await recordApproval(tx, def, session, no, body.status, remark);
    if (def.posting?.state === to) {
      checkOpenPeriod(doc.header[def.tables.time_column]);
      await checkLotsForSubmit(tx, def, session, no);
      await postDocument(tx, def, session.tenant_id, no, today());
    }
  });
  return to;
}

export async function approvalsOf(db: Db, def: DocumentFile, session: ServerSession, no: string): Promise<ApprovalRecord[]> {
  await getDocument(db, def, session, no);
  return db.query<ApprovalRecord>(
    `SELECT id, business_type, business_no, approver_name, result, remark, created_at
       FROM approval_record WHERE tenant_id = $1 AND business_type = $2 AND business_no = $3 ORDER BY created_at, id`,
    [session.tenant_id, def.id, no],
  );
}
