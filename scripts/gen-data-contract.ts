/** `npm run gen:contract`: writes docs/data-contract.md from the migrations and definitions (a test checks it is fresh). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataContract } from '../server/ingest/contract-fs';
import { renderDataContract } from './lib/data-contract-docs';

export const CONTRACT_DOC = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'docs', 'data-contract.md');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const contract = dataContract();
  writeFileSync(CONTRACT_DOC, renderDataContract(contract));
  console.log(`wrote ${contract.supplied.length} supplied and ${contract.derived.length} derived tables into docs/data-contract.md`);
}
