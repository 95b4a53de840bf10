import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ReportRow } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import { badRequest, notFound } from '../http/errors';
import { runTotalsRow } from '../export/report-export';
import { runData } from '../report/runner';
import { breakdownFacts, change, choosePairs, type Facts } from './facts';
import { llmConfigFromEnv, phrase } from './llm';
import { breakdownSection, nextStepsSection, overviewSection } from './narrate';
import { comparisonPairs } from './pairs';
import { perDayPairs, perDayRow, unequalPeriods } from './periods';
import { todayIn } from '../../engine/dates';
import { businessNow } from '../clock';
import { validateQuery } from '../report/validate';
import { WORDS } from './words';
import { textLangOf, type TextLang } from '../report/config';

/** How many chip dimensions the interpretation breaks the figures down by. */
const MAX_BREAKDOWNS = 4;
const BREAKDOWN_ROWS = 500;

type Query = Record<string, unknown>;

/**
 * POST /api/reports/:table_id/ai {query}: an interpretation of the current query in Chinese,
 * streamed as text/markdown section by section. Every figure comes from the report's own queries.
 */
export async function aiRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { table_id: string }; Body: { query?: Query } }>('/api/reports/:table_id/ai', async (req, reply) => {
    if (!/^\d{1,9}$/.test(req.params.table_id)) throw notFound('REPORT_NOT_FOUND', '报表不存在');
    const tableId = Number(req.params.table_id);
    const session = req.session!;
    const query: Query = (req.body?.query ?? req.body ?? {}) as Query;
    const prepared = app.reports.prepare(session, tableId, query);
    const report = prepared.resolved.used;
    if (!report.ai_assistant) throw badRequest('AI_NOT_ENABLED', '该报表未开启AI解读');
    const index = app.reports.catalogue.indexes.get(report.dataset)!;
    const lang = textLangOf(req.headers['accept-language']);
    const words = WORDS[lang];
    const paired = comparisonPairs(index, report.indicators.map((i) => i.measure), lang);
    if (!paired.length) throw badRequest('AI_NO_COMPARISON', '该报表没有对比期指标，无法解读');
    // prepare has validated the body already: this reads its ranges again to weigh the periods' lengths
    const ranges = validateQuery(report, index, query, { client: session.client }).dates;
    const comparisonIndex = report.dates.find((d) => d.comparison)?.index ?? 2;
    const periods = unequalPeriods(ranges, comparisonIndex, todayIn(businessNow()));
    const pairs = periods ? perDayPairs(paired, words.perDay) : paired;
    const comparable = (row: ReportRow) => (periods ? perDayRow(row, pairs, periods) : row);
    const picks = choosePairs(pairs);

    // the title goes out before any query runs: a reader who leaves while the figures are computed then
    // closes a response already started (logged as a closed stream), never one Fastify would answer with a 500
    const title = words.title(report.title[lang] || report.title.zh);
    async function* sections(): AsyncGenerator<string> {
      const summed = (await runTotalsRow(app, prepared)) ?? {};
      const totals = comparable(summed);
      const periodTotals = periods ? paired.filter((p) => p.additive).map((p) => change(summed, p)) : undefined;
      const facts: Facts = { overall: pairs.map((p) => change(totals, p)), ...picks, breakdowns: [], periods, periodTotals };
      yield overviewSection(facts, words) + '\n';
      for (const chip of report.chips.slice(0, MAX_BREAKDOWNS)) {
        const dimension = index.dimensions.get(chip.dimension)!.label;
        const label = dimension[lang] || dimension.zh;
        const rows = await breakdownRows(app, session, tableId, query, chip.dimension, lang);
        const b = rows && breakdownFacts(label, rows.map((r) => ({ name: r.name, row: comparable(r.row) })), totals, picks);
        if (!b) continue;
        facts.breakdowns.push(b);
        yield breakdownSection(b, facts, words) + '\n';
      }
      yield nextStepsSection(facts, words);
      yield `\n> ${words.source}\n`;
    }

    async function* output(): AsyncGenerator<string> {
      yield title;
      const llm = llmConfigFromEnv();
      if (!llm) {
        yield* sections();
        return;
      }
      let facts = '';
      for await (const s of sections()) facts += s;
      try {
        for await (const text of phrase(llm, facts)) yield text;
      } catch (err) {
        req.log.warn({ err }, 'AI endpoint failed; answering with the computed interpretation');
        yield facts;
      }
    }

    reply.header('content-type', 'text/markdown; charset=utf-8').header('cache-control', 'no-store');
    return reply.send(Readable.from(output()));
  });

  /** The report's rows by one chip dimension alone, each named by its label columns. */
  async function breakdownRows(
    app: FastifyInstance,
    session: ServerSession,
    tableId: number,
    query: Query,
    dimension: string,
    lang: TextLang,
  ) {
    const { order_by: _ignored, ...rest } = query;
    const body = { ...rest, dimensionIds: dimension, page_num: 1, page_size: BREAKDOWN_ROWS };
    const prepared = app.reports.prepare(session, tableId, body);
    const data = await runData(app.db, prepared.resolved.used, prepared.compiled, lang);
    if (data.list.length < 2) return null;
    // an always-chosen chip (report 70's organisation) stays in every grouping: a row is named by each
    // grouped dimension's name column (or its last), e.g. 「上海徐汇店 · 直营店」
    const shown = new Set(data.title.filter((c) => c.type === '1').map((c) => c.value));
    const nameKeys = [...app.reports.catalogue.indexes.get(prepared.resolved.used.dataset)!.dimensions.values()]
      .map((d) => d.columns.map((c) => c.value).filter((k) => shown.has(k)))
      .filter((own) => own.length > 0)
      .map((own) => own.find((k) => k.endsWith('_name')) ?? own[own.length - 1]);
    return data.list.map((row) => ({ name: nameKeys.map((k) => String(row[k] ?? '-')).join(' · '), row }));
  }
}
