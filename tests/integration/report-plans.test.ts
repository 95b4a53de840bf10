/**
 * The plans of a report screen on the demo seed: report 70 over two month windows (the month query)
 * reads the sales lines once for rows, row count and totals; on PostgreSQL it does not probe the
 * lines per order (a nested loop): the lines are read by date (migration 015's index) and hashed
 * (the scan connections plan without nested loops, server/db/postgres.ts).
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../engine/dates';
import { addDays } from '../../server/report/day-math';
import { resolveToken } from '../../server/auth/session';
import type { Db } from '../../server/db/types';
import type { Statement } from '../../server/report/types';
import { dialectUnderTest } from './testdb';
import { login, startTestServer, type TestServer } from './server';

let server: TestServer;
let db: Db;
let month: Statement;

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
  const { compiled } = server.app.reports.prepare(session, 70, body);
  expect(compiled.screen).not.toBeNull();
  month = compiled.screen!;
}, 180_000);

afterAll(() => server?.close());

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgNode[];
}

const nodes = (n: PgNode): PgNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe(`report 70 month query plan (${dialectUnderTest})`, () => {
  it('one pass: the live sales lines are read once for rows, row count and totals', async () => {
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
