/** /j-system-dayclose (head office): how far the tenant's daily close has come and how each day's close went. */
import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CloseStatus, DayCloseView } from '../../../engine/day-close';
import { apiGet } from '../../api/http';
import { LogCard } from '../../blocks/LogCard';
import { useT } from '../../i18n';
import { closeSummary, formatDuration } from './dayClose.logic';

const STATUS_COLOR: Record<CloseStatus, string> = { running: 'blue', done: 'green', failed: 'red' };
const count = (n: number | null) => (n === null ? '-' : n.toLocaleString('zh-CN'));

export function DayClosePage() {
  const t = useT();
  const query = useQuery<DayCloseView>({
    queryKey: ['day-close'],
    queryFn: ({ signal }) => apiGet('/api/day-close', undefined, signal),
    // a close under way moves: poll while one runs
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'running') ? 3000 : false),
  });
  const summary = closeSummary(query.data?.state ?? null, t);

  return (
    <LogCard
      title={t('dayClose.title')}
      crumb={t('dayClose.crumb')}
      refreshLabel={t('dayClose.refresh')}
      onRefresh={() => query.refetch()}
      refreshing={query.isFetching}
      lead={
        query.data ? (
          <Text fz="sm" c={summary.color} mb="sm" data-testid="day-close-summary">
            {summary.text}
          </Text>
        ) : null
      }
      testId="day-close-table"
      head={
        <>
          <Table.Th>{t('dayClose.day')}</Table.Th>
          <Table.Th>{t('dayClose.status')}</Table.Th>
          <Table.Th>{t('dayClose.startedAt')}</Table.Th>
          <Table.Th ta="right">{t('dayClose.duration')}</Table.Th>
          <Table.Th ta="right">{t('dayClose.archived')}</Table.Th>
          <Table.Th ta="right">{t('dayClose.daily')}</Table.Th>
          <Table.Th ta="right">{t('dayClose.attempts')}</Table.Th>
          <Table.Th>{t('dayClose.message')}</Table.Th>
        </>
      }
      rows={(query.data?.list ?? []).map((r) => (
        <Table.Tr key={r.biz_date}>
          <Table.Td>{r.biz_date}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLOR[r.status]} variant="light">
              {t(`dayClose.status.${r.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{r.started_at}</Table.Td>
          <Table.Td ta="right">{formatDuration(r.duration_ms, t)}</Table.Td>
          <Table.Td ta="right">{count(r.rows_archived)}</Table.Td>
          <Table.Td ta="right">{count(r.rows_daily)}</Table.Td>
          <Table.Td ta="right">{r.attempts}</Table.Td>
          <Table.Td>
            <Text fz="xs" c={r.status === 'failed' ? 'red' : 'dimmed'}>
              {r.message ?? ''}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
      columns={8}
      pending={query.isPending}
      error={query.isError ? query.error.message : null}
      emptyText={t('dayClose.empty')}
      loadingLabel={t('dayClose.loading')}
    />
  );
}
