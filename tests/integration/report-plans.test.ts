/**
 * The plans of a report screen on the demo seed: report 70 over two month windows (the month query)
 * reads the sales summary (migration 019) once and no sales table. With the summaries off it reads
 * the sales lines once for rows, row count and totals; on PostgreSQL it does not probe the
 * lines per order (a nested loop): the lines are read by date (migration 015's index) and hashed
 * (the scan connections plan without nested loops, server/db/postgres.ts).
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../engine/dates';
import { addDays } from '../../server/report/day-math';
import { resolveToken } from '../../server/auth/session';
import type { Db } from '../../server/db/types';
import { ReportService } from '../../server/report/service';
import type { Statement } from '../../server/report/types';
import { dialectUnderTest } from './testdb';
import { login, startTestServer, type TestServer } from './server';

let server: TestServer;
let db: Db;
/** the month query as served (over the summary) and as compiled with the summaries off (over the facts) */
let month: Statement;
let facts: Statement;

/** The first day of the month `back` months before the one of `day`, and that month's last day. */
function monthOf(day: string, back: number): [string, string] {
  const [y, m] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - back, 1));
  const next = new Date(Date.UTC(y, m - back, 1));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return [iso(first), addDays(iso(next), -1)];
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.testDb.db;
  const { token } = await login(server.app, 'admin', 'HMT');
  const session = (await resolveToken(db, token, 12))!;
  const today = todayIn(new Date());
  const [s1, e1] = monthOf(today, 1);
  const [s2, e2] = monthOf(today, 2);
  const body = { table_id: 70, page_num: 1, page_size: 50, date_start: s1, date_end: e1, date_start_2: s2, end_2: e2 };
  month = server.app.reports.prepare(session, 70, body).compiled.screen!;
  const off = new ReportService(server.app.reports.catalogue, db, undefined, { summaries: false });
  facts = off.prepare(session, 70, body).compiled.screen!;
  expect(month).toBeTruthy();
  expect(facts).toBeTruthy();
}, 180_000);

afterAll(() => server?.close());

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgNode[];
}

const nodes = (n: PgNode): PgNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The relations a statement's plan reads, one entry per scan. */
async function scanned(st: Statement): Promise<string[]> {
  if (db.dialect === 'postgres') {
    const [row] = await db.scan<{ 'QUERY PLAN': { Plan: PgNode }[] }>(`EXPLAIN (FORMAT JSON) ${st.sql}`, st.params);
    return nodes(row['QUERY PLAN'][0].Plan).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []));
  }
  const rows = await db.query<{ explain_value: string }>(`EXPLAIN ${st.sql}`, st.params);
  return [...rows.map((r) => r.explain_value).join('\n').matchAll(/\bmain\.([a-z_]+)\b/g)].map((m) => m[1]);
}

describe(`report 70 month query plan over the summary (${dialectUnderTest})`, () => {
  it('reads the sales summary once and no sales order or line table', async () => {
    const tables = await scanned(month);
    expect(tables.filter((t) => t === 'sales_org_day')).toHaveLength(1);
    expect(tables.filter((t) => t.startsWith('sales_order'))).toEqual([]);
  });
});

describe(`report 70 month query plan over the facts, summaries off (${dialectUnderTest})`, () => {
  it('one pass: the live sales lines are read once for rows, row count and totals', async () => {
    const month = facts;
    if (db.dialect === 'postgres') {
      const [row] = await db.scan<{ 'QUERY PLAN': { Plan: PgNode }[] }>(`EXPLAIN (FORMAT JSON) ${month.sql}`, month.params);
      const scans = nodes(row['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'sales_order_item');
      expect(scans).toHaveLength(1);
    } else {
      const rows = await db.query<{ explain_value: string }>(`EXPLAIN ${month.sql}`, month.params);
      const text = rows.map((r) => r.explain_value).join('\n');
      expect(text.match(/\bmain\.sales_order_item\b/g)).toHaveLength(1);
    }
  });

  it('PostgreSQL: no nested loop probes the sales tables per row (DuckDB plans hash joins only)', async () => {
    const month = facts;
    if (db.dialect === 'postgres') {
      const [row] = await db.scan<{ 'QUERY PLAN': { Plan: PgNode }[] }>(`EXPLAIN (FORMAT JSON) ${month.sql}`, month.params);
      const loops = nodes(row['QUERY PLAN'][0].Plan).filter((n) => n['Node Type'] === 'Nested Loop');
      const probed = loops.flatMap((l) => nodes(l).filter((n) => n['Relation Name']?.startsWith('sales_order')));
      expect(probed.map((n) => n['Relation Name'])).toEqual([]);
    } else {
      const rows = await db.query<{ explain_value: string }>(`EXPLAIN ${month.sql}`, month.params);
      const text = rows.map((r) => r.explain_value).join('\n');
      expect(text).not.toMatch(/NESTED_LOOP|PIECEWISE_MERGE/);
      expect(text).toMatch(/HASH_JOIN/);
    }
  });
});
