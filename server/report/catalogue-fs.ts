/** Reads the definition folders (report-defs/datasets, report-defs/reports) and loads the catalogue. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatError, loadCatalogue, type Catalogue, type DefinitionFile, type LoadResult } from '../../engine/definition/catalogue';
import { ROOT_DIR } from '../config';

export const DEFAULT_DEFS_DIR = join(ROOT_DIR, 'report-defs');

/** Reads every *.json of a folder, in name order; unreadable JSON becomes an error. */
export function readFolder(dir: string, errors: LoadResult['errors']): DefinitionFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const full = join(dir, f);
      const path = relative(process.cwd(), full) || full;
      try {
        return [{ path, json: JSON.parse(readFileSync(full, 'utf8')) }];
      } catch (err) {
        errors.push({ file: path, pointer: '', message: `invalid JSON: ${(err as Error).message}` });
        return [];
      }
    });
}

export function loadCatalogueFromDir(dir: string = DEFAULT_DEFS_DIR): LoadResult {
  const parseErrors: LoadResult['errors'] = [];
  const datasets = readFolder(join(dir, 'datasets'), parseErrors);
  const reports = readFolder(join(dir, 'reports'), parseErrors);
  const result = loadCatalogue(datasets, reports);
  return { catalogue: result.catalogue, errors: [...parseErrors, ...result.errors] };
}

/** The catalogue of a definitions folder that must be valid (what the server serves). */
export function validCatalogueFromDir(dir: string = DEFAULT_DEFS_DIR): Catalogue {
  const { catalogue, errors } = loadCatalogueFromDir(dir);
  if (errors.length) throw new Error(`report definitions are invalid:\n${errors.map(formatError).join('\n')}`);
  return catalogue;
}
