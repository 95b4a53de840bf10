import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILES } from './gen-schema';
import { FORM_UI_FILE, generateFormUi } from './gen-form-ui';
import { generateValidators } from './gen-validators';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

describe('generated definition schemas', () => {
  for (const [type, file] of Object.entries(SCHEMA_FILES)) {
    it(`${file} is fresh (run npm run gen:schema after changing engine/definition/types.ts)`, () => {
      const committed = readFileSync(join(ROOT, file), 'utf8');
      expect(committed).toBe(generateSchema(type as keyof typeof SCHEMA_FILES));
    }, 30_000);
  }

  it(`${FORM_UI_FILE} is fresh: every field of the studio form has its words (engine/studio/form-text.ts)`, () => {
    expect(readFileSync(join(ROOT, FORM_UI_FILE), 'utf8')).toBe(generateFormUi());
  });

  it('the studio form validators are fresh and load no module (a browser under the CSP runs them as they are)', () => {
    for (const [file, text] of Object.entries(generateValidators())) {
      expect(readFileSync(join(ROOT, file), 'utf8'), file).toBe(text);
      expect(text).not.toMatch(/require\(|new Function|eval\(/);
    }
  }, 30_000);
});
