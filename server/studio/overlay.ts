/**
 * The per-tenant overlay on the report catalogue. Shipped reports are loaded once per process; a
 * tenant's own reports (studio) live in the database and are laid over them for that tenant only.
 * Which versions a tenant has is kept in memory once read (a report request then reads nothing).
 * Every studio write goes through `write`: this process forgets the tenant's versions as soon as
 * the write commits, so the next request reads them again; on PostgreSQL the write also NOTIFYs the
 * other API processes, which forget them when the notification arrives, and while a process's
 * listening connection is down it reads the versions on every request (ChangeFeed).
 */
import type { Catalogue } from '../../engine/definition/catalogue';
import type { ReportFile } from '../../engine/definition/types';
import type { ServerSession } from '../auth/session';
import { announceChange, ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/types';
import { InFlight } from '../report/in-flight';
import { ReportService } from '../report/service';
import { currentReports } from './store';
import { lockTenant } from '../db/tenant-lock';
import { TenantQueue } from './tenant-lock';

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

const CHANNEL = 'hm_studio_changed';

interface Change {
  tenant_id: number;
}

export class TenantOverlay {
  /** the tenant's services by their version list: unchanged versions keep their service (and its caches) */
  private entries = new Map<number, Entry>();
  /** what `entry` last answered per tenant, while no change has been heard since (null: no own reports) */
  private current = new Map<number, Entry | null>();
  /** reads of one tenant's versions started since the last change heard share one answer */
  private reads = new InFlight<Entry | null>();
  private feed: ChangeFeed<Change>;
  private queue = new TenantQueue();

  constructor(
    readonly base: ReportService,
    private db: Db,
  ) {
    this.feed = new ChangeFeed<Change>(db, CHANNEL, (c) => this.current.delete(c.tenant_id), () => this.current.clear());
  }

  private async known(tenantId: number): Promise<Entry | null> {
    const { feed } = this;
    // untrusted, a read that began before this request could miss a change made meanwhile elsewhere
    if (!feed.trusted) return this.entry(tenantId);
    const hit = this.current.get(tenantId);
    if (hit !== undefined) return hit;
    const generation = feed.generation;
    return this.reads.run(`${tenantId}:${generation}`, async () => {
      const entry = await this.entry(tenantId);
      if (generation === feed.generation && feed.trusted) this.current.set(tenantId, entry);
      return entry;
    });
  }

  /**
   * Runs a write of the tenant's studio reports in one transaction that also tells the other
   * processes, after every earlier studio write of the tenant has committed (tenant-lock); once it
   * has committed this process forgets the tenant's versions.
   */
  async write<T>(tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
    const change: Change = { tenant_id: tenantId };
    const result = await this.queue.run(tenantId, () =>
      this.db.transaction(async (tx) => {
        await lockTenant(tx, 'studio', tenantId);
        const out = await fn(tx);
        await announceChange(tx, CHANNEL, change);
        return out;
      }),
    );
    this.feed.made(change);
    return result;
  }

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
    const entry = { signature, own, service: new ReportService(overlayCatalogue(this.base.catalogue, own), this.db, undefined, this.base.options) };
    this.entries.set(tenantId, entry);
    return entry;
  }

  /** The report service and session a request of this session uses. */
  async forSession(session: ServerSession): Promise<TenantView> {
    const entry = await this.known(session.tenant_id);
    if (!entry) return { service: this.base, session, own: [] };
    return { service: entry.service, session: withReportsPermitted(session, entry.own.map((r) => r.id)), own: entry.own };
  }

  /** A service over the tenant's reports plus one draft (the studio preview), with the draft permitted. */
  async withDraft(session: ServerSession, draft: ReportFile): Promise<TenantView> {
    const view = await this.forSession(session);
    const own = [...view.own.filter((r) => r.id !== draft.id), draft];
    return {
      service: new ReportService(overlayCatalogue(this.base.catalogue, own), this.db, undefined, this.base.options),
      session: withReportsPermitted(session, own.map((r) => r.id)),
      own,
    };
  }
}
