/** `npm run gen:docs`: writes docs/reports/*.md from the report definitions (a test checks they are fresh). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatError } from '../engine/definition/catalogue';
import { loadCatalogueFromDir } from '../server/report/catalogue-fs';
import { renderReportDocs } from './lib/report-docs';

export const DOCS_DIR = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'docs', 'reports');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { catalogue, errors } = loadCatalogueFromDir();
  if (errors.length) {
    console.error(errors.map(formatError).join('\n'));
    process.exit(1);
  }
  mkdirSync(DOCS_DIR, { recursive: true });
  for (const f of readdirSync(DOCS_DIR)) rmSync(join(DOCS_DIR, f));
  for (const [file, text] of renderReportDocs(catalogue)) writeFileSync(join(DOCS_DIR, file), text);
  console.log(`wrote ${catalogue.reports.size} reports into docs/reports/`);
}
