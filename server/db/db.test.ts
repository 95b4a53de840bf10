import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openDuckDb } from './duckdb';
import { codePointsSql, PackedText, valueAt } from './packed-text';

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

  it('loads CSV through a temporary file it removes, also when the load fails', async () => {
    const db = await openDuckDb(':memory:');
    await db.exec('CREATE TABLE t (a BIGINT, s VARCHAR)');
    const mine = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`hm-load-${process.pid}-`));
    await db.loadCsv('t', ['a', 's'], ['bigint', 'varchar'], [Buffer.from('1,x\n'), Buffer.from('2,""\n3,\n')]);
    expect(await db.query('SELECT * FROM t ORDER BY a')).toEqual([
      { a: 1, s: 'x' },
      { a: 2, s: '' },
      { a: 3, s: null },
    ]);
    await expect(db.loadCsv('t', ['a', 's'], ['bigint', 'varchar'], [Buffer.from('not a number,x\n')])).rejects.toThrow();
    expect(await db.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 3 }]);
    expect(mine()).toEqual([]);
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

  it('streams columns with the same values as query, DECIMAL exact as a double, in chunks', async () => {
    const db = await openDuckDb(':memory:');
    const sql = `SELECT range AS n, CAST(range AS DECIMAL(18,2)) / 8 AS money, CAST(range AS HUGEINT) * 3 AS big,
        CAST('12345678901234567.8912' AS DECIMAL(38,4)) + range AS wide, CAST(-0.07 AS DECIMAL(4,2)) AS small,
        CASE WHEN range % 3 = 0 THEN NULL ELSE '店' || range END AS name, DATE '2024-02-29' + CAST(range AS INTEGER) AS d,
        TIMESTAMP '2024-03-01 08:09:10' AS ts, range % 2 = 0 AS even,
        CASE WHEN range % 5 = 0 THEN NULL ELSE CAST(-range / 3 AS DECIMAL(38,6)) END AS neg,
        CAST(range - 2500 AS DECIMAL(18,3)) * 1.5 AS mid, CAST(-9007199254740993 AS DECIMAL(38,0)) AS huge,
        CASE WHEN range % 7 = 0 THEN NULL WHEN range % 7 = 1 THEN DATE '1969-12-31' - CAST(range AS INTEGER) WHEN range = 4999 THEN DATE 'infinity' ELSE DATE '9999-12-31' END AS d2,
        CASE range % 5 WHEN 0 THEN NULL WHEN 1 THEN -range * 4294967311 WHEN 2 THEN 9007199254740993 - range
          WHEN 3 THEN -9007199254740993 + range ELSE range * 4294967296 + 4294967295 END AS long
      FROM range(5000) ORDER BY range`;
    const rows = await db.query(sql);
    const chunks = [];
    for await (const chunk of db.streamColumns(sql, [], 2000)) chunks.push(chunk);
    expect(chunks.reduce((n, c) => n + c.rowCount, 0)).toBe(5000);
    expect(chunks.slice(0, -1).every((c) => c.rowCount >= 2000)).toBe(true);
    const streamed = chunks.flatMap((c) => Array.from({ length: c.rowCount }, (_, r) => Object.fromEntries(c.names.map((n, i) => [n, valueAt(c.columns[i], r)]))));
    expect(streamed).toEqual(rows);
    expect(streamed[3]).toMatchObject({ n: 3, money: 0.375, big: 9, small: -0.07, name: null, d: '2024-03-03', ts: '2024-03-01 08:09:10', even: false });
    expect(streamed[1].wide).toBe(Number('12345678901234568.8912'));
    expect(streamed[7]).toMatchObject({ neg: Number((-7 / 3).toFixed(6)), mid: -3739.5, huge: -9007199254740992 });
    expect(streamed[10].neg).toBeNull();
    expect([streamed[7].d2, streamed[8].d2, streamed[9].d2]).toEqual([null, '1969-12-23', '9999-12-31']);
    expect(streamed[4999].d2).toBe(rows[4999].d2);
    // BIGINT from its two words below 2^53, through a BigInt beyond
    expect([1, 4, 5, 6, 7, 8].map((r) => streamed[r].long)).toEqual([-4294967311, 4 * 4294967296 + 4294967295, null, -6 * 4294967311, Number(9007199254740993n - 7n), Number(-9007199254740993n + 8n)]);
    await db.close();
  });

  it('streams text asked for as code points as PackedText: the same strings, NULL and empty kept, across chunks', async () => {
    const db = await openDuckDb(':memory:');
    const texts = ['', '门店 & <仓>', 'e\u0301', '😀x', '\t中 ', 'plain', 'a"b', '\u3000'];
    const list = `[${texts.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`;
    const sql = `SELECT range AS n, CASE WHEN range % 9 = 8 THEN NULL ELSE (${list})[range % 9 + 1] || CASE WHEN range % 2 = 0 THEN '' ELSE CAST(range AS VARCHAR) END END AS t
      FROM range(5000) ORDER BY range`;
    const packedSql = `SELECT n, ${codePointsSql('t')} AS t FROM (${sql}) s ORDER BY s.n`;
    const rows = await db.query<{ n: number; t: string | null }>(sql);
    const packed: (string | null)[] = [];
    for await (const chunk of db.streamColumns(packedSql, [], 2000, ['t'])) {
      const column = chunk.columns[1];
      expect(column).toBeInstanceOf(PackedText);
      for (let r = 0; r < chunk.rowCount; r++) packed.push(valueAt(column, r) as string | null);
    }
    expect(packed).toEqual(rows.map((r) => r.t));
    expect(packed.slice(0, 3)).toEqual(['', '门店 & <仓>1', 'e\u0301']);
    expect(packed[8]).toBeNull();
    await db.close();
  });

  it('a column stream left after its first chunk (a fetch of the next one under way) gives its connection back', async () => {
    // one scan connection: the next scans wait for it
    const db = await openDuckDb(':memory:', 1, 1);
    for (let i = 0; i < 3; i++) {
      for await (const chunk of db.streamColumns('SELECT range AS n FROM range(100000) ORDER BY range DESC', [], 2048)) {
        expect(chunk.rowCount).toBeGreaterThan(0);
        break;
      }
    }
    let rows = 0;
    for await (const chunk of db.streamColumns('SELECT range AS n FROM range(30000)', [], 5000)) rows += chunk.rowCount;
    expect(rows).toBe(30000);
    await db.close();
  });

  it('queues a write outside a transaction behind the writes before it: twenty plain updates of one row racing twenty transactions all apply', async () => {
    const db = await openDuckDb(':memory:');
    await db.exec('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER)');
    await db.query('INSERT INTO counter VALUES (1, 0)');
    const plain = Array.from({ length: 20 }, () => db.query('UPDATE counter SET n = n + 1 WHERE id = 1'));
    const inTx = Array.from({ length: 20 }, () =>
      db.transaction(async (tx) => {
        const [{ n }] = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
        await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [n + 1]);
      }),
    );
    const outcomes = await Promise.allSettled([...plain, ...inTx]);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 40 }]);
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

  it('scans keep their prepared statements: new values, a changed table, a failure and many texts all answer afresh', async () => {
    // one scan connection, so every scan below reuses the same kept statements
    const db = await openDuckDb(':memory:', 1, 1);
    await db.exec('CREATE TABLE t (a BIGINT, s VARCHAR)');
    await db.exec("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
    const sql = 'SELECT * FROM t WHERE a >= CAST($1 AS BIGINT) ORDER BY a';
    expect(await db.scan(sql, [2])).toEqual([{ a: 2, s: 'y' }]);
    expect(await db.scan(sql, [1])).toEqual([{ a: 1, s: 'x' }, { a: 2, s: 'y' }]);
    // the table replaced with another shape: the kept statement is bound again by DuckDB
    await db.exec('DROP TABLE t');
    await db.exec("CREATE TABLE t (a BIGINT, s VARCHAR, n INTEGER); INSERT INTO t VALUES (3, 'z', 7)");
    expect(await db.scan(sql, [0])).toEqual([{ a: 3, s: 'z', n: 7 }]);
    await db.exec('DROP TABLE t');
    await expect(db.scan(sql, [0])).rejects.toThrow(/does not exist/);
    await db.exec("CREATE TABLE t (a BIGINT, s VARCHAR); INSERT INTO t VALUES (4, 'w')");
    expect(await db.scan(sql, [0])).toEqual([{ a: 4, s: 'w' }]);
    // more texts than a connection keeps: each still answers its own values
    for (let i = 0; i < 130; i++) {
      expect(await db.scan(`SELECT CAST($1 AS BIGINT) + ${i} AS v`, [i])).toEqual([{ v: 2 * i }]);
    }
    expect(await db.scan(sql, [5])).toEqual([]);
    await db.close();
  });
});
