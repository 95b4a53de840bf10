/** The layout logo by tenant id (rule 4) with the fallback image (rule 5). */
const bundled = import.meta.glob<string>('../logos/*.svg', { eager: true, query: '?url', import: 'default' });

export const FALLBACK_LOGO = bundled['../logos/default.svg'];

/** A bundled logo for the tenant, else the tenant's file on the server (which may fail and fall back). */
export function logoFor(tenantId: number | null | undefined): string {
  if (tenantId == null) return FALLBACK_LOGO;
  return bundled[`../logos/${tenantId}.svg`] ?? `/logos/${tenantId}.png`;
}
