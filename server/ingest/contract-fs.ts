/** The data contract of this repository: its migrations, report definitions, documents and option lists. */
import { loadMigrations } from '../db/migrate';
import { loadDocumentsFromDir } from '../documents/definitions-fs';
import { LIST_SQL } from '../options/lists';
import { validCatalogueFromDir } from '../report/catalogue-fs';
import { buildDataContract, type ContractSources, type DataContract } from './contract';
import { schemaOf } from './migration-schema';

/** Option list → the table its query lists (`FROM table`). */
function listTables(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(LIST_SQL).map(([name, { sql }]) => {
      const m = /\bFROM\s+([a-z_][a-z0-9_]*)/i.exec(sql);
      if (!m) throw new Error(`option list ${name}: no FROM table`);
      return [name, m[1]];
    }),
  );
}

export function contractSources(): ContractSources {
  const catalogue = validCatalogueFromDir();
  const { documents, errors } = loadDocumentsFromDir();
  if (errors.length) throw new Error(`document definitions are invalid: ${errors.map((e) => `${e.file} ${e.message}`).join('; ')}`);
  return {
    schema: schemaOf(loadMigrations()),
    datasets: [...catalogue.datasets.values()],
    reports: [...catalogue.reports.values()],
    documents: [...documents.values()],
    listTables: listTables(),
  };
}

export function dataContract(): DataContract {
  return buildDataContract(contractSources());
}
