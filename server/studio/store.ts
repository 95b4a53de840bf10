/**
 * A tenant's own report definitions and their versions (migration 013). Every statement is scoped
 * by the tenant id it is given, which callers take from the session.
 */
import type { ReportFile } from '../../engine/definition/types';
import { STUDIO_MIN_ID } from '../../engine/studio/rules';
import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';

export interface StoredVersion {
  report_id: number;
  version: number;
  definition: ReportFile;
  action: 'create' | 'update' | 'revert';
  username: string;
  created_at: string;
}

export interface Author {
  tenant_id: number;
  account_id: number;
  username: string;
}

interface VersionRow {
  report_id: number;
  version: number;
  definition: string;
  action: StoredVersion['action'];
  username: string;
  created_at: string;
}

const toVersion = (r: VersionRow): StoredVersion => ({
  report_id: Number(r.report_id),
  version: Number(r.version),
  definition: JSON.parse(r.definition) as ReportFile,
  action: r.action,
  username: r.username,
  created_at: String(r.created_at),
});

const VERSION_COLUMNS = 'v.report_id, v.version, v.definition, v.action, v.username, v.created_at';

/** The current version of each of the tenant's reports. */
export async function currentReports(db: Db, tenantId: number): Promise<StoredVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM studio_report r
     JOIN studio_report_version v ON v.tenant_id = r.tenant_id AND v.report_id = r.report_id AND v.version = r.version
     WHERE r.tenant_id = $1 ORDER BY r.report_id`,
    [tenantId],
  );
  return rows.map(toVersion);
}

/** Every version of one report, oldest first; empty when the tenant has no such report. */
export async function reportVersions(db: Db, tenantId: number, reportId: number): Promise<StoredVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM studio_report_version v
     JOIN studio_report r ON r.tenant_id = v.tenant_id AND r.report_id = v.report_id
     WHERE v.tenant_id = $1 AND v.report_id = $2 ORDER BY v.version`,
    [tenantId, reportId],
  );
  return rows.map(toVersion);
}

/** The id after the tenant's highest; allocated by a create inside its studio write (tenant-lock), so it is free. */
export async function nextReportId(db: Db, tenantId: number): Promise<number> {
  const [row] = await db.query<{ top: number | null }>('SELECT MAX(report_id) AS top FROM studio_report WHERE tenant_id = $1', [tenantId]);
  return Math.max(STUDIO_MIN_ID, Number(row?.top ?? 0)) + 1;
}

/**
 * Writes a new version and makes it current: a create makes a new report, an update or revert a new
 * version of an existing one. Null (nothing written) when the report exists for a create, or no
 * longer exists for the others.
 */
export async function writeVersion(db: Db, author: Author, report: ReportFile, action: StoredVersion['action']): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ version: number }>(
      'SELECT version FROM studio_report WHERE tenant_id = $1 AND report_id = $2',
      [author.tenant_id, report.id],
    );
    if (!current !== (action === 'create')) return null;
    const [top] = await tx.query<{ top: number | null }>(
      'SELECT MAX(version) AS top FROM studio_report_version WHERE tenant_id = $1 AND report_id = $2',
      [author.tenant_id, report.id],
    );
    const version = Number(top?.top ?? 0) + 1;
    await tx.query(
      `INSERT INTO studio_report_version (tenant_id, report_id, version, definition, action, account_id, username, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [author.tenant_id, report.id, version, JSON.stringify(report), action, author.account_id, author.username, sqlTimestamp()],
    );
    if (current) {
      await tx.query('UPDATE studio_report SET version = $3 WHERE tenant_id = $1 AND report_id = $2', [author.tenant_id, report.id, version]);
    } else {
      await tx.query('INSERT INTO studio_report (tenant_id, report_id, version) VALUES ($1, $2, $3)', [author.tenant_id, report.id, version]);
    }
    return version;
  });
}

/** Removes the report and its history; false when the tenant has no such report. */
export async function deleteReport(db: Db, tenantId: number, reportId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 AS one FROM studio_report WHERE tenant_id = $1 AND report_id = $2', [tenantId, reportId]);
    if (!found.length) return false;
    await tx.query('DELETE FROM studio_report_version WHERE tenant_id = $1 AND report_id = $2', [tenantId, reportId]);
    await tx.query('DELETE FROM studio_report WHERE tenant_id = $1 AND report_id = $2', [tenantId, reportId]);
    return true;
  });
}
