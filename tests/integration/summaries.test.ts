/**
 * Aggregate awareness: every report of a dataset with summaries answers the same with the
 * summaries on and off (HM_REPORT_SUMMARIES=0), rows, row count and totals row alike, for its default
 * query and variants narrowed to what a summary keeps (only the summable indicators, each chip alone,
 * filters on kept keys, another sort and page), for each client the report serves (the store user's
 * and the supplier's row scope included). Two servers over copies of one seeded database.
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDerived, measureClosure } from '../../engine/definition/dataset-index';
import { sameSum, summaryMeasures } from '../../engine/definition/summary';
import type { ReportFile } from '../../engine/definition/types';
import type { ClientType, ReportQuery } from '../../engine/wire';
import { resolveToken } from '../../server/auth/session';
import { addDays } from '../../server/report/day-math';
import { reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { dialectUnderTest } from './testdb';
import { today as businessToday } from '../../server/clock';

const today = businessToday();
const ACCOUNTS: Record<string, string> = { HMT: 'admin', HMD: 'store01', HMS: 'supplier01' };

interface Side {
  server: TestServer;
  tokens: Partial<Record<ClientType, string>>;
}
let on: Side;
let off: Side;

async function side(summaries: boolean): Promise<Side> {
  const server = await startTestServer({ reportSummaries: summaries });
  const tokens: Side['tokens'] = {};
  for (const [client, user] of Object.entries(ACCOUNTS)) tokens[client as ClientType] = (await login(server.app, user, client as ClientType)).token;
  return { server, tokens };
}

beforeAll(async () => {
  on = await side(true);
  off = await side(false);
}, 300_000);

afterAll(async () => {
  await on?.server.close();
  await off?.server.close();
});

const catalogue = () => on.server.app.reports.catalogue;

/** The report's indicators whose base measures are all sums a summary of its dataset keeps. */
function summable(report: ReportFile): string[] {
  const index = catalogue().indexes.get(report.dataset)!;
  const kept = (index.dataset.summaries ?? []).flatMap((s) => summaryMeasures(index, s));
  return report.indicators
    .map((i) => i.measure)
    .filter((id) =>
      measureClosure(index, [id])
        .filter((m) => !isDerived(m))
        .every((m) => !isDerived(m) && kept.some((k) => sameSum(k, m))),
    );
}

/** Last month and the month before, for reports with a comparison range (more days than the default yesterday). */
function months(q: ReportQuery): ReportQuery {
  const [y, m] = today.split('-').map(Number);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const first = (back: number) => iso(new Date(Date.UTC(y, m - 1 - back, 1)));
  return { ...q, date_start: first(1), date_end: addDays(first(0), -1), date_start_2: first(2), end_2: addDays(first(1), -1) };
}

type Tweak = [what: string, tweak: (q: ReportQuery) => ReportQuery];

function variants(report: ReportFile): Tweak[] {
  const hasComparison = report.dates.some((d) => d.comparison);
  const base = (q: ReportQuery) => (hasComparison ? months(q) : q);
  const ids = summable(report);
  const out: Tweak[] = [['default', (q) => q]];
  if (hasComparison) out.push(['two months', base]);
  if (!ids.length) return out;
  const narrow = (q: ReportQuery) => ({ ...base(q), indexIds: ids.join(',') });
  out.push(['summable indicators', narrow]);
  for (const chip of report.chips) out.push([`chip ${chip.dimension} alone`, (q) => ({ ...narrow(q), dimensionIds: chip.dimension })]);
  const filterable = report.filters.filter((f) => 'dimension' in f.target && ['org', 'order_source', 'store_type'].includes(f.target.dimension));
  for (const f of filterable) {
    const value = f.id === 'org_code' ? 'S001' : '1';
    out.push([`filter ${f.id}`, (q) => ({ ...narrow(q), whereList: JSON.stringify([{ where_id: f.id, operator_id: f.widget === 'select' ? 1 : 8, operation_value: [value] }]) })]);
  }
  if (report.sortable) {
    out.push(['sorted ascending, second page of 10', (q) => ({ ...narrow(q), order_by: `${ids[ids.length - 1]} asc`, page_num: 2, page_size: 10 })]);
  }
  return out;
}

async function answer(s: Side, id: number, client: ClientType, tweak: (q: ReportQuery) => ReportQuery) {
  const opened = await reportClient(s.server, today).open(id, s.tokens[client]!, tweak);
  return { query: opened.query, list: opened.data.list, title: opened.data.title, total: opened.count, totals: opened.totals };
}

const sales = () => [...catalogue().reports.values()].filter((r) => !r.special_tenant_only && (catalogue().indexes.get(r.dataset)!.dataset.summaries ?? []).length > 0);

describe(`reports of datasets with summaries answer the same with them on and off (${dialectUnderTest})`, () => {
  it('every report, client and variant: identical rows, row count and totals row (rules 94, C17); report 70 reads the summary', async () => {
    let fromSummary = 0;
    let compared = 0;
    for (const report of sales()) {
      for (const client of report.clients) {
        for (const [what, tweak] of variants(report)) {
          const a = await answer(on, report.id, client, tweak);
          const b = await answer(off, report.id, client, tweak);
          expect(a, `${report.id} ${client} ${what}`).toEqual(b);
          compared++;
          const session = (await resolveToken(on.server.testDb.db, on.tokens[client]!, 12))!;
          const { compiled } = on.server.app.reports.prepare(session, report.id, a.query);
          const sql = compiled.screen?.sql ?? compiled.page.sql;
          if (sql.includes('sales_org_day')) fromSummary++;
          if (report.id === 70 && what === 'default') {
            expect(sql).toContain('FROM sales_org_day o');
            expect(a.list.length, '70 has rows on the demo seed').toBeGreaterThan(0);
          }
        }
      }
    }
    // the summary answered a fair share of them, so the comparison is not only facts against facts
    expect(fromSummary).toBeGreaterThanOrEqual(15);
    expect(compared).toBeGreaterThan(fromSummary);
  }, 600_000);

  it("a store user's answers over the summary keep to the account's organisations, as over the facts", async () => {
    const clients: ClientType[] = ['HMD'];
    const report = sales().find((r) => clients.every((c) => r.clients.includes(c)) && summable(r).length && r.chips.some((c) => c.dimension === 'org'))!;
    const ids = summable(report).join(',');
    const a = await answer(on, report.id, 'HMD', (q) => ({ ...q, indexIds: ids, dimensionIds: 'org' }));
    const session = (await resolveToken(on.server.testDb.db, on.tokens.HMD!, 12))!;
    expect(on.server.app.reports.prepare(session, report.id, a.query).compiled.screen!.sql).toContain('sales_org_day');
    expect(a.list.length).toBeGreaterThan(0);
    const own = new Set([session.org_code, ...session.account_org_relation.map((r) => r.org_code)]);
    expect(a.list.map((r) => r.org_code).filter((org) => !own.has(String(org)))).toEqual([]);
    expect(a).toEqual(await answer(off, report.id, 'HMD', (q) => ({ ...q, indexIds: ids, dimensionIds: 'org' })));
  });
});
