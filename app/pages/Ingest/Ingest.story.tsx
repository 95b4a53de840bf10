import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Stack } from '@mantine/core';
import { fn } from 'storybook/test';
import type { CreatedIngestKey, IngestKeyView, IngestLogEntry } from '../../../engine/ingest';
import { CreateKeyDialog } from './CreateKeyDialog';
import { IngestKeysCard } from './IngestKeysCard';
import { IngestLogCard } from './IngestLogCard';

const keys: IngestKeyView[] = [
  { key_id: 2, key_name: '门店收银', key_prefix: 'hmk_10139_Q3vX9', tables: ['sales_order'], created_at: '2026-11-28 09:12:00', last_used_at: '2026-11-28 21:40:13', revoked_at: null },
  { key_id: 1, key_name: 'ERP 主数据', key_prefix: 'hmk_10139_Ab7kP', tables: ['brand', 'sku', 'store'], created_at: '2026-11-20 15:02:41', last_used_at: '2026-11-27 02:00:05', revoked_at: '2026-11-28 08:00:00' },
];

const entries: IngestLogEntry[] = [
  { log_id: 4, source: 'push', key_name: '门店收银', tables: [{ table: 'sales_order', rows: 120 }, { table: 'sales_order_item', rows: 388 }, { table: 'sales_payment', rows: 131 }], rows_accepted: 639, rows_rejected: 0, status: 'done', started_at: '2026-11-28 21:40:13', duration_ms: 1830, has_rejects: false },
  { log_id: 3, source: 'push', key_name: '门店收银', tables: [{ table: 'sales_order', rows: 2 }, { table: 'sales_order_item', rows: 4 }], rows_accepted: 0, rows_rejected: 1, status: 'refused', started_at: '2026-11-28 21:35:02', duration_ms: 240, has_rejects: true },
  { log_id: 2, source: 'file', key_name: null, tables: [{ table: 'brand', rows: 12 }, { table: 'sku', rows: 1204 }], rows_accepted: 0, rows_rejected: 0, status: 'repeated', started_at: '2026-11-27 02:00:05', duration_ms: 910, has_rejects: false },
];

const TABLES = ['brand', 'member', 'sales_order', 'sku', 'store', 'supplier'];

/** A key the server made: the secret comes back once. */
const created = async (key: { key_name: string; tables: string[] }): Promise<CreatedIngestKey> => ({
  key_id: 3, key_prefix: 'hmk_10139_Zz81c', created_at: '2026-11-28 22:00:00', last_used_at: null, revoked_at: null,
  ...key, secret: 'hmk_10139_Zz81cJ0Gkq4Wm1sVt9yB2nD6fH3pL7rX5aE8uC0oNi',
});

const meta: Meta = {
  title: 'Pages/Ingest',
  decorators: [
    (Story) => (
      <Box p="md" bg="gray.0" mih={420}>
        <Story />
      </Box>
    ),
  ],
};
export default meta;

/** The screen: keys (one revoked) and loads (written, refused with rows to download, repeated). */
export const Screen: StoryObj = {
  render: () => (
    <Stack>
      <IngestKeysCard keys={keys} pending={false} error={null} refreshing={false} onRefresh={fn()} onCreate={fn()} onRevoke={fn()} />
      <IngestLogCard entries={entries} pending={false} error={null} refreshing={false} onRefresh={fn()} onDownload={fn()} />
    </Stack>
  ),
};

/** Nothing yet: 暂无密钥, 暂无数据. */
export const Empty: StoryObj = {
  render: () => (
    <Stack>
      <IngestKeysCard keys={[]} pending={false} error={null} refreshing={false} onRefresh={fn()} onCreate={fn()} onRevoke={fn()} />
      <IngestLogCard entries={[]} pending={false} error={null} refreshing={false} onRefresh={fn()} onDownload={fn()} />
    </Stack>
  ),
};

/** Still on their way: no create until the tables are known. */
export const Loading: StoryObj = {
  render: () => (
    <Stack>
      <IngestKeysCard keys={[]} pending error={null} refreshing onRefresh={fn()} onCreate={null} onRevoke={fn()} />
      <IngestLogCard entries={[]} pending error={null} refreshing onRefresh={fn()} onDownload={fn()} />
    </Stack>
  ),
};

/** 新建密钥: a name and tables; 创建 shows the secret this once. */
export const CreateKey: StoryObj = {
  render: () => <CreateKeyDialog tables={TABLES} onCreate={created} onClose={fn()} />,
};

/** The server refused the create: its message in the dialog, the form kept. */
export const CreateRefused: StoryObj = {
  render: () => <CreateKeyDialog tables={TABLES} onCreate={() => Promise.reject(new Error('不能推送的表：stock_ledger'))} onClose={fn()} />,
};
