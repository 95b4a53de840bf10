/**
 * The datasets a studio user may build on: those behind reports the user's permissions already
 * open (a draft, its preview and its save read nothing a report of theirs could not), plus those of
 * the tenant's own reports, which every account of their clients opens.
 */
import type { ReportFile } from '../definition/types';
import type { ClientType } from '../wire';

export interface StudioAccess {
  client: ClientType;
  permissions: ReadonlySet<string>;
  is_special_tenant: boolean;
}

/** Whether the session opens a shipped report: its client, its tenant flag, its id or its tab family's. */
export function opensReport(access: StudioAccess, report: ReportFile): boolean {
  if (!report.clients.includes(access.client)) return false;
  if (report.special_tenant_only && !access.is_special_tenant) return false;
  const ids = [report.id, report.history_family].filter((id): id is number => id !== undefined);
  return ids.some((id) => access.permissions.has(String(id)));
}

export function openDatasets(access: StudioAccess, shipped: Iterable<ReportFile>, own: Iterable<ReportFile>): Set<string> {
  const out = new Set<string>();
  for (const r of shipped) if (opensReport(access, r)) out.add(r.dataset);
  for (const r of own) out.add(r.dataset);
  return out;
}
