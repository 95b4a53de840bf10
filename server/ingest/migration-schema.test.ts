import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../db/duckdb';
import { loadMigrations, migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { schemaOf } from './migration-schema';

describe('schemaOf', () => {
  it('reads columns with their line comment, keys inline and in @postgres blocks, indexes and views', () => {
    const schema = schemaOf([
      {
        id: '001_a',
        sql: `-- the goods
CREATE TABLE goods (
  tenant_id BIGINT NOT NULL,
  code VARCHAR(32) NOT NULL,      -- the goods code
  flag VARCHAR(1) NOT NULL DEFAULT '0',
  a TIMESTAMP, b DECIMAL(18,4),   -- two columns: the comment is neither's
  PRIMARY KEY (tenant_id, code),
  UNIQUE (tenant_id, flag)
);

CREATE TABLE fact (
  tenant_id BIGINT NOT NULL,
  no VARCHAR(32) NOT NULL,
  day DATE NOT NULL
);
-- @postgres
ALTER TABLE fact ADD PRIMARY KEY (tenant_id, no);
CREATE INDEX ix_fact_day ON fact (tenant_id, day);
-- @end
CREATE VIEW v AS SELECT * FROM fact UNION ALL SELECT * FROM goods g JOIN fact f ON f.no = g.code;`,
      },
      { id: '002_b', sql: 'ALTER TABLE fact ADD COLUMN qty DECIMAL(18,3); -- signed\nDROP VIEW v;' },
    ]);
    expect(schema.tables.get('goods')).toEqual({
      name: 'goods',
      note: 'the goods',
      columns: [
        { name: 'tenant_id', type: 'BIGINT', notNull: true },
        { name: 'code', type: 'VARCHAR(32)', notNull: true, note: 'the goods code' },
        { name: 'flag', type: 'VARCHAR(1)', notNull: true },
        { name: 'a', type: 'TIMESTAMP', notNull: false },
        { name: 'b', type: 'DECIMAL(18,4)', notNull: false },
      ],
      key: ['tenant_id', 'code'],
      postgresOnlyKey: false,
      indexes: [],
    });
    const fact = schema.tables.get('fact')!;
    expect(fact.key).toEqual(['tenant_id', 'no']);
    expect(fact.postgresOnlyKey).toBe(true);
    expect(fact.indexes).toEqual([['tenant_id', 'day']]);
    expect(fact.columns.at(-1)).toEqual({ name: 'qty', type: 'DECIMAL(18,3)', notNull: false, note: 'signed' });
    expect(schema.views.size).toBe(0);
  });

  it('refuses a statement it does not know', () => {
    expect(() => schemaOf([{ id: '001_x', sql: 'ALTER TABLE t RENAME TO u;' }])).toThrow(/does not know/);
  });
});

describe('schemaOf over the real migrations', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDuckDb(':memory:');
    await migrate(db);
  });
  afterAll(() => db.close());

  // DuckDB spells VARCHAR(n) and TEXT as VARCHAR
  const duckType = (t: string) => (/^VARCHAR|^TEXT$/.test(t) ? 'VARCHAR' : t);

  it('agrees with a migrated DuckDB on every table, column, type and NOT NULL', async () => {
    const rows = await db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'main' AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE')
          AND table_name <> 'schema_migrations'
        ORDER BY table_name, ordinal_position`,
    );
    const fromDuck = new Map<string, string[]>();
    for (const r of rows) {
      const list = fromDuck.get(r.table_name) ?? [];
      list.push(`${r.column_name} ${r.data_type}${r.is_nullable === 'NO' ? ' NOT NULL' : ''}`);
      fromDuck.set(r.table_name, list);
    }
    const { tables } = schemaOf(loadMigrations());
    const fromText = new Map(
      [...tables.values()].map((t) => [t.name, t.columns.map((c) => `${c.name} ${duckType(c.type)}${c.notNull ? ' NOT NULL' : ''}`)]),
    );
    expect(new Map([...fromText].sort())).toEqual(new Map([...fromDuck].sort()));
  });

  it('agrees with DuckDB on the keys DuckDB has, and on the views', async () => {
    const keys = await db.query<{ table_name: string; constraint_column_names: string[] }>(
      `SELECT table_name, constraint_column_names FROM duckdb_constraints()
        WHERE constraint_type = 'PRIMARY KEY' AND table_name <> 'schema_migrations'`,
    );
    const schema = schemaOf(loadMigrations());
    // PostgreSQL moves the session and job-lease keys onto the tenant (022); DuckDB keeps the old ones
    const movedOnPostgres = new Set(['account_session', 'job_lease']);
    for (const k of keys) {
      if (movedOnPostgres.has(k.table_name)) continue;
      expect(schema.tables.get(k.table_name)?.key, k.table_name).toEqual([...k.constraint_column_names]);
    }
    const duckKeyed = new Set(keys.map((k) => k.table_name));
    for (const t of schema.tables.values()) {
      if (!movedOnPostgres.has(t.name)) expect(duckKeyed.has(t.name), t.name).toBe(t.key.length > 0 && !t.postgresOnlyKey);
    }
    const views = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'VIEW'",
    );
    expect([...schema.views.keys()].sort()).toEqual(views.map((v) => v.table_name).sort());
  });
});
