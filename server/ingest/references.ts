/**
 * References between supplied tables, read from the definitions: a dataset join whose condition
 * matches the whole natural key of one side (`s.sku_no = i.sku_no`: the line's sku_no names a SKU),
 * and a document field that looks its name up by a table's key. Constants in a join name the rows a
 * reference holds for (`a.party_type = 4` → a supplier) or a fixed part of the key
 * (`dictionary.dic_code = 'RORDER_OPTION'`). A join the reader cannot take apart gives no reference.
 */
import type { DatasetFile, Join, SqlFragment } from '../../engine/definition/types';
import type { DocumentFile } from '../../engine/document/types';

export interface Reference {
  /** the referencing columns, matching `key` in order */
  columns: string[];
  /** the referenced supplied table */
  table: string;
  /** the columns of its natural key they match */
  key: string[];
  /** key columns of the referenced table fixed to a value, e.g. the dictionary's dic_code */
  fixed?: Record<string, string>;
  /** the reference holds for the rows with these values only, e.g. party_type 4 → supplier */
  when?: Record<string, string>;
}

export interface TableReference extends Reference {
  /** the referencing supplied table */
  from: string;
}

export interface ReferenceContext {
  /** the one supplied table behind a table or view name, if there is one */
  resolve: (name: string) => string | undefined;
  /** natural key of a supplied table, without tenant_id */
  keyOf: (table: string) => string[];
}

const COLUMN = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/;
const LITERAL = /^(-?[0-9]+(?:\.[0-9]+)?|'[^']*')$/;

type Term = { alias: string; column: string } | { literal: string };
type Conjunct = [Term, Term];

/** A column reference, or a constant (a string constant without its quotes). */
function term(text: string): Term | undefined {
  const c = COLUMN.exec(text);
  if (c) return { alias: c[1], column: c[2] };
  return LITERAL.test(text) ? { literal: text.replace(/^'(.*)'$/, '$1') } : undefined;
}

/** `a = b AND c = d …` as pairs of terms; undefined when any part is something else. */
function conjuncts(sql: SqlFragment): Conjunct[] | undefined {
  const out: Conjunct[] = [];
  for (const part of sql.trim().split(/\s+AND\s+/i)) {
    const sides = part.split('=').map((s) => term(s.trim()));
    if (sides.length !== 2 || !sides[0] || !sides[1]) return undefined;
    out.push([sides[0], sides[1]]);
  }
  return out;
}

/** Where the rows of an alias come from: a table, with a column mapping (identity for a table alias). */
interface Branch {
  table: string;
  column: (name: string) => string | undefined;
  /** `alias.col = constant` conditions a union part's rows meet (which parties a ledger part holds) */
  fixed: Record<string, string>;
}

/**
 * Constant conditions of a union part's `where` on its own alias: they tell which rows the part
 * brings (party_type 4: suppliers). A table source's `where` filters the whole report instead.
 */
function whereConstants(alias: string, where: SqlFragment[] | undefined): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const w of where ?? []) {
    for (const [l, r] of conjuncts(w) ?? []) {
      if ('alias' in l && l.alias === alias && 'literal' in r) fixed[l.column] = r.literal;
    }
  }
  return fixed;
}

function tableBranch(table: string, fixed: Record<string, string> = {}): Branch[] {
  return [{ table, column: (c) => c, fixed }];
}

/** The references one join's condition gives, between the branches of its two aliases. */
function joinReferences(join: Join, branches: Map<string, Branch[]>, ctx: ReferenceContext): TableReference[] {
  const parts = conjuncts(join.on);
  if (!parts) return [];
  const equalities = parts.filter(([l, r]) => 'alias' in l && 'alias' in r) as [
    { alias: string; column: string },
    { alias: string; column: string },
  ][];
  const constants = parts.flatMap(([l, r]) => ('alias' in l && 'literal' in r ? [{ ...l, literal: r.literal }] : []));
  const aliases = new Set(equalities.flatMap(([l, r]) => [l.alias, r.alias]));
  if (aliases.size !== 2 || constants.length + equalities.length !== parts.length) return [];
  const targets = [...aliases].flatMap((target) => {
    const [branch, ...more] = branches.get(target) ?? [];
    const table = branch && more.length === 0 ? ctx.resolve(branch.table) : undefined;
    if (!table) return [];
    const key = ctx.keyOf(table);
    const pairs = equalities.map(([l, r]) => (l.alias === target ? { key: l.column, column: r.column } : { key: r.column, column: l.column }));
    const fixed = Object.fromEntries(constants.filter((c) => c.alias === target).map((c) => [c.column, c.literal]));
    const covered = [...pairs.map((p) => p.key), ...Object.keys(fixed)];
    return covered.length === key.length && key.every((k) => covered.includes(k)) ? [{ target, table, pairs, fixed }] : [];
  });
  // both sides' keys matched: a one-to-one join, not a reference
  if (targets.length !== 1) return [];
  const { target, table, pairs, fixed } = targets[0];
  const source = [...aliases].find((a) => a !== target)!;
  const when = constants.filter((c) => c.alias === source);
  return (branches.get(source) ?? []).flatMap((b) => {
    const from = ctx.resolve(b.table);
    const columns = pairs.map((p) => b.column(p.column));
    const whenColumns = when.map((c) => b.column(c.column));
    if (!from || columns.some((c) => !c) || whenColumns.some((c) => !c)) return [];
    // a union part over the referenced table itself names its own rows
    if (from === table && columns.every((c, i) => c === pairs[i].key)) return [];
    const conditions = { ...b.fixed, ...Object.fromEntries(when.map((c, i) => [whenColumns[i]!, c.literal])) };
    return [
      {
        from,
        columns: columns as string[],
        table,
        key: pairs.map((p) => p.key),
        ...(Object.keys(fixed).length ? { fixed } : {}),
        ...(Object.keys(conditions).length ? { when: conditions } : {}),
      },
    ];
  });
}

export function datasetReferences(dataset: DatasetFile, ctx: ReferenceContext): TableReference[] {
  const src = dataset.source;
  const scopes: { branches: Map<string, Branch[]>; joins: Join[] }[] = [];
  const scopeOf = (alias: string, own: Branch[], joins: Join[] = []) => {
    const branches = new Map<string, Branch[]>([[alias, own]]);
    for (const j of joins) branches.set(j.alias, tableBranch(j.table));
    scopes.push({ branches, joins });
  };
  if ('union' in src) {
    const unionBranches = src.union.map((p) => {
      const partFixed = whereConstants(p.alias, p.where);
      scopeOf(p.alias, tableBranch(p.table, partFixed), p.joins);
      return {
        table: p.table,
        column: (c: string) => {
          const m = COLUMN.exec(p.select[c] ?? '');
          return m && m[1] === p.alias ? m[2] : undefined;
        },
        fixed: partFixed,
      };
    });
    scopeOf(src.alias, unionBranches, src.joins);
  } else {
    scopeOf(src.alias, tableBranch(src.table), src.joins);
  }
  return scopes.flatMap((s) => s.joins.flatMap((j) => joinReferences(j, s.branches, ctx)));
}

/** A header field, list column or line column whose lookup matches the looked-up table's whole key. */
export function documentReferences(document: DocumentFile, ctx: ReferenceContext): TableReference[] {
  const fields = [
    ...[...document.header, ...document.list.columns].map((f) => ({ table: document.tables.header, f })),
    ...document.lines.map((f) => ({ table: document.tables.lines, f })),
  ];
  return fields.flatMap(({ table, f }) => {
    const from = ctx.resolve(table);
    const target = f.lookup && ctx.resolve(f.lookup.table);
    if (!from || !target || !f.lookup) return [];
    const key = ctx.keyOf(target);
    return key.length === 1 && key[0] === f.lookup.key ? [{ from, columns: [f.key], table: target, key }] : [];
  });
}
