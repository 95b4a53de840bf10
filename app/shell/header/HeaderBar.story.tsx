import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppShell } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionInfo } from '../../../engine/wire';
import { createQueryClient } from '../../api/query-client';
import { shellKeys } from '../shell-api';
import { HeaderBar } from './HeaderBar';

const base: SessionInfo = {
  tenant_id: 10139,
  tenant_name: '演示零售',
  merchant_no: '10139',
  account_id: 1,
  username: 'admin',
  account_name: '系统管理员',
  client: 'HMT',
  org_code: '1000',
  store_no: null,
  supplier_no: null,
  permission: '',
  displayMenu: '',
  account_org_relation: [],
  store_info: null,
  is_special_tenant: false,
  is_edit_password: 0,
  is_open_edit_password: 0,
};

/** The header's lists come from memory: a query cache filled before rendering, never refetched. */
function withData() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { staleTime: Infinity, refetchInterval: false, retry: false } });
  client.setQueryData(shellKeys.dataScreens, [
    { id: 'builtin:sales', screen_name: '今日销售实时大屏', url: '/data-screen', is_rotating: 0 },
    { id: '1', screen_name: '经营驾驶舱', url: 'https://screen.example.com/cockpit', is_rotating: 0 },
  ]);
  client.setQueryData(shellKeys.messages, {
    total: 2,
    unread: 1,
    list: [
      { id: 1, title: '库存预警：12个商品低于安全库存', content: '请及时处理物流中心低库存商品的补货。', is_read: 0, created_at: '2026-01-08 09:00:00' },
      { id: 2, title: '系统升级通知', content: '系统将于本周日凌晨2:00-4:00进行升级维护。', is_read: 1, created_at: '2026-01-02 15:00:00' },
    ],
  });
  return client;
}

function HeaderDemo({ session }: { session: SessionInfo }) {
  const [client] = useState(withData);
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={client}>
      <AppShell header={{ height: 48 }}>
        <AppShell.Header>
          <HeaderBar session={session} navOpened={open} onToggleNav={() => setOpen(!open)} />
        </AppShell.Header>
      </AppShell>
    </QueryClientProvider>
  );
}

const meta: Meta<typeof HeaderDemo> = { title: 'Shell/HeaderBar', component: HeaderDemo };
export default meta;
type Story = StoryObj<typeof HeaderDemo>;

/** Headquarters: client switcher, data screens, messages with the unread badge, guide, remote assistance, complaint, user menu. */
export const Headquarters: Story = { args: { session: base } };
/** Store: no switcher, messages or guide; the store name is cut to 10 characters. */
export const Store: Story = {
  args: { session: { ...base, client: 'HMD', username: 'store01', store_no: 'S001', store_info: { store_name: '上海徐汇滨江大道旗舰店一号' } } },
};
/** Supplier: identity is the supplier number. */
export const Supplier: Story = { args: { session: { ...base, client: 'HMS', username: 'supplier01', supplier_no: 'V001' } } };
/** A tenant without its own logo: the fallback image. */
export const FallbackLogo: Story = { args: { session: { ...base, tenant_id: 30001, merchant_no: '30001', is_special_tenant: true } } };
