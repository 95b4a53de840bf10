/**
 * What every block reads from above: its data source, the session values it needs and how to show a
 * message (rule 407: a toast, then stop). The app passes the HTTP source and the stored session; stories
 * and tests pass the in-memory source and a fixed session.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import type { BlockSession, BlocksDataSource } from './types';

export type NoticeKind = 'warning' | 'error' | 'success';
/** Shows an already translated message. */
export type Notify = (message: string, kind?: NoticeKind) => void;

const COLORS: Record<NoticeKind, string> = { warning: 'orange', error: 'red', success: 'green' };

export const toastNotify: Notify = (message, kind = 'warning') => {
  notifications.show({ message, color: COLORS[kind], position: 'top-center', autoClose: 3000 });
};

export interface BlocksContextValue {
  dataSource: BlocksDataSource;
  session: BlockSession;
  notify: Notify;
}

const BlocksContext = createContext<BlocksContextValue | null>(null);

interface Props {
  dataSource: BlocksDataSource;
  session: BlockSession;
  notify?: Notify;
  children: ReactNode;
}

export function BlocksProvider({ dataSource, session, notify = toastNotify, children }: Props) {
  const value = useMemo(() => ({ dataSource, session, notify }), [dataSource, session, notify]);
  return <BlocksContext.Provider value={value}>{children}</BlocksContext.Provider>;
}

export function useBlocks(): BlocksContextValue {
  const value = useContext(BlocksContext);
  if (!value) throw new Error('blocks need a <BlocksProvider> above them');
  return value;
}

/** Demo sessions of the three clients (the seed's demo accounts), for stories and tests. */
export const DEMO_SESSIONS: Record<'HMT' | 'HMD' | 'HMS', BlockSession> = {
  HMT: { tenant_id: 10139, account_id: 1001, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null },
  HMD: { tenant_id: 10139, account_id: 1002, client: 'HMD', org_code: 'S001', store_no: 'S001', supplier_no: null },
  HMS: { tenant_id: 10139, account_id: 1003, client: 'HMS', org_code: 'V001', store_no: null, supplier_no: 'V001' },
};
