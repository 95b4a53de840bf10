/**
 * The studio form's schema: the generated report schema without what a studio report may not set,
 * under an id of its own. The app renders it and scripts/gen-validators compiles it ahead of time
 * (the browser never compiles a schema: the product's CSP forbids eval), so both must build it here.
 */
import { STUDIO_FORBIDDEN_KEYS } from './rules';

type Json = Record<string, unknown>;

/** The form schema's $id: the key of its compiled validator (a plain identifier, as ESM exports need). */
export const FORM_SCHEMA_ID = 'studioReportForm';

export function studioFormSchema<S extends { properties?: Json }>(schema: S): S & { $id: string } {
  const properties = { ...(schema.properties ?? {}) };
  for (const key of STUDIO_FORBIDDEN_KEYS) delete properties[key];
  return { ...schema, $id: FORM_SCHEMA_ID, properties };
}
