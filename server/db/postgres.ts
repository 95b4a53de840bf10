import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { normaliseTimestamp } from './normalise';
import type { Db, Row } from './types';

const { Pool, types } = pg;

/** Type parsers shared by every PostgreSQL connection: the same plain values as DuckDB. */
const parsers: Record<number, (v: string) => unknown> = {
  20: Number, // int8
  1700: Number, // numeric
  700: Number,
  701: Number,
  1082: (v) => v, // date as 'YYYY-MM-DD'
  1114: normaliseTimestamp,
  1184: normaliseTimestamp,
};

const typeConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    parsers[oid] ?? types.getTypeParser(oid, format as 'text')) as typeof types.getTypeParser,
};

type Client = pg.PoolClient | pg.Pool;

function makeDb(pool: pg.Pool, kysely: Kysely<any>, client: Client): Db {
  const db: Db = {
    dialect: 'postgres',
    kysely,
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    exec: async (sql) => void (await client.query(sql)),
    stream: async function* (sql, params = [], chunkSize = 5000) {
      // a server-side cursor keeps memory flat whatever the result size
      const c = client === pool ? await pool.connect() : (client as pg.PoolClient);
      const cursor = `hm_cursor_${Math.random().toString(36).slice(2, 10)}`;
      try {
        if (client === pool) await c.query('BEGIN');
        await c.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, params as unknown[]);
        for (;;) {
          const { rows } = await c.query(`FETCH ${chunkSize} FROM ${cursor}`);
          if (rows.length === 0) break;
          yield rows;
        }
        await c.query(`CLOSE ${cursor}`);
        if (client === pool) await c.query('COMMIT');
      } catch (err) {
        if (client === pool) await c.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        if (client === pool) (c as pg.PoolClient).release();
      }
    },
    bulkInsert: async (table, columns, rows) => {
      const perStatement = Math.max(1, Math.floor(60000 / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const params: unknown[] = [];
        const tuples = chunk.map((row) => {
          const slots = row.map((v) => {
            params.push(v);
            return `$${params.length}`;
          });
          return `(${slots.join(',')})`;
        });
        await client.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
      }
    },
    transaction: async (fn) => {
      if (client !== pool) return fn(db);
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const result = await fn(makeDb(pool, kysely, c));
        await c.query('COMMIT');
        return result;
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      } finally {
        c.release();
      }
    },
    close: async () => {
      await kysely.destroy();
      // Kysely ends the pool only if it was used itself; raw queries alone would leave connections open
      if (!pool.ended) await pool.end();
    },
  };
  return db;
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new Pool({ connectionString: url, max: 8, types: typeConfig, options: '-c timezone=Asia/Shanghai' });
  // An idle connection the server ends (restart, or a dropped database) is reported here; without a
  // listener it would crash the process. The pool drops that connection and the next query opens another.
  pool.on('error', (err) => {
    if (!pool.ending) console.warn(`PostgreSQL: idle connection lost (${err.message})`);
  });
  await pool.query('SELECT 1');
  const kysely = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return makeDb(pool, kysely, pool);
}

export type { Row };
