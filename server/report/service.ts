/**
 * The report use cases over a loaded catalogue: config, data and totals for a session. Also what
 * an export needs (`prepare`: the same validated and compiled query).
 */
import { todayIn } from '../../engine/dates';
import { businessNow } from '../clock';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ReportFile } from '../../engine/definition/types';
import type { ReportConfig, ReportData, ReportTotals } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { forbidden } from '../http/errors';
import { atPage, compileReport, ScopeError } from './compile';
import { BoundedCache } from './bounded-cache';
import { buildConfig, type TextLang } from './config';
import { requiredRanges, resolveReport, type Resolved } from './resolve';
import { InFlight } from './in-flight';
import { summaryPlan } from './summary-cover';
import { dataJson, dataOf, runScreen, titleColumns, totalsOf, type ScreenAnswer } from './runner';
import type { CompiledReport, ScopeSession } from './types';
import { validatePage, validateQuery } from './validate';

export interface ReportServiceOptions {
  /** answer covered queries from the datasets' summaries (default true) */
  summaries?: boolean;
}

export interface PreparedReport {
  resolved: Resolved;
  compiled: CompiledReport;
}

/** A compiled query as kept for any page, with what its answers share. */
interface Kept {
  /** unique in this service: with the page it names the screen's statements (InFlight key) */
  id: number;
  compiled: CompiledReport;
  /** the `/data` title as JSON text per language, written on first use */
  titleJson: Partial<Record<TextLang, string>>;
}

interface PreparedScreen extends PreparedReport {
  kept: Kept;
  /** the statements' key: equal keys run equal statements with equal values */
  screenKey: string;
}

export function scopeSession(session: ServerSession): ScopeSession {
  return {
    tenant_id: session.tenant_id,
    client: session.client,
    org_code: session.org_code || null,
    store_no: session.store_no,
    supplier_no: session.supplier_no,
    account_org_relation: session.account_org_relation.map((r) => r.org_code),
  };
}

function isHistoryOf(v: unknown): '1' | '2' | undefined {
  return v === '1' || v === '2' || v === 1 || v === 2 ? (String(v) as '1' | '2') : undefined;
}

const COMPILED_KEPT = 500;

/** The body without its page: any page of a query compiles to the same statements (atPage). */
function withoutPage(body: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...body };
  delete rest.page_num;
  delete rest.page_size;
  return rest;
}

/** Same family → the body's table_id is the page the request comes from (rule C3). */
function pageOf(catalogue: Catalogue, pathId: number, body: unknown): number {
  const bodyId = Number((body as { table_id?: unknown } | null)?.table_id);
  if (!Number.isInteger(bodyId) || bodyId === pathId) return pathId;
  const familyId = (id: number) => {
    const r = catalogue.reports.get(id);
    return r?.history ? r.id : r?.history_family;
  };
  const f = familyId(pathId);
  return f !== undefined && f === familyId(bodyId) ? bodyId : pathId;
}

export class ReportService {
  /**
   * `/data` and `/totals` of one screen share one pass, keyed by the kept query and the page: the
   * kept query's key holds every scope value its SQL binds.
   */
  private screens = new InFlight<ScreenAnswer>();
  /**
   * Compiled queries by everything they depend on but the page: the report ids, today, the
   * session's scope values and the rest of the body. A catalogue change makes a new service.
   */
  private compiled = new BoundedCache<string, Kept>(COMPILED_KEPT);
  private keptCount = 0;
  /** today's date for the second it was computed in (the time-zone conversion costs ~1 ms a request) */
  private day = { second: Number.NaN, today: '' };

  constructor(
    readonly catalogue: Catalogue,
    readonly db: Db,
    private now: () => Date = businessNow,
    readonly options: ReportServiceOptions = {},
  ) {}

  config(session: ServerSession, pageId: number, isHistory: unknown, lang: TextLang = 'zh'): ReportConfig {
    const resolved = resolveReport(this.catalogue, session, pageId, isHistoryOf(isHistory), { defaultTab: true });
    const index = this.catalogue.indexes.get(resolved.used.dataset)!;
    return buildConfig(resolved, index, session.client, session.is_special_tenant, lang);
  }

  private today(): string {
    const now = this.now();
    const second = Math.floor(now.getTime() / 1000);
    if (second !== this.day.second) this.day = { second, today: todayIn(now) };
    return this.day.today;
  }

  /**
   * Resolves, validates and compiles a report query body for this session. Access is checked on
   * every call; validation and compilation are kept per query (any page) for this catalogue.
   */
  prepare(session: ServerSession, pathId: number, body: unknown): PreparedReport {
    const { resolved, compiled } = this.prepareScreen(session, pathId, body);
    return { resolved, compiled };
  }

  private prepareScreen(session: ServerSession, pathId: number, body: unknown): PreparedScreen {
    const isHistory = isHistoryOf((body as { is_history?: unknown } | null)?.is_history);
    const resolved = resolveReport(this.catalogue, session, pathId, isHistory);
    const page = this.catalogue.reports.get(pageOf(this.catalogue, pathId, body)) ?? resolved.page;
    const window = validatePage(resolved.used, body);
    const today = this.today();
    const scope = scopeSession(session);
    const key = JSON.stringify([page.id, resolved.used.id, resolved.is_history, today, scope, withoutPage(body as Record<string, unknown>)]);
    let kept = this.compiled.get(key);
    if (!kept) {
      kept = { id: ++this.keptCount, compiled: this.compile(resolved, page, body, today, scope), titleJson: {} };
      this.compiled.set(key, kept);
    }
    return { resolved, compiled: atPage(kept.compiled, window), kept, screenKey: `${kept.id}:${window.pageNum}:${window.pageSize}` };
  }

  private compile(resolved: Resolved, page: ReportFile, body: unknown, today: string, scope: ScopeSession): CompiledReport {
    const { used } = resolved;
    const index = this.catalogue.indexes.get(used.dataset)!;
    const query = validateQuery(used, index, body, {
      client: scope.client,
      requiredRanges: requiredRanges(page, used),
      today,
      isHistory: resolved.is_history === '1',
    });
    const summary = this.options.summaries === false ? null : summaryPlan(used, index, query, scope.client);
    try {
      return compileReport({
        report: summary?.report ?? used,
        index: summary?.index ?? index,
        query,
        session: scope,
        today,
        rollUpTotals: this.db.dialect === 'duckdb',
      });
    } catch (err) {
      if (err instanceof ScopeError) throw forbidden('NO_DATA_SCOPE', '当前账号没有该报表的数据范围');
      throw err;
    }
  }

  private screen({ screenKey, compiled }: PreparedScreen): Promise<ScreenAnswer> {
    return this.screens.run(screenKey, () => runScreen(this.db, compiled));
  }

  async data(session: ServerSession, pathId: number, body: unknown, lang: TextLang = 'zh'): Promise<ReportData> {
    const prepared = this.prepareScreen(session, pathId, body);
    return dataOf(prepared.resolved.used, prepared.compiled, await this.screen(prepared), lang);
  }

  /** `data` as JSON text (the route's answer): the title is written once per kept query and language. */
  async dataJson(session: ServerSession, pathId: number, body: unknown, lang: TextLang = 'zh'): Promise<string> {
    const prepared = this.prepareScreen(session, pathId, body);
    const { kept, compiled } = prepared;
    const answer = await this.screen(prepared);
    const title = (kept.titleJson[lang] ??= JSON.stringify(titleColumns(prepared.resolved.used, compiled.columns, lang)));
    return dataJson(title, compiled, answer, lang);
  }

  async totals(session: ServerSession, pathId: number, body: unknown, lang: TextLang = 'zh'): Promise<ReportTotals> {
    const prepared = this.prepareScreen(session, pathId, body);
    return totalsOf(prepared.compiled, await this.screen(prepared), lang);
  }
}
