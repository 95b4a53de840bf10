export * from './types';
export * from './document-types';
export { DEMO_DOCUMENT, GOODS_WITHOUT_LOTS } from './document-fixtures';
export { createHttpDataSource, LIST_PATHS, TREE_PATHS } from './http';
export { createMemoryDataSource, type MemoryOptions } from './memory';
export { AppBlocksProvider, toBlockSession } from './AppBlocksProvider';
export { useLoad, type Loaded } from './useLoad';
export { BlocksProvider, useBlocks, toastNotify, DEMO_SESSIONS, type Notify, type NoticeKind, type BlocksContextValue } from './BlocksProvider';
