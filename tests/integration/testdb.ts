import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { openDuckDb } from '../../server/db/duckdb';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import type { Db } from '../../server/db/types';

/**
 * Test databases. DuckDB by default; PostgreSQL when HM_DATABASE_URL is set (the URL names a
 * database the tests may use to create and drop others). The template is migrated and seeded
 * once per run at demo scale; each test file gets a private copy, so tests may write freely.
 */
const TEMPLATE_DIR = join(tmpdir(), 'hm-test-template');
const TEMPLATE_FILE = join(TEMPLATE_DIR, 'template.duckdb');
const PG_TEMPLATE = 'hm_test_template';

export const pgUrl = process.env.HM_DATABASE_URL || '';
export const dialectUnderTest = pgUrl ? 'postgres' : 'duckdb';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function prepareTemplate(): Promise<void> {
  if (pgUrl) {
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    });
    const db = await openPostgres(withDatabase(pgUrl, PG_TEMPLATE));
    await migrate(db);
    await seed(db, { scale: 'demo' });
    await db.close();
    return;
  }
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const db = await openDuckDb(TEMPLATE_FILE);
  await migrate(db);
  await seed(db, { scale: 'demo' });
  await db.exec('CHECKPOINT');
  await db.close();
}

export async function dropTemplate(): Promise<void> {
  if (pgUrl) {
    await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`));
    return;
  }
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}

export interface TestDb {
  db: Db;
  /** where the copy lives (DuckDB file folder, or the PostgreSQL database name) */
  location: string;
  close(): Promise<void>;
}

/** A private, seeded copy of the template database. */
export async function openTestDb(): Promise<TestDb> {
  if (pgUrl) {
    const name = `hm_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`));
    const db = await openPostgres(withDatabase(pgUrl, name));
    return {
      db,
      location: name,
      close: async () => {
        await db.close();
        await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  if (!existsSync(TEMPLATE_FILE)) throw new Error('test template database missing: run through vitest (global setup)');
  const dir = join(tmpdir(), `hm-test-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'hm.duckdb');
  copyFileSync(TEMPLATE_FILE, file);
  const db = await openDuckDb(file);
  return {
    db,
    location: dir,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
