/**
 * Which definition a request uses: the history-tab mapping (page id, is_history, special tenant →
 * id used; rules 99–110, C3–C5) and who may open it (client listed, id permitted).
 */
import type { Catalogue } from '../../engine/definition/catalogue';
import type { HistoryDef, I18nText, ReportFile } from '../../engine/definition/types';
import type { ClientType, HistoryTab } from '../../engine/wire';
import { forbidden, notFound } from '../http/errors';

export interface AccessSession {
  client: ClientType;
  is_special_tenant: boolean;
  permissions: ReadonlySet<string>;
}

export interface Resolved {
  /** the page's own id (the URL's) */
  page: ReportFile;
  /** the definition whose data is read */
  used: ReportFile;
  /** the report carrying the page's tabs, if any */
  family: ReportFile | null;
  is_history: '1' | '2' | null;
}

const reportNotFound = () => notFound('REPORT_NOT_FOUND', '报表不存在');

function familyOf(catalogue: Catalogue, report: ReportFile): ReportFile | null {
  if (report.history) return report;
  if (report.history_family !== undefined) return catalogue.reports.get(report.history_family) ?? null;
  return null;
}

function tabTarget(history: HistoryDef, tab: '1' | '2', special: boolean): number {
  const t = history.tabs.find((x) => x.is_history === tab)!;
  return special && t.special_tenant_table_id !== undefined ? t.special_tenant_table_id : t.table_id;
}

/** The tabs as this tenant sees them (33 "1" → 172 for the special tenant). */
export function tenantTabs(family: ReportFile | null, special: boolean, lang: keyof I18nText = 'zh'): HistoryTab[] | null {
  if (!family?.history) return null;
  return [...family.history.tabs]
    .sort((a, b) => b.is_history.localeCompare(a.is_history))
    .map((t) => ({ is_history: t.is_history, label: t.label[lang], table_id: tabTarget(family.history!, t.is_history, special) }));
}

/**
 * Resolves a page id. With a tab (`isHistory`, or `defaultTab` for the config call) a page of a
 * tab family maps to that tab's id; without one the id is used as it is.
 */
export function resolveReport(
  catalogue: Catalogue,
  session: AccessSession,
  pageId: number,
  isHistory: '1' | '2' | undefined,
  opts: { defaultTab?: boolean } = {},
): Resolved {
  const page = catalogue.reports.get(pageId);
  if (!page) throw reportNotFound();
  const family = familyOf(catalogue, page);
  let used = page;
  let tab: '1' | '2' | null = null;
  if (family?.history) {
    tab = isHistory ?? (opts.defaultTab ? family.history.default_tab : null);
    if (tab) used = catalogue.reports.get(tabTarget(family.history, tab, session.is_special_tenant)) ?? page;
  }
  if (!used.clients.includes(session.client) || !page.clients.includes(session.client)) throw reportNotFound();
  if ((used.special_tenant_only || page.special_tenant_only) && !session.is_special_tenant) throw reportNotFound();
  const permitted = [page.id, used.id, ...(family ? [family.id] : [])].some((id) => session.permissions.has(String(id)));
  if (!permitted) throw forbidden('NO_PERMISSION', '无权访问该报表');
  return { page, used, family, is_history: tab };
}

/**
 * Date ranges that must be given (rule C3): the used report's own required ranges, plus the
 * page's when the page id is in the required list (page 33 requires a date on both tabs).
 */
export function requiredRanges(page: ReportFile, used: ReportFile): Set<number> {
  const out = new Set<number>();
  for (const r of [page, used]) for (const d of r.dates) if (d.required) out.add(d.index);
  return out;
}
