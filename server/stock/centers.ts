/**
 * The logistics centre a movement's stock position sits under: the one the organisation already keeps
 * the goods item under, else the one the document names, else the one the organisation keeps most
 * goods under, else the organisation's own code. Read once per set of organisations.
 */
import type { Db } from '../db/types';

export type CenterOf = (org: string, sku: string, named?: string | null) => string;

export async function centerChooser(tx: Db, tenantId: number, orgs: readonly string[]): Promise<CenterOf> {
  const held = new Map<string, string>();
  const usual = new Map<string, string>();
  for (let i = 0; i < orgs.length; i += 500) {
    const part = orgs.slice(i, i + 500);
    const slots = part.map((_, j) => `$${j + 2}`).join(', ');
    const rows = await tx.query<{ org_code: string; sku_no: string; c: string }>(
      `SELECT org_code, sku_no, MIN(center_code) AS c FROM stock WHERE tenant_id = $1 AND org_code IN (${slots}) GROUP BY org_code, sku_no`,
      [tenantId, ...part],
    );
    for (const r of rows) held.set(`${r.org_code}\u0000${r.sku_no}`, r.c);
    const most = await tx.query<{ org_code: string; c: string }>(
      `SELECT org_code, center_code AS c FROM (
         SELECT org_code, center_code, ROW_NUMBER() OVER (PARTITION BY org_code ORDER BY COUNT(*) DESC, center_code) AS n
           FROM stock WHERE tenant_id = $1 AND org_code IN (${slots}) GROUP BY org_code, center_code) x
        WHERE n = 1`,
      [tenantId, ...part],
    );
    for (const r of most) usual.set(r.org_code, r.c);
  }
  return (org, sku, named) => held.get(`${org}\u0000${sku}`) ?? named ?? usual.get(org) ?? org;
}
