/** 数据接入's keys: name, prefix (never the secret), tables, created, last used, state; create and revoke. */
import { Badge, Button, Code, Group, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { IngestKeyView } from '../../../engine/ingest';
import { LogCard } from '../../blocks/LogCard';
import { useT } from '../../i18n';

export interface IngestKeysCardProps {
  keys: IngestKeyView[];
  pending: boolean;
  error: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  /** null: the tables to choose from have not come back, so a key cannot be created yet */
  onCreate: (() => void) | null;
  onRevoke: (key: IngestKeyView) => void;
}

export function IngestKeysCard(p: IngestKeysCardProps) {
  const t = useT();
  return (
    <LogCard
      title={t('ingest.keys')}
      crumb={t('ingest.crumb')}
      refreshLabel={t('ingest.refresh')}
      onRefresh={p.onRefresh}
      refreshing={p.refreshing}
      lead={
        <Group mb="sm">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => p.onCreate?.()} disabled={!p.onCreate}>
            {t('ingest.create')}
          </Button>
        </Group>
      }
      testId="ingest-keys"
      head={
        <>
          <Table.Th>{t('ingest.name')}</Table.Th>
          <Table.Th>{t('ingest.prefix')}</Table.Th>
          <Table.Th>{t('ingest.tables')}</Table.Th>
          <Table.Th>{t('ingest.createdAt')}</Table.Th>
          <Table.Th>{t('ingest.lastUsed')}</Table.Th>
          <Table.Th>{t('ingest.state')}</Table.Th>
          <Table.Th />
        </>
      }
      rows={p.keys.map((k) => (
        <Table.Tr key={k.key_id}>
          <Table.Td>{k.key_name}</Table.Td>
          <Table.Td>
            <Code>{k.key_prefix}…</Code>
          </Table.Td>
          <Table.Td>{k.tables.join('、')}</Table.Td>
          <Table.Td>{k.created_at}</Table.Td>
          <Table.Td>{k.last_used_at ?? '-'}</Table.Td>
          <Table.Td>
            <Badge color={k.revoked_at ? 'gray' : 'green'} variant="light">
              {k.revoked_at ? t('ingest.revoked') : t('ingest.active')}
            </Badge>
          </Table.Td>
          <Table.Td>
            {k.revoked_at ? null : (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => p.onRevoke(k)}>
                {t('ingest.revoke')}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
      columns={7}
      pending={p.pending}
      error={p.error}
      emptyText={t('ingest.emptyKeys')}
      loadingLabel={t('ingest.loading')}
    />
  );
}
