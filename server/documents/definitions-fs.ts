/** Reads report-defs/documents/*.json and loads the document definitions. */
import { join } from 'node:path';
import { loadDocuments, type DocumentCatalogue } from '../../engine/document/catalogue';
import { DEFAULT_DEFS_DIR, readFolder } from '../report/catalogue-fs';

export function loadDocumentsFromDir(dir: string = DEFAULT_DEFS_DIR): DocumentCatalogue {
  const parseErrors: DocumentCatalogue['errors'] = [];
  const files = readFolder(join(dir, 'documents'), parseErrors);
  const result = loadDocuments(files);
  return { documents: result.documents, errors: [...parseErrors, ...result.errors] };
}
