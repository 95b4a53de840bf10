import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILES } from './gen-schema';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

describe('generated definition schemas', () => {
  for (const [type, file] of Object.entries(SCHEMA_FILES)) {
    it(`${file} is fresh (run npm run gen:schema after changing engine/definition/types.ts)`, () => {
      const committed = readFileSync(join(ROOT, file), 'utf8');
      expect(committed).toBe(generateSchema(type as keyof typeof SCHEMA_FILES));
    }, 30_000);
  }
});
