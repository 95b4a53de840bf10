/**
 * The logistics centre a movement's stock position sits under: the one the organisation already keeps
 * the goods item under, else the one the document names, else the one the organisation keeps most
 * goods under, else its own (a store's warehouse: its first load finds no stock to go by), else the
 * organisation's own code. Read once per set of organisations.
 */
import type { Db } from '../db/types';

export type CenterOf = (org: string, sku: string, named?: string | null) => string;

export async function centerChooser(tx: Db, tenantId: number, orgs: readonly string[]): Promise<CenterOf> {
  const held = new Map<string, string>();
  const usual = new Map<string, string>();
  const own = new Map<string, string>();
  for (let i = 0; i < orgs.length; i += 500) {
    const part = orgs.slice(i, i + 500);
    const slots = part.map((_, j) => `$${j + 2}`).join(', ');
    // both answers in one statement: per goods item its centre (sku_no set), per organisation its usual one (sku_no NULL)
    const rows = await tx.query<{ org_code: string; sku_no: string | null; c: string }>(
      `WITH s AS (SELECT org_code, center_code, sku_no FROM stock WHERE tenant_id = $1 AND org_code IN (${slots}))
       SELECT org_code, sku_no, MIN(center_code) AS c FROM s GROUP BY org_code, sku_no
       UNION ALL
       SELECT org_code, NULL, center_code FROM (
         SELECT org_code, center_code, ROW_NUMBER() OVER (PARTITION BY org_code ORDER BY COUNT(*) DESC, center_code) AS n
           FROM s GROUP BY org_code, center_code) x
        WHERE n = 1
       UNION ALL
       SELECT org_code, '', MIN(center_code) FROM logistics_center WHERE tenant_id = $1 AND org_code IN (${slots}) GROUP BY org_code`,
      [tenantId, ...part],
    );
    for (const r of rows) {
      if (r.sku_no === null) usual.set(r.org_code, r.c);
      else if (r.sku_no === '') own.set(r.org_code, r.c);
      else held.set(`${r.org_code}\u0000${r.sku_no}`, r.c);
    }
  }
  return (org, sku, named) => held.get(`${org}\u0000${sku}`) ?? named ?? usual.get(org) ?? own.get(org) ?? org;
}
