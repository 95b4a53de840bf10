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

  it('appends rows through a kept appender: visible after flush, the rest written on close', async () => {
    const db = await openDuckDb(':memory:');
    await db.exec('CREATE TABLE t (a BIGINT, b DECIMAL(18,4), d DATE, s VARCHAR)');
    const a = await db.appender!('t');
    a.append([1, 2.5, '2024-02-29', 'x']);
    a.append([2, null, '2024-03-01', null]);
    await a.flush();
    expect(await db.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 2 }]);
    a.append([3, 0.1234, '2024-03-02', 'z']);
    await a.close();
    expect(await db.query('SELECT * FROM t ORDER BY a')).toEqual([
      { a: 1, b: 2.5, d: '2024-02-29', s: 'x' },
      { a: 2, b: null, d: '2024-03-01', s: null },
      { a: 3, b: 0.1234, d: '2024-03-02', s: 'z' },
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
