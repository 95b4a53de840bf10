/**
 * Generates schemas/dataset.schema.json and schemas/report.schema.json from the definition types
 * (engine/definition/types.ts). `npm run gen:schema`; a unit test fails when the committed files
 * are stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

export const SCHEMA_FILES = {
  DatasetFile: 'schemas/dataset.schema.json',
  ReportFile: 'schemas/report.schema.json',
} as const;

/** The schema text for one top-level type, as committed. */
export function generateSchema(type: keyof typeof SCHEMA_FILES): string {
  const generator = createGenerator({
    path: join(ROOT, 'engine/definition/types.ts'),
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
}
