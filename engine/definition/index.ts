export type * from './types';
export { loadCatalogue, formatError } from './catalogue';
export type { Catalogue, DefinitionError, DefinitionFile, LoadResult } from './catalogue';
export * from './dataset-index';
export { ENUMS, OPTION_LISTS, DICT_CODES, PICKERS, CASCADERS, enumLabel } from './known';
