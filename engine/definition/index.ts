export type * from './types';
export { loadCatalogue, formatError } from './catalogue';
export type { Catalogue, DefinitionError, DefinitionFile, LoadResult } from './catalogue';
export * from './dataset-index';
export { PICKERS, CASCADERS, enumLabel } from './known';
