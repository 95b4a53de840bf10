/** 数据接入's load log: every load from files or pushed, its tables and rows, status, duration and refused rows. */
import { Badge, Button, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { IngestLogEntry } from '../../../engine/ingest';
import { LogCard } from '../../blocks/LogCard';
import { useT } from '../../i18n';
import { seconds, STATUS_COLOR, tablesLine } from './ingest.logic';

export interface IngestLogCardProps {
  entries: IngestLogEntry[];
  pending: boolean;
  error: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  /** downloads a load's rejects CSV */
  onDownload: (logId: number) => void;
}

export function IngestLogCard(p: IngestLogCardProps) {
  const t = useT();
  return (
    <LogCard
      title={t('ingest.log')}
      crumb={t('ingest.crumb')}
      refreshLabel={t('ingest.refresh')}
      onRefresh={p.onRefresh}
      refreshing={p.refreshing}
      testId="ingest-log"
      head={
        <>
          <Table.Th>{t('ingest.time')}</Table.Th>
          <Table.Th>{t('ingest.source')}</Table.Th>
          <Table.Th>{t('ingest.rows')}</Table.Th>
          <Table.Th ta="right">{t('ingest.accepted')}</Table.Th>
          <Table.Th ta="right">{t('ingest.rejected')}</Table.Th>
          <Table.Th>{t('ingest.status')}</Table.Th>
          <Table.Th ta="right">{t('ingest.duration')}</Table.Th>
          <Table.Th />
        </>
      }
      rows={p.entries.map((e) => (
        <Table.Tr key={e.log_id}>
          <Table.Td>{e.started_at}</Table.Td>
          <Table.Td>{e.source === 'push' ? `${t('ingest.source.push')} · ${e.key_name ?? ''}` : t('ingest.source.file')}</Table.Td>
          <Table.Td>{tablesLine(e.tables)}</Table.Td>
          <Table.Td ta="right">{e.rows_accepted.toLocaleString('zh-CN')}</Table.Td>
          <Table.Td ta="right">{e.rows_rejected.toLocaleString('zh-CN')}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLOR[e.status]} variant="light">
              {t(`ingest.status.${e.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td ta="right">{t('ingest.seconds', { s: seconds(e.duration_ms) })}</Table.Td>
          <Table.Td>
            {e.has_rejects ? (
              <Button size="compact-xs" variant="subtle" leftSection={<IconDownload size={12} />} onClick={() => p.onDownload(e.log_id)}>
                {t('ingest.rejects')}
              </Button>
            ) : null}
          </Table.Td>
        </Table.Tr>
      ))}
      columns={8}
      pending={p.pending}
      error={p.error}
      emptyText={t('ingest.empty')}
      loadingLabel={t('ingest.loading')}
    />
  );
}
