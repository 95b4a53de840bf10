/**
 * The scan lane (Db.scan) under repeated statements: on PostgreSQL a report statement is prepared
 * by name on its connection, so the same text comes back with other values; a connection keeps a
 * bounded number of names; a failing statement leaves the lane working. Runs on DuckDB, and on
 * PostgreSQL when HM_DATABASE_URL is set (where the naming is checked in pg_prepared_statements).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_PER_CONNECTION } from '../../server/db/postgres';
import { openTestDb, type TestDb } from './testdb';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb();
}, 180_000);

afterAll(() => t?.close());

const twice = (tag: number) => `SELECT CAST($1 AS BIGINT) * 2 AS n, ${tag} AS tag`;

describe('scan lane: repeated statements', () => {
  it('the same text with other values, many at once, answers each for its own values', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => t.db.scan<{ n: number }>(twice(0), [i])));
    expect(answers.map((rows) => rows[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('more texts than a connection keeps names for all answer, and no connection keeps more names', async () => {
    for (let round = 0; round < 2; round++) {
      const texts = Array.from({ length: NAMED_PER_CONNECTION * 5 }, (_, k) => twice(k + 1));
      const answers = await Promise.all(texts.map((sql, k) => t.db.scan<{ n: number; tag: number }>(sql, [k])));
      expect(answers.map((rows) => [rows[0].n, rows[0].tag])).toEqual(texts.map((_, k) => [k * 2, k + 1]));
    }
    if (t.db.dialect === 'postgres') {
      const kept = await Promise.all(Array.from({ length: 8 }, () => t.db.scan<{ n: number }>('SELECT COUNT(*) AS n FROM pg_prepared_statements')));
      for (const [row] of kept) expect(row.n).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
    }
  });

  it('on PostgreSQL a scan is prepared by name on its connection', async () => {
    const sql = "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'hm\\_%'";
    const rows = await t.db.scan<{ statement: string }>(sql);
    if (t.db.dialect === 'postgres') expect(rows.map((r) => r.statement)).toContain(sql);
    else expect(rows).toEqual([]);
  });

  it('a failing statement fails each time it is run, and the lane goes on answering', async () => {
    for (let i = 0; i < 3; i++) await expect(t.db.scan(twice(0), ['not a number'])).rejects.toThrow();
    expect((await t.db.scan<{ n: number }>(twice(0), [21]))[0].n).toBe(42);
  });
});
