/**
 * The per-tenant overlay on the report catalogue. Shipped reports are loaded once per process; a
 * tenant's own reports (studio) live in the database and are laid over them for that tenant only.
 * Each request compares the tenant's (id, version) list, a primary-key read of a small table, so a
 * report saved through any API process takes effect on the next request without a restart.
 */
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ReportFile } from '../../engine/definition/types';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { ReportService } from '../report/service';
import { currentReports } from './store';

export interface TenantView {
  service: ReportService;
  /** the session with the tenant's own reports permitted (any account of a listed client opens them) */
  session: ServerSession;
  own: ReportFile[];
}

interface Entry {
  signature: string;
  own: ReportFile[];
  service: ReportService;
}

/** The catalogue with some reports added or replaced (datasets are shared, never copied). */
export function overlayCatalogue(base: Catalogue, reports: Iterable<ReportFile>): Catalogue {
  const merged = new Map(base.reports);
  for (const r of reports) merged.set(r.id, r);
  return { datasets: base.datasets, indexes: base.indexes, reports: merged };
}

export function withReportsPermitted(session: ServerSession, ids: Iterable<number>): ServerSession {
  const permissions = new Set(session.permissions);
  for (const id of ids) permissions.add(String(id));
  return { ...session, permissions };
}

export class TenantOverlay {
  private entries = new Map<number, Entry>();

  constructor(
    readonly base: ReportService,
    private db: Db,
  ) {}

  private async entry(tenantId: number): Promise<Entry | null> {
    const rows = await this.db.query<{ report_id: number; version: number }>(
      'SELECT report_id, version FROM studio_report WHERE tenant_id = $1 ORDER BY report_id',
      [tenantId],
    );
    if (!rows.length) {
      this.entries.delete(tenantId);
      return null;
    }
    const signature = rows.map((r) => `${r.report_id}:${r.version}`).join(',');
    const cached = this.entries.get(tenantId);
    if (cached?.signature === signature) return cached;
    const own = (await currentReports(this.db, tenantId)).map((v) => v.definition);
    const entry = { signature, own, service: new ReportService(overlayCatalogue(this.base.catalogue, own), this.db) };
    this.entries.set(tenantId, entry);
    return entry;
  }

  /** The report service and session a request of this session uses. */
  async forSession(session: ServerSession): Promise<TenantView> {
    const entry = await this.entry(session.tenant_id);
    if (!entry) return { service: this.base, session, own: [] };
    return { service: entry.service, session: withReportsPermitted(session, entry.own.map((r) => r.id)), own: entry.own };
  }

  /** A service over the tenant's reports plus one draft (the studio preview), with the draft permitted. */
  async withDraft(session: ServerSession, draft: ReportFile): Promise<TenantView> {
    const view = await this.forSession(session);
    const own = [...view.own.filter((r) => r.id !== draft.id), draft];
    return {
      service: new ReportService(overlayCatalogue(this.base.catalogue, own), this.db),
      session: withReportsPermitted(session, own.map((r) => r.id)),
      own,
    };
  }
}
