/**
 * `npm run validate:defs [-- <folder>]` (default report-defs/): JSON Schema and cross-file checks of
 * every dataset, report and document definition. Prints each problem as `file: /json/pointer: message` and
 * exits non-zero when there is any.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatError } from '../engine/definition/catalogue';
import { loadDocumentsFromDir } from '../server/documents/definitions-fs';
import { DEFAULT_DEFS_DIR, loadCatalogueFromDir } from '../server/report/catalogue-fs';

export function validateDefs(dir: string): { lines: string[]; ok: boolean; reports: number; datasets: number; documents: number } {
  const { catalogue, errors } = loadCatalogueFromDir(dir);
  const docs = loadDocumentsFromDir(dir);
  const all = [...errors, ...docs.errors];
  return {
    lines: all.map(formatError),
    ok: all.length === 0,
    reports: catalogue.reports.size,
    datasets: catalogue.datasets.size,
    documents: docs.documents.size,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_DEFS_DIR;
  const result = validateDefs(dir);
  for (const line of result.lines) console.error(line);
  if (!result.ok) {
    console.error(`${result.lines.length} problem(s) in ${dir}`);
    process.exit(1);
  }
  console.log(`ok: ${result.datasets} datasets, ${result.reports} reports, ${result.documents} documents`);
}
