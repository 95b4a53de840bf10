import type { Db } from './types';

/**
 * Tables with a `tenant_id` that are not one tenant's data: the tenants themselves (small, read by
 * every login: a reference table on Citus, a copy on every node; every shard holds its tenants' rows)
 * the shard map (kept on the first shard; a Citus deployment needs none) and each shard's record of the
 * tenants that moved away from it. Every other table with
 * a `tenant_id` column is distributed by it and moves with its tenant. Tables without `tenant_id`
 * (menu, login throttling, schema_migrations) are reference tables too.
 */
export const REFERENCE_TABLES: readonly string[] = ['tenant', 'tenant_shard', 'tenant_departed'];

interface KeyRow {
  table_name: string;
  index_name: string;
  first_column: string | null;
}

interface ForeignKeyRow {
  table_name: string;
  constraint_name: string;
  referenced: string;
  columns: string[];
  referenced_columns: string[];
}

/** Tables of the public schema that have a tenant_id column. */
const TENANT_TABLES = `
  SELECT c.oid, c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
   WHERE c.relkind IN ('r', 'p')
     AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)`;

/** Primary keys and unique indexes of tenant tables with their first column (null for an expression). */
const KEYS_SQL = `
  WITH t AS (${TENANT_TABLES})
  SELECT t.relname AS table_name, i.indexrelid::regclass::text AS index_name, a.attname AS first_column
    FROM t JOIN pg_index i ON i.indrelid = t.oid AND (i.indisunique OR i.indisprimary)
    LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
   ORDER BY 1, 2`;

/** Every foreign key of the schema with its columns in key order. */
const FOREIGN_KEYS_SQL = `
  SELECT c.conrelid::regclass::text AS table_name, c.conname AS constraint_name, c.confrelid::regclass::text AS referenced,
         array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS columns,
         array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS referenced_columns
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = current_schema()
   WHERE c.contype = 'f' ORDER BY 1, 2`;

/** Distributed: has tenant_id and is not declared a reference table. */
function distributedTables(tenantTables: readonly string[]): Set<string> {
  return new Set(tenantTables.filter((t) => !REFERENCE_TABLES.includes(t)));
}

/** Keys a distribution by tenant_id would refuse: a primary key or unique index not led by tenant_id. */
export function keyViolations(keys: readonly KeyRow[], distributed: ReadonlySet<string>): string[] {
  return keys
    .filter((k) => distributed.has(k.table_name) && k.first_column !== 'tenant_id')
    .map((k) => `${k.table_name}: unique index ${k.index_name} begins with ${k.first_column ?? 'an expression'}, not tenant_id`);
}

/**
 * Foreign keys Citus would refuse: between distributed tables they must pair tenant_id with tenant_id
 * (so both rows live on the same node); a reference table may not point at a distributed one.
 */
export function foreignKeyViolations(fks: readonly ForeignKeyRow[], distributed: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const fk of fks) {
    const from = distributed.has(fk.table_name);
    const to = distributed.has(fk.referenced);
    if (!from && to) out.push(`${fk.table_name}: ${fk.constraint_name} points from a reference table at distributed ${fk.referenced}`);
    if (from && to) {
      const at = fk.columns.indexOf('tenant_id');
      if (at < 0 || fk.referenced_columns[at] !== 'tenant_id') {
        out.push(`${fk.table_name}: ${fk.constraint_name} to ${fk.referenced} does not pair tenant_id with tenant_id`);
      }
    }
  }
  return out;
}

/**
 * What would stop `create_distributed_table(t, 'tenant_id')` on the tenant tables of this PostgreSQL
 * database (and `create_reference_table` on the rest): empty when the schema distributes as is.
 */
export async function citusViolations(db: Db): Promise<{ distributed: string[]; violations: string[] }> {
  if (db.dialect !== 'postgres') throw new Error('the Citus check reads the PostgreSQL catalogue');
  const tenantTables = (await db.query<{ relname: string }>(TENANT_TABLES)).map((r) => r.relname).sort();
  const distributed = distributedTables(tenantTables);
  const keys = await db.query<KeyRow>(KEYS_SQL);
  const fks = await db.query<ForeignKeyRow>(FOREIGN_KEYS_SQL);
  return { distributed: [...distributed], violations: [...keyViolations(keys, distributed), ...foreignKeyViolations(fks, distributed)] };
}
