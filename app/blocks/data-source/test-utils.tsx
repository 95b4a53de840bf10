/** Render helper for block tests: the app providers (zh-CN) plus a BlocksProvider with the in-memory source. */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { configure } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { BlocksProvider, DEMO_SESSIONS, type Notify } from './BlocksProvider';
import { createMemoryDataSource } from './memory';
import type { BlockSession, BlocksDataSource } from './types';

// dialogs load through a (microtask) data source but render slowly when both cores are busy
configure({ asyncUtilTimeout: 5000 });

export interface BlockRenderOptions {
  session?: BlockSession;
  dataSource?: BlocksDataSource;
  notify?: Notify;
}

export function renderBlock(ui: ReactElement, options: BlockRenderOptions = {}) {
  const notify = options.notify ?? vi.fn<Notify>();
  const dataSource = options.dataSource ?? createMemoryDataSource();
  const result = renderWithProviders(
    <BlocksProvider dataSource={dataSource} session={options.session ?? DEMO_SESSIONS.HMT} notify={notify}>
      {ui}
    </BlocksProvider>,
  );
  return { ...result, notify, dataSource };
}
