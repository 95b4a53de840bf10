/**
 * The schema the migrations build, read from their text: tables with their columns (type, NOT NULL,
 * the comment on the column's line), keys (also the PostgreSQL-only keys of the fact tables, which
 * DuckDB never sees), secondary indexes and views. Text rather than a migrated database, because the
 * comments and the `-- @postgres` keys are part of what the data contract tells. The parser knows the
 * statements the migrations use and refuses any other, so a new kind of statement cannot be misread.
 */

export interface SqlColumn {
  name: string;
  /** as written in the migration, e.g. VARCHAR(32), DECIMAL(18,4) */
  type: string;
  notNull: boolean;
  /** the comment on the column's line, when the line defines this column alone */
  note?: string;
}

export interface SqlTable {
  name: string;
  columns: SqlColumn[];
  /** primary key columns, tenant_id included; empty when the table has none */
  key: string[];
  /** the key is declared in a `-- @postgres` block only (the big fact tables) */
  postgresOnlyKey: boolean;
  /** columns of each secondary index, in order */
  indexes: string[][];
  /** the comment lines right above the CREATE TABLE */
  note?: string;
}

export interface SqlView {
  name: string;
  /** tables and views named after FROM or JOIN in its query */
  reads: string[];
}

export interface SqlSchema {
  tables: Map<string, SqlTable>;
  views: Map<string, SqlView>;
}

interface Line {
  code: string;
  comment: string;
  postgresOnly: boolean;
}

interface Statement {
  lines: Line[];
  /** code of all lines, whitespace collapsed */
  text: string;
  /** contiguous comment-only lines right before it */
  note: string;
}

const IDENT = '[a-z_][a-z0-9_]*';

/** Splits a line at the first `--` outside a string literal. */
function splitComment(raw: string): { code: string; comment: string } {
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "'") quoted = !quoted;
    else if (!quoted && raw.startsWith('--', i)) return { code: raw.slice(0, i), comment: raw.slice(i + 2).trim() };
  }
  return { code: raw, comment: '' };
}

function statementsOf(sql: string, file: string): Statement[] {
  const statements: Statement[] = [];
  let postgresOnly = false;
  let current: Line[] = [];
  let note: string[] = [];
  for (const raw of sql.split('\n')) {
    if (/^-- @postgres\s*$/.test(raw)) postgresOnly = true;
    else if (/^-- @end\s*$/.test(raw)) postgresOnly = false;
    const { code, comment } = splitComment(raw);
    if (!code.trim()) {
      if (current.length) current.push({ code: '', comment, postgresOnly });
      else if (comment && !comment.startsWith('@')) note.push(comment);
      else note = [];
      continue;
    }
    const end = code.indexOf(';');
    if (end >= 0 && end !== code.trimEnd().length - 1) throw new Error(`${file}: one statement per line end expected: ${raw}`);
    current.push({ code: end >= 0 ? code.slice(0, end) : code, comment, postgresOnly });
    if (end >= 0) {
      const text = current.map((l) => l.code).join(' ').replace(/\s+/g, ' ').trim();
      statements.push({ lines: current, text, note: note.join(' ') });
      current = [];
      note = [];
    }
  }
  if (current.length) throw new Error(`${file}: statement without a closing semicolon`);
  return statements;
}

/** Splits at commas outside parentheses and string literals. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) throw new Error(`unbalanced definition: ${text}`);
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const names = (list: string): string[] => list.split(',').map((c) => c.trim().toLowerCase());

function parseColumn(item: string, note: string | undefined): SqlColumn {
  const m = new RegExp(`^(${IDENT})\\s+([A-Za-z]+(?:\\s*\\([0-9, ]+\\))?)(.*)$`, 'i').exec(item);
  if (!m) throw new Error(`unreadable column: ${item}`);
  const rest = m[3].trim();
  const notNull = /\bNOT NULL\b/i.test(rest);
  const leftover = rest.replace(/\bNOT NULL\b/i, '').replace(/\bDEFAULT\s.+$/i, '').trim();
  if (leftover) throw new Error(`unreadable column: ${item}`);
  return { name: m[1].toLowerCase(), type: m[2].replace(/\s+/g, '').toUpperCase(), notNull, ...(note ? { note } : {}) };
}

/** Columns and constraints of a CREATE TABLE, line by line so each column keeps its line's comment. */
function parseCreateTable(name: string, s: Statement): SqlTable {
  const table: SqlTable = { name, columns: [], key: [], postgresOnlyKey: false, indexes: [], ...(s.note ? { note: s.note } : {}) };
  const last = s.lines.length - 1;
  s.lines.forEach((line, i) => {
    let code = line.code;
    if (i === 0) code = code.slice(code.indexOf('(') + 1);
    if (i === last) code = code.slice(0, code.lastIndexOf(')'));
    const items = splitTopLevel(code);
    for (const item of items) {
      const key = /^PRIMARY KEY\s*\(([^)]*)\)$/i.exec(item);
      if (key) table.key = names(key[1]);
      else if (/^UNIQUE\s*\(/i.test(item)) continue;
      else table.columns.push(parseColumn(item, items.length === 1 && line.comment ? line.comment : undefined));
    }
  });
  return table;
}

function tableOf(schema: SqlSchema, name: string, file: string): SqlTable {
  const table = schema.tables.get(name);
  if (!table) throw new Error(`${file}: unknown table ${name}`);
  return table;
}

function apply(schema: SqlSchema, s: Statement, file: string): void {
  const t = s.text;
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^CREATE TABLE (${IDENT}) \\(`, 'i').exec(t))) {
    schema.tables.set(m[1].toLowerCase(), parseCreateTable(m[1].toLowerCase(), s));
  } else if ((m = new RegExp(`^ALTER TABLE (${IDENT}) ADD COLUMN (.+)$`, 'i').exec(t))) {
    tableOf(schema, m[1].toLowerCase(), file).columns.push(parseColumn(m[2], s.lines[0].comment || undefined));
  } else if ((m = new RegExp(`^ALTER TABLE (${IDENT}) ADD PRIMARY KEY \\(([^)]*)\\)$`, 'i').exec(t))) {
    const table = tableOf(schema, m[1].toLowerCase(), file);
    table.key = names(m[2]);
    table.postgresOnlyKey = s.lines[0].postgresOnly;
  } else if ((m = new RegExp(`^CREATE (?:UNIQUE )?INDEX ${IDENT} ON (${IDENT}) \\(([^)]*)\\)$`, 'i').exec(t))) {
    tableOf(schema, m[1].toLowerCase(), file).indexes.push(names(m[2]));
  } else if ((m = new RegExp(`^CREATE VIEW (${IDENT}) AS (.+)$`, 'i').exec(t))) {
    const reads = [...m[2].matchAll(new RegExp(`\\b(?:FROM|JOIN) (${IDENT})`, 'gi'))].map((r) => r[1].toLowerCase());
    schema.views.set(m[1].toLowerCase(), { name: m[1].toLowerCase(), reads: [...new Set(reads)] });
  } else if ((m = new RegExp(`^DROP VIEW (${IDENT})$`, 'i').exec(t))) {
    schema.views.delete(m[1].toLowerCase());
  } else if (
    // no bearing on columns or keys: sequences, data updates, and the constraint a later ADD PRIMARY KEY replaces
    !/^CREATE SEQUENCE /i.test(t) &&
    !/^UPDATE /i.test(t) &&
    !new RegExp(`^ALTER TABLE ${IDENT} DROP CONSTRAINT ${IDENT}$`, 'i').test(t)
  ) {
    throw new Error(`${file}: statement the schema reader does not know: ${t.slice(0, 120)}`);
  }
}

/** The schema after applying the migrations in order (each `{ id, sql }`, as `loadMigrations` gives them). */
export function schemaOf(migrations: readonly { id: string; sql: string }[]): SqlSchema {
  const schema: SqlSchema = { tables: new Map(), views: new Map() };
  for (const m of migrations) for (const s of statementsOf(m.sql, m.id)) apply(schema, s, m.id);
  return schema;
}
