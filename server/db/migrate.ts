import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isShardRouter } from './sharded';
import type { Db } from './types';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  id: string;
  sql: string;
}

/** Migrations are `NNN_name.sql` files, applied in name order; portable SQL for DuckDB and PostgreSQL. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ id: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * The statements of a migration for one dialect: text between a `-- @postgres` line and an `-- @end`
 * line applies to PostgreSQL only (keys and indexes of the big fact tables, which DuckDB answers from
 * the zone maps of date-ordered data instead of ART indexes).
 */
export function sqlForDialect(sql: string, dialect: Db['dialect']): string {
  if (dialect === 'postgres') return sql;
  return sql.replace(/^-- @postgres\s*$[\s\S]*?^-- @end\s*$/gm, '');
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction; with
 * several shards, on every shard. Returns the migrations applied (on any shard).
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  if (!isShardRouter(db)) return migrateOne(db, migrations);
  const applied = new Set<string>();
  for (const shard of db.each()) for (const id of await migrateOne(shard, migrations)) applied.add(id);
  return [...applied];
}

async function migrateOne(db: Db, migrations: Migration[]): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id VARCHAR(200) PRIMARY KEY, applied_at TIMESTAMP NOT NULL)`,
  );
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(sqlForDialect(m.sql, db.dialect));
      await tx.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, CAST($2 AS TIMESTAMP))', [
        m.id,
        new Date().toISOString().replace('T', ' ').slice(0, 19),
      ]);
    });
    applied.push(m.id);
  }
  return applied;
}
