/**
 * Generates schemas/dataset.schema.json, schemas/report.schema.json (engine/definition/types.ts) and
 * schemas/document.schema.json (engine/document/types.ts) and schemas/print-template.schema.json
 * (engine/print/template.ts) from the definition types, then from the report schema the studio form's
 * ui schema (scripts/gen-form-ui.ts) and precompiled validators (scripts/gen-validators.ts).
 * `npm run gen:schema`; a unit test fails when the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import { FORM_UI_FILE, generateFormUi } from './gen-form-ui';
import { generateValidators } from './gen-validators';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export const SCHEMA_FILES = {
  DatasetFile: 'schemas/dataset.schema.json',
  ReportFile: 'schemas/report.schema.json',
  DocumentFile: 'schemas/document.schema.json',
  PrintTemplate: 'schemas/print-template.schema.json',
} as const;

/** The source file declaring each top-level type. */
const TYPE_SOURCES: Record<keyof typeof SCHEMA_FILES, string> = {
  DatasetFile: 'engine/definition/types.ts',
  ReportFile: 'engine/definition/types.ts',
  DocumentFile: 'engine/document/types.ts',
  PrintTemplate: 'engine/print/template.ts',
};

/** The schema text for one top-level type, as committed. */
export function generateSchema(type: keyof typeof SCHEMA_FILES): string {
  const generator = createGenerator({
    path: join(ROOT, TYPE_SOURCES[type]),
    tsconfig: join(ROOT, 'tsconfig.json'),
    type,
    expose: 'export',
    topRef: false,
    jsDoc: 'extended',
    additionalProperties: false,
    skipTypeCheck: true,
  });
  const schema = generator.createSchema(type);
  schema.$id = `${SCHEMA_FILES[type].replace('schemas/', '')}`;
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [type, file] of Object.entries(SCHEMA_FILES)) {
    writeFileSync(join(ROOT, file), generateSchema(type as keyof typeof SCHEMA_FILES));
    console.log(`wrote ${file}`);
  }
  for (const [file, text] of Object.entries({ [FORM_UI_FILE]: generateFormUi(), ...generateValidators() })) {
    writeFileSync(join(ROOT, file), text);
    console.log(`wrote ${file}`);
  }
}
