import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDuckDb } from '../../server/db/duckdb';
import { openPostgres } from '../../server/db/postgres';
import { today as businessToday } from '../../server/clock';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import type { Db } from '../../server/db/types';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the template every test file copies: a DuckDB file path or a PostgreSQL database name */
    hmTemplate: string;
  }
}

/**
 * Test databases. DuckDB by default; PostgreSQL when HM_DATABASE_URL is set (the URL names a
 * database the tests may use to create and drop others). The template is migrated and seeded at
 * demo scale; each test file gets a private copy, so tests may write freely.
 * The DuckDB template is kept between runs, keyed by today and by the migrations and seed code,
 * so a second run (or a parallel one) reuses it instead of seeding again.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEMPLATES_DIR = join(tmpdir(), 'hm-test-templates');

function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('.test.ts')) h.update(name).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'server', 'db'));
  // the seed posts its approved documents through the product's posting and the document definitions
  walk(join(ROOT, 'server', 'stock'));
  walk(join(ROOT, 'engine', 'stock'));
  // it brings its history in through the loader, and the close builds its archives and payment copy
  walk(join(ROOT, 'server', 'ingest'));
  walk(join(ROOT, 'server', 'close'));
  walk(join(ROOT, 'report-defs', 'documents'));
  // the seed copies the shipped print styles and fills the summaries the datasets declare
  walk(join(ROOT, 'report-defs', 'print-styles'));
  walk(join(ROOT, 'report-defs', 'datasets'));
  return h.digest('hex').slice(0, 16);
}

export const pgUrl = process.env.HM_DATABASE_URL || '';
export const dialectUnderTest = pgUrl ? 'postgres' : 'duckdb';

export function withDatabase(url: string, database: string): string {
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

/** Builds (or finds) the template; returns what test files copy. */
export async function prepareTemplate(): Promise<string> {
  if (pgUrl) {
    const name = `hm_test_template_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    const db = await openPostgres(withDatabase(pgUrl, name));
    await migrate(db);
    await seed(db, { scale: 'demo' });
    await db.close();
    return name;
  }
  const key = `${sourceHash()}-${businessToday()}`;
  const file = join(TEMPLATES_DIR, key, 'template.duckdb');
  if (existsSync(file)) return file;
  // built aside and renamed into place, so a parallel run never copies a half-seeded file
  const building = join(TEMPLATES_DIR, `building-${randomUUID()}`);
  mkdirSync(building, { recursive: true });
  const db = await openDuckDb(join(building, 'template.duckdb'));
  await migrate(db);
  await seed(db, { scale: 'demo' });
  await db.exec('CHECKPOINT');
  await db.close();
  writeFileSync(join(building, 'key'), key);
  try {
    renameSync(building, join(TEMPLATES_DIR, key));
  } catch {
    rmSync(building, { recursive: true, force: true }); // a parallel run finished first
  }
  return file;
}

export async function dropTemplate(template: string): Promise<void> {
  if (pgUrl) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}

export interface TestDb {
  db: Db;
  /** where the copy lives (DuckDB file folder, or the PostgreSQL database name) */
  location: string;
  close(): Promise<void>;
}

/**
 * A new database of its own: on PostgreSQL created (from `template` when given), in DuckDB a file in a
 * temporary folder (a copy of `template` when given); `close` removes it.
 */
async function openOwnDb(prefix: string, template: string | null): Promise<TestDb> {
  if (pgUrl) {
    const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
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
  const dir = join(tmpdir(), `hm-test-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'hm.duckdb');
  if (template) copyFileSync(template, file);
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

/** A private, seeded copy of the template database. */
export async function openTestDb(): Promise<TestDb> {
  const template = inject('hmTemplate');
  if (!pgUrl && (!template || !existsSync(template))) throw new Error('test template database missing: run through vitest (global setup)');
  return openOwnDb('hm_test', template);
}

/** A freshly migrated database without any data. */
export async function openEmptyDb(): Promise<TestDb> {
  const t = await openOwnDb('hm_test_empty', null);
  await migrate(t.db);
  return t;
}

/**
 * A private copy of the template that no connection holds open yet, for a test that hands the database
 * to another process (DuckDB admits one process per file): `location` is the DuckDB file or the
 * PostgreSQL URL; `open` connects this process; `drop` removes the copy.
 */
export async function coldCopy(): Promise<{ location: string; open(): Promise<Db>; drop(): Promise<void> }> {
  const template = inject('hmTemplate');
  if (pgUrl) {
    const name = `hm_test_cold_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await pgAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const location = withDatabase(pgUrl, name);
    return { location, open: () => openPostgres(location), drop: () => pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
  }
  const dir = join(tmpdir(), `hm-test-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const location = join(dir, 'hm.duckdb');
  copyFileSync(template, location);
  return { location, open: () => openDuckDb(location), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
