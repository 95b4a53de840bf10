import { describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { Sink, unnestInsert, Writer } from './sink';

function fakeDb(columns: Record<string, string[]>) {
  const inserted: { table: string; columns: readonly string[]; rows: readonly (readonly unknown[])[] }[] = [];
  const db = {
    dialect: 'duckdb',
    query: async () => Object.entries(columns).flatMap(([table_name, cols]) => cols.map((column_name) => ({ table_name, column_name }))),
    bulkInsert: async (table: string, cols: readonly string[], rows: readonly (readonly unknown[])[]) => void inserted.push({ table, columns: cols, rows }),
  } as unknown as Db;
  return { db, inserted };
}

describe('seed sink', () => {
  it('writes rows in the table column order, missing columns as NULL', async () => {
    const { db, inserted } = fakeDb({ t: ['a', 'b', 'c'] });
    const s = new Sink('t', ['a', 'b', 'c']);
    s.push({ c: 3, a: 1 });
    await s.flush(db);
    expect(inserted).toEqual([{ table: 't', columns: ['a', 'b', 'c'], rows: [[1, null, 3]] }]);
    expect(s.written).toBe(1);
  });

  it('refuses a key that is not a column (a generator bug)', () => {
    expect(() => new Sink('t', ['a']).push({ a: 1, typo: 2 })).toThrow(/no column typo/);
  });

  it('flushes only full sinks between days and counts rows per table', async () => {
    const { db, inserted } = fakeDb({ small: ['x'], big: ['x'] });
    const w = await Writer.open(db, 2);
    w.push('small', { x: 1 });
    w.push('big', { x: 1 });
    w.push('big', { x: 2 });
    await w.flushFull();
    expect(inserted.map((i) => i.table)).toEqual(['big']);
    await w.flushAll();
    expect(w.counts()).toEqual({ big: 2, small: 1 });
    expect(() => w.push('nope', {})).toThrow(/unknown table/);
  });

  it('hands full sinks to a kept appender between days, and makes every row visible on flushAll', async () => {
    const { db } = fakeDb({ t: ['x'] });
    const log: string[] = [];
    db.appender = async (table) => {
      log.push(`open ${table}`);
      return {
        append: (row) => void log.push(`append ${row[0]}`),
        flush: async () => void log.push('flush'),
        close: async () => void log.push('close'),
      };
    };
    const w = await Writer.open(db, 2);
    w.push('t', { x: 1 });
    await w.flushFull();
    w.push('t', { x: 2 });
    await w.flushFull();
    w.push('t', { x: 3 });
    await w.flushAll();
    await w.close();
    expect(log).toEqual(['open t', 'append 1', 'append 2', 'append 3', 'flush', 'close']);
    expect(w.counts()).toEqual({ t: 3 });
  });

  it('builds one unnest insert per batch for PostgreSQL, one typed array per column', () => {
    const { sql, params } = unnestInsert('t', ['a', 'b'], ['bigint', 'date'], [[1, '2025-01-01'], [2, null]]);
    expect(sql).toBe('INSERT INTO t (a, b) SELECT * FROM unnest($1::bigint[], $2::date[])');
    expect(params).toEqual([[1, 2], ['2025-01-01', null]]);
  });
});
