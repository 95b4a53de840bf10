import { describe, expect, it } from 'vitest';
import { openDuckDb } from './duckdb';

describe('DuckDB adapter', () => {
  it('normalises DECIMAL, BIGINT, DATE and TIMESTAMP to plain JSON values', async () => {
    const db = await openDuckDb(':memory:');
    await db.exec('CREATE TABLE t (a BIGINT, b DECIMAL(18,4), d DATE, ts TIMESTAMP, s VARCHAR)');
    await db.bulkInsert('t', ['a', 'b', 'd', 'ts', 's'], [[1, 2.5, '2024-02-29', '2024-02-29 10:11:12', 'x']]);
    expect(await db.query('SELECT * FROM t WHERE d >= CAST($1 AS DATE)', ['2024-01-01'])).toEqual([
      { a: 1, b: 2.5, d: '2024-02-29', ts: '2024-02-29 10:11:12', s: 'x' },
    ]);
    await db.close();
  });

  it('streams a large result in chunks', async () => {
    const db = await openDuckDb(':memory:');
    let total = 0;
    let chunks = 0;
    for await (const rows of db.stream('SELECT range AS n FROM range(25000)', [], 10000)) {
      total += rows.length;
      chunks++;
    }
    expect(total).toBe(25000);
    expect(chunks).toBeGreaterThanOrEqual(3);
    await db.close();
  });

  it('rolls a failed transaction back', async () => {
    const db = await openDuckDb(':memory:');
    await db.exec('CREATE TABLE t (a INTEGER)');
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('INSERT INTO t VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT count(*) AS n FROM t')).toEqual([{ n: 0 }]);
    await db.close();
  });
});
