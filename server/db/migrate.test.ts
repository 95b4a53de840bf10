import { describe, expect, it } from 'vitest';
import { loadMigrations, sqlForDialect } from './migrate';

describe('migrations per dialect', () => {
  const sql = `CREATE TABLE a (x INT);\n-- @postgres\nALTER TABLE a ADD PRIMARY KEY (x);\n-- @end\nCREATE TABLE b (y INT);\n`;

  it('drops PostgreSQL-only blocks on DuckDB and keeps them on PostgreSQL', () => {
    expect(sqlForDialect(sql, 'duckdb')).toBe('CREATE TABLE a (x INT);\n\nCREATE TABLE b (y INT);\n');
    expect(sqlForDialect(sql, 'postgres')).toBe(sql);
  });

  it('every block of the shipped migrations is closed', () => {
    for (const m of loadMigrations()) {
      expect(sqlForDialect(m.sql, 'duckdb')).not.toMatch(/@postgres|@end|ADD PRIMARY KEY/);
    }
  });
});
