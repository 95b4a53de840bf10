/**
 * What the studio adds to the definition checks for a tenant's own report: its id lives above
 * 100000, and it may not carry what would widen its rows or reach other tables (row scope, physical
 * table mapping) nor the tab families and special-tenant flags of shipped pages.
 */
import type { DefinitionError } from '../definition/catalogue';

export const STUDIO_MIN_ID = 100000;

/** The permission id of the report designer (the studio page and its API; HQ accounts). */
export const STUDIO_PERMISSION = 'studio';

/** Keys a studio report may not set: SQL or table names beyond the dataset's, and shipped-page wiring. */
export const STUDIO_FORBIDDEN_KEYS = ['scope', 'tables', 'history', 'history_family', 'special_tenant_only'] as const;

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'report'
  );
}

/** The file a studio report exports to, named like report-defs/reports (id first). */
export function studioFileName(report: { id?: unknown; title?: { en?: unknown } }): string {
  const en = typeof report.title?.en === 'string' ? report.title.en : '';
  return `${String(report.id)}-${slug(en)}.json`;
}

export function studioFilePath(report: { id?: unknown; title?: { en?: unknown } }): string {
  return `report-defs/reports/${studioFileName(report)}`;
}

export function studioErrors(report: unknown, file: string): DefinitionError[] {
  const out: DefinitionError[] = [];
  if (typeof report !== 'object' || report === null || Array.isArray(report)) {
    return [{ file, pointer: '', message: 'a report definition must be a JSON object' }];
  }
  const r = report as Record<string, unknown>;
  if (!Number.isInteger(r.id) || (r.id as number) <= STUDIO_MIN_ID) {
    out.push({ file, pointer: '/id', message: `a studio report id must be above ${STUDIO_MIN_ID}` });
  }
  for (const key of STUDIO_FORBIDDEN_KEYS) {
    if (key in r) out.push({ file, pointer: `/${key}`, message: `"${key}" is not allowed in a studio report` });
  }
  return out;
}
