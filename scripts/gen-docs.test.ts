import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../server/report/catalogue-fs';
import { DOCS_DIR } from './gen-docs';
import { renderReportDocs } from './lib/report-docs';

describe('docs/reports', () => {
  it('are generated from the current definitions (run npm run gen:docs)', () => {
    const pages = renderReportDocs(loadCatalogueFromDir().catalogue);
    const committed = existsSync(DOCS_DIR) ? readdirSync(DOCS_DIR).sort() : [];
    expect(committed).toEqual([...pages.keys()].sort());
    for (const [file, text] of pages) expect(readFileSync(join(DOCS_DIR, file), 'utf8'), file).toBe(text);
  });
});
