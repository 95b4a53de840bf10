/**
 * Loads document definitions from already-read JSON (no I/O here): JSON Schema validation of each
 * file, then the checks a schema cannot make (every column a list, filter, scope, import or lot
 * rule names is a header or line column; states named by the flow exist; an action has the feature
 * it needs). Problems are { file, pointer, message } like the report catalogue's.
 */
import Ajv from 'ajv';
import documentSchema from '../../schemas/document.schema.json';
import { LINE_PICKERS } from '../definition/known';
import { checkSource, Reporter, schemaErrors, type DefinitionError, type DefinitionFile } from '../definition/catalogue';
import { isDocumentGroup } from './menu';
import type { DocumentAction, DocumentFile, StoredFieldDef } from './types';

export interface DocumentCatalogue {
  documents: Map<string, DocumentFile>;
  errors: DefinitionError[];
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateDocument = ajv.compile(documentSchema);

function baseName(path: string): string {
  return (path.split(/[\\/]/).pop() ?? path).replace(/\.json$/, '');
}

/** The feature a state action needs in the definition. */
const ACTION_NEEDS: Partial<Record<DocumentAction, keyof DocumentFile>> = {
  audit: 'audit',
  attach: 'attachments',
  lots: 'lots',
  import: 'import',
};

/** What changes stock must stay as posted: no action may edit a document in its posted state. */
const CHANGING_ACTIONS = ['edit', 'delete', 'import', 'lots'];

function checkPosting(r: Reporter, doc: DocumentFile, headerKeys: Set<string>, lineKeys: Set<string>): void {
  const p = doc.posting!;
  const state = doc.states.find((s) => s.code === p.state);
  if (!state) r.add('/posting/state', `unknown state "${p.state}"`);
  else {
    const actions = [...state.actions, ...Object.values(state.client_actions ?? {}).flat()];
    for (const a of actions) if (CHANGING_ACTIONS.includes(a)) r.add('/posting/state', `a posted document cannot be changed, but state "${p.state}" allows "${a}"`);
  }
  const header = [p.org_column, p.center_column, 'column' in p.doc_type ? p.doc_type.column : undefined, p.new_lot?.supplier_column];
  for (const key of header) if (key && !headerKeys.has(key)) r.add('/posting', `unknown header field "${key}"`);
  const lines = [p.qty_column, p.unit_cost_column, p.booked_cost?.price, p.booked_cost?.amount, p.new_lot?.lot_column, p.lot_column];
  for (const key of lines) if (key && !lineKeys.has(key)) r.add('/posting', `unknown line column "${key}"`);
}

function checkDocument(r: Reporter, doc: DocumentFile): void {
  if (baseName(r.file) !== doc.id) r.add('/id', `id must equal the file name "${baseName(r.file)}"`);
  if (!isDocumentGroup(doc.menu.parent)) r.add('/menu/parent', `unknown menu group "${doc.menu.parent}"`);
  const headerKeys = new Set(doc.header.map((f) => f.key));
  const lineKeys = new Set(doc.lines.map((c) => c.key));
  r.duplicates('/header', doc.header.map((f) => f.key), 'header field');
  r.duplicates('/lines', doc.lines.map((c) => c.key), 'line column');
  r.duplicates('/filters', doc.filters.map((f) => f.id), 'filter');
  r.duplicates('/states', doc.states.map((s) => s.code), 'state');

  const t = doc.tables;
  for (const key of [t.no_column, t.status_column, t.time_column]) {
    if (!headerKeys.has(key)) r.add('/tables', `header field "${key}" is missing`);
  }
  if (!lineKeys.has('sku_no')) r.add('/lines', 'the lines need a sku_no column');
  if (lineKeys.has(t.line_column) || lineKeys.has(t.no_column)) r.add('/lines', 'the number and line columns are kept by the server, not listed');

  if (doc.posting) checkPosting(r, doc, headerKeys, lineKeys);

  doc.header.forEach((f, i) => checkSource(r, `/header/${i}/source`, f.source));
  doc.lines.forEach((c, i) => checkSource(r, `/lines/${i}/source`, c.source));
  // a header field's picker reads the header; a line's, its own line first
  const pickerParamsKnown = (part: 'header' | 'lines', f: StoredFieldDef, i: number, keys: Set<string>) => {
    if (f.picker_params && f.source?.kind !== 'picker') r.add(`/${part}/${i}/picker_params`, 'only a picker source takes picker parameters');
    for (const [param, key] of Object.entries(f.picker_params ?? {})) {
      if (!keys.has(key)) r.add(`/${part}/${i}/picker_params/${param}`, `unknown field "${key}"`);
    }
  };
  doc.header.forEach((f, i) => pickerParamsKnown('header', f, i, headerKeys));
  doc.lines.forEach((c, i) => pickerParamsKnown('lines', c, i, new Set([...lineKeys, ...headerKeys])));
  (doc.line_pickers ?? []).forEach((p, i) => {
    if (!(LINE_PICKERS as readonly string[]).includes(p.picker)) r.add(`/line_pickers/${i}/picker`, `"${p.picker}" is not a goods picker (${LINE_PICKERS.join(', ')})`);
  });
  doc.list.columns.forEach((c, i) => {
    checkSource(r, `/list/columns/${i}/source`, c.source);
    if (!headerKeys.has(c.key)) r.add(`/list/columns/${i}/key`, `unknown header field "${c.key}"`);
  });
  doc.filters.forEach((f, i) => {
    checkSource(r, `/filters/${i}/source`, f.source);
    if (!headerKeys.has(f.column)) r.add(`/filters/${i}/column`, `unknown header field "${f.column}"`);
    if ((f.widget === 'picker' || f.widget === 'select' || f.widget === 'multi_select') && !f.source) {
      r.add(`/filters/${i}/source`, `a ${f.widget} filter needs a source`);
    }
  });
  const order = /^([a-z][a-z0-9_]*) (asc|desc)$/.exec(doc.list.default_order_by);
  if (!order || !headerKeys.has(order[1])) r.add('/list/default_order_by', 'must be "<header field> asc|desc"');

  for (const client of ['HMD', 'HMS'] as const) {
    (doc.scope[client] ?? []).forEach((rule, i) => {
      if (!headerKeys.has(rule.column)) r.add(`/scope/${client}/${i}/column`, `unknown header field "${rule.column}"`);
      if (!doc.clients.includes(client)) r.add(`/scope/${client}`, `the document is not offered to ${client}`);
    });
    if (doc.clients.includes(client) && !doc.scope[client]?.length) r.add('/scope', `${client} sees the document, so it needs a row scope`);
  }

  (doc.computed ?? []).forEach((c, i) => {
    for (const key of [c.column, ...c.multiply]) if (!lineKeys.has(key)) r.add(`/computed/${i}`, `unknown line column "${key}"`);
  });

  const states = new Set(doc.states.map((s) => s.code));
  if (!states.has(doc.initial_state)) r.add('/initial_state', `unknown state "${doc.initial_state}"`);
  if (!states.has(doc.submitted_state)) r.add('/submitted_state', `unknown state "${doc.submitted_state}"`);
  doc.states.forEach((s, i) => {
    const all = [...s.actions, ...Object.values(s.client_actions ?? {}).flat()];
    for (const action of all) {
      const need = ACTION_NEEDS[action];
      if (need && !doc[need]) r.add(`/states/${i}`, `action "${action}" needs "${need}" in the definition`);
    }
  });
  if (doc.audit) {
    for (const [result, to] of Object.entries(doc.audit.to)) {
      if (!states.has(to)) r.add(`/audit/to/${result}`, `unknown state "${to}"`);
    }
    const other = doc.audit.reject_flag ? '3' : '2';
    if (!doc.audit.to[other]) r.add('/audit/to', `result "${other}" needs a target state`);
    // building blocks §4: the flag swaps reject for send back
    if (doc.audit.reject_flag && doc.audit.to['2']) r.add('/audit/to/2', 'the reject flag offers no reject');
  }
  if (doc.import) {
    doc.import.columns.forEach((key, i) => {
      if (!lineKeys.has(key)) r.add(`/import/columns/${i}`, `unknown line column "${key}"`);
    });
    if (!doc.import.columns.includes('sku_no')) r.add('/import/columns', 'an import needs the sku_no column');
  }
  if (doc.lots) {
    if (!lineKeys.has(doc.lots.qty_column)) r.add('/lots/qty_column', `unknown line column "${doc.lots.qty_column}"`);
    if (!headerKeys.has(doc.lots.org_column)) r.add('/lots/org_column', `unknown header field "${doc.lots.org_column}"`);
    const lt = doc.lots.lot_type;
    if ('column' in lt && !headerKeys.has(lt.column)) r.add('/lots/lot_type/column', `unknown header field "${lt.column}"`);
  }
  const toolbarActions = [...doc.toolbar.list, ...doc.toolbar.detail];
  toolbarActions.forEach((b, i) => {
    const need = b.action ? ACTION_NEEDS[b.action] : undefined;
    if (need && !doc[need]) r.add(`/toolbar`, `button ${i} needs "${need}" in the definition`);
  });
}

/** Validates every document file; only valid definitions are in `documents`. */
export function loadDocuments(files: DefinitionFile[]): DocumentCatalogue {
  const errors: DefinitionError[] = [];
  const documents = new Map<string, DocumentFile>();
  const menuIds = new Map<string, string>();
  for (const f of files) {
    if (!validateDocument(f.json)) {
      errors.push(...schemaErrors(f.path, validateDocument.errors));
      continue;
    }
    const doc = f.json as unknown as DocumentFile;
    const before = errors.length;
    checkDocument(new Reporter(f.path, errors), doc);
    if (documents.has(doc.id)) errors.push({ file: f.path, pointer: '/id', message: `duplicate document id "${doc.id}"` });
    const other = menuIds.get(doc.menu.id);
    if (other) errors.push({ file: f.path, pointer: '/menu/id', message: `menu id "${doc.menu.id}" is also used by ${other}` });
    menuIds.set(doc.menu.id, f.path);
    if (errors.length === before) documents.set(doc.id, doc);
  }
  return { documents, errors };
}
