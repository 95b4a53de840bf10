/**
 * The plans of a report screen on the demo seed: report 70 over two month windows (the month query)
 * reads the sales summary (migration 019) once and no sales table. With the summaries off it reads
 * the sales lines once for rows, row count and totals; on PostgreSQL it does not probe the
 * lines per order (a nested loop): the lines are read by date (migration 015's index) and hashed
 * (the scan connections plan without nested loops, server/db/postgres.ts).
 * Each report family gets only the operators its definition needs: on DuckDB no window without a
 * rank or a running sum (report 70's share is an aggregate beside the totals row), the page a top-N.
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/report/day-math';
import { resolveToken } from '../../server/auth/session';
import type { Db } from '../../server/db/types';
import { ReportService } from '../../server/report/service';
import type { Statement } from '../../server/report/types';
import { initialRequest } from '../../engine/query';
import { dialectUnderTest } from './testdb';
import { login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let db: Db;
/** the month query as served (over the summary) and as compiled with the summaries off (over the facts) */
let month: Statement;
let facts: Statement;
/** default screens of a ranking (142: a rank reads the other rows) and of the daily sales (102) */
let ranking: Statement;
let daily: Statement;

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
  const today = businessToday();
  const [s1, e1] = monthOf(today, 1);
  const [s2, e2] = monthOf(today, 2);
  const body = { table_id: 70, page_num: 1, page_size: 50, date_start: s1, date_end: e1, date_start_2: s2, end_2: e2 };
  month = server.app.reports.prepare(session, 70, body).compiled.screen!;
  const off = new ReportService(server.app.reports.catalogue, db, undefined, { summaries: false });
  facts = off.prepare(session, 70, body).compiled.screen!;
  expect(month).toBeTruthy();
  expect(facts).toBeTruthy();
  const defaults = async (id: number) => {
    const config = await server.app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers: { authorization: `Bearer ${token}` } });
    return server.app.reports.prepare(session, id, initialRequest(config.json().data, today)).compiled.screen!;
  };
  ranking = await defaults(142);
  daily = await defaults(102);
}, 180_000);

afterAll(() => server?.close());

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PgNode[];
}

const pgNodes = (n: PgNode): PgNode[] => [n, ...(n.Plans ?? []).flatMap(pgNodes)];

interface DuckNode {
  name: string;
  children: DuckNode[];
  extra_info?: { Table?: string };
}

/** One plan node: its operator and, for a scan, the table it reads (without schema). */
interface PlanNode {
  op: string;
  table?: string;
}

/** Every node of a statement's plan, read from the databases' JSON plans (text plans wrap long names). */
async function planOf(st: Statement): Promise<PlanNode[]> {
  if (db.dialect === 'postgres') {
    const [row] = await db.scan<{ 'QUERY PLAN': { Plan: PgNode }[] }>(`EXPLAIN (FORMAT JSON) ${st.sql}`, st.params);
    return pgNodes(row['QUERY PLAN'][0].Plan).map((n) => ({ op: n['Node Type'], table: n['Relation Name'] }));
  }
  const rows = await db.query<{ explain_value: string }>(`EXPLAIN (FORMAT JSON) ${st.sql}`, st.params);
  const walk = (n: DuckNode): PlanNode[] => [{ op: n.name, table: n.extra_info?.Table?.split('.').pop() }, ...n.children.flatMap(walk)];
  return (JSON.parse(rows[0].explain_value) as DuckNode[]).flatMap(walk);
}

const tablesOf = (plan: PlanNode[]) => plan.flatMap((n) => (n.table ? [n.table] : []));

describe(`report 70 month query plan over the summary (${dialectUnderTest})`, () => {
  it('reads the sales summary once and no sales order or line table', async () => {
    const tables = tablesOf(await planOf(month));
    expect(tables.filter((t) => t === 'sales_org_day')).toHaveLength(1);
    expect(tables.filter((t) => t.startsWith('sales_order'))).toEqual([]);
  });
});

describe(`report 70 month query plan over the facts, summaries off (${dialectUnderTest})`, () => {
  it('one pass: the live sales lines are read once for rows, row count and totals', async () => {
    const tables = tablesOf(await planOf(facts));
    expect(tables.filter((t) => t === 'sales_order_item')).toHaveLength(1);
  });

  it('PostgreSQL: no nested loop probes the sales tables per row (DuckDB plans hash joins only)', async () => {
    if (db.dialect === 'postgres') {
      const [row] = await db.scan<{ 'QUERY PLAN': { Plan: PgNode }[] }>(`EXPLAIN (FORMAT JSON) ${facts.sql}`, facts.params);
      const loops = pgNodes(row['QUERY PLAN'][0].Plan).filter((n) => n['Node Type'] === 'Nested Loop');
      const probed = loops.flatMap((l) => pgNodes(l).filter((n) => n['Relation Name']?.startsWith('sales_order')));
      expect(probed.map((n) => n['Relation Name'])).toEqual([]);
    } else {
      const ops = (await planOf(facts)).map((n) => n.op);
      expect(ops.filter((op) => /NESTED_LOOP|PIECEWISE_MERGE/.test(op))).toEqual([]);
      expect(ops).toContain('HASH_JOIN');
    }
  });
});

/** The plan's window operators and what picks the page, by each database's name for them. */
async function shapeOf(st: Statement): Promise<{ windows: number; topN: boolean }> {
  const ops = (await planOf(st)).map((n) => n.op);
  if (db.dialect === 'postgres') return { windows: ops.filter((op) => op === 'WindowAgg').length, topN: ops.includes('Limit') };
  return { windows: ops.filter((op) => /WINDOW/.test(op)).length, topN: ops.includes('TOP_N') };
}

describe(`operators per report family (${dialectUnderTest})`, () => {
  // DuckDB sums the totals row from the groups: without a rank or running sum no window runs and the
  // page is a top-N. PostgreSQL keeps the grouping set, its windows and the page by row number (the
  // window-free shape planned and ran slower there).
  const summable = dialectUnderTest === 'duckdb' ? { windows: 0, topN: true } : null;

  it('report 70 (ratios, growth, a share): over the summary and over the facts', async () => {
    for (const st of [month, facts]) {
      const shape = await shapeOf(st);
      if (summable) expect(shape).toEqual(summable);
      else expect(shape.windows).toBeGreaterThan(0);
    }
  });

  it('report 102 (sums and ratios by day)', async () => {
    const shape = await shapeOf(daily);
    if (summable) expect(shape).toEqual(summable);
    else expect(shape.windows).toBeGreaterThan(0);
  });

  it('report 142 (a ranking): keeps its windows on both databases, the rank reads every row', async () => {
    expect((await shapeOf(ranking)).windows).toBeGreaterThan(0);
  });
});
