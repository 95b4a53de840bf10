/**
 * Generates schemas/report-form.ui.json: the studio form's ui schema, every field of the form schema
 * with its title and help line in zh and en (engine/studio/form-text.ts), array items with the field
 * that names them. The app picks the language and adds its widgets. `npm run gen:schema` writes it;
 * a unit test fails when it is stale, and generation fails on a field without words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { studioFormSchema } from '../engine/studio/form-schema';
import { FORM_TEXT } from '../engine/studio/form-text';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export const FORM_UI_FILE = 'schemas/report-form.ui.json';

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

type UiNode = Record<string, unknown>;

function uiOf(path: string, node: SchemaNode, definitions: Record<string, SchemaNode>, depth: number): UiNode {
  if (depth > 20) throw new Error(`${path}: nested too deep (a recursive definition?)`);
  const resolved = node.$ref ? definitions[node.$ref.split('/').pop()!] : node;
  const out: UiNode = {};
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) Object.assign(out, uiOf(path, branch, definitions, depth + 1));
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    const at = path ? `${path}.${key}` : key;
    const text = FORM_TEXT[at];
    if (!text) throw new Error(`no title for the studio form field "${at}" (engine/studio/form-text.ts)`);
    out[key] = {
      'ui:title': text.title,
      ...(text.help ? { 'ui:description': text.help } : {}),
      ...uiOf(at, child, definitions, depth + 1),
    };
  }
  if (resolved.items) {
    const at = `${path}[]`;
    const text = FORM_TEXT[at];
    const items = uiOf(at, resolved.items, definitions, depth + 1);
    out.items = text ? { 'ui:title': text.title, ...(text.nameBy ? { 'ui:options': { nameBy: text.nameBy } } : {}), ...items } : items;
  }
  return out;
}

export function generateFormUi(): string {
  const reportSchema = JSON.parse(readFileSync(join(ROOT, 'schemas/report.schema.json'), 'utf8')) as SchemaNode & {
    properties: Record<string, unknown>;
    definitions?: Record<string, SchemaNode>;
  };
  const schema = studioFormSchema(reportSchema);
  return `${JSON.stringify(uiOf('', schema, schema.definitions ?? {}, 0), null, 2)}\n`;
}
