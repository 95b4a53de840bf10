import { describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { compileCsvLine, csvText, Writer } from './sink';

function fakeDb(columns: Record<string, string[]>) {
  const inserted: { table: string; columns: readonly string[]; rows: readonly (readonly unknown[])[] }[] = [];
  const db = {
    dialect: 'duckdb',
    query: async () =>
      Object.entries(columns).flatMap(([table_name, cols]) => cols.map((column_name) => ({ table_name, column_name, data_type: 'VARCHAR' }))),
    bulkInsert: async (table: string, cols: readonly string[], rows: readonly (readonly unknown[])[]) => void inserted.push({ table, columns: cols, rows }),
  } as unknown as Db;
  return { db, inserted };
}

describe('seed sink', () => {
  it('writes rows in the table column order, missing columns as NULL', async () => {
    const { db, inserted } = fakeDb({ t: ['a', 'b', 'c'] });
    const w = await Writer.open(db, { via: 'bulk' });
    w.push('t', { c: 3, a: 1 });
    await w.flushAll();
    expect(inserted).toEqual([{ table: 't', columns: ['a', 'b', 'c'], rows: [[1, null, 3]] }]);
    expect(w.counts()).toEqual({ t: 1 });
  });

  it('refuses a key that is not a column (a generator bug), and an unknown table', async () => {
    const { db } = fakeDb({ t: ['a'] });
    const w = await Writer.open(db, { via: 'bulk' });
    expect(() => w.push('t', { a: 1, typo: 2 })).toThrow(/no column typo/);
    expect(() => w.push('nope', {})).toThrow(/unknown table/);
  });

  it('hands over only full sinks between days, in push order, and everything on flushAll', async () => {
    const { db, inserted } = fakeDb({ small: ['x'], big: ['x'] });
    const w = await Writer.open(db, { via: 'bulk', flushAt: 2 });
    w.push('small', { x: 1 });
    w.push('big', { x: 1 });
    w.push('big', { x: 2 });
    await w.flushFull();
    expect(inserted.map((i) => i.table)).toEqual(['big']);
    w.push('big', { x: 3 });
    await w.flushAll();
    expect(inserted.map((i) => [i.table, i.rows])).toEqual([
      ['big', [[1], [2]]],
      ['small', [[1]]],
      ['big', [[3]]],
    ]);
    expect(w.counts()).toEqual({ big: 3, small: 1 });
  });

  it('runs loads one after the other and throws a failed load where the queue is awaited', async () => {
    const { db } = fakeDb({ t: ['x'] });
    const log: string[] = [];
    let calls = 0;
    db.bulkInsert = async (_table, _cols, rows) => {
      const n = ++calls;
      log.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${n}`);
      if (rows[0][0] === 'bad') throw new Error('load failed');
    };
    const w = await Writer.open(db, { via: 'bulk', flushAt: 1 });
    w.push('t', { x: 'a' });
    await w.flushFull();
    w.push('t', { x: 'b' });
    await w.flushFull();
    await w.flushAll();
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    w.push('t', { x: 'bad' });
    await expect(w.flushAll()).rejects.toThrow('load failed');
    await w.close();
  });

  it('encodes CSV lines: bare numbers and dates, text quoted only when needed, empty text apart from NULL', () => {
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
    expect(csvText('')).toBe('""');
    expect(csvText('上海徐汇店')).toBe('上海徐汇店');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvText(42)).toBe('42');
    const line = compileCsvLine(['n', 'd', 's', 'q'], ['bigint', 'date', 'varchar', 'decimal(18,4)']);
    expect(line({ n: 7, d: '2026-01-02', s: 'x,y', q: 0.1 })).toBe('7,2026-01-02,"x,y",0.1\n');
    expect(line({ n: 7 })).toBe('7,,,\n');
    expect(() => compileCsvLine(['bad name'], ['varchar'])).toThrow(/unexpected table or column name: bad name/);
  });
});
