/** The app's blocks context: the HTTP data source and the signed-in user's stored session (rule 214). */
import { useMemo, type ReactNode } from 'react';
import type { SessionInfo } from '../../../engine/wire';
import { useStoredAuth } from '../../api/session-store';
import { BlocksProvider } from './BlocksProvider';
import { createHttpDataSource } from './http';
import type { BlockSession } from './types';

export function toBlockSession(s: SessionInfo): BlockSession {
  return {
    tenant_id: s.tenant_id,
    account_id: s.account_id,
    client: s.client,
    org_code: s.org_code,
    store_no: s.store_no,
    supplier_no: s.supplier_no,
  };
}

export function AppBlocksProvider({ children }: { children: ReactNode }) {
  const auth = useStoredAuth();
  const dataSource = useMemo(() => createHttpDataSource(), []);
  const session = useMemo(() => (auth ? toBlockSession(auth.session) : null), [auth]);
  // blocks are used only behind sign-in; without a session there is nothing to provide
  if (!session) return <>{children}</>;
  return (
    <BlocksProvider dataSource={dataSource} session={session}>
      {children}
    </BlocksProvider>
  );
}
