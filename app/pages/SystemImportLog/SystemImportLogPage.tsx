/** /j-system-leadingin (rule 29): the account's import and export jobs with status, progress and download. */
import { useState } from 'react';
import { Badge, Button, Group, Pagination, Progress, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { apiGet } from '../../api/http';
import { LogCard } from '../../blocks/LogCard';
import { useT } from '../../i18n';
import { downloadJobFile } from './download';

interface Job {
  job_id: string;
  kind: string;
  title: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  row_count: number;
  file_name: string;
  /** an import's note (e.g. why it wrote nothing) or a failure's reason */
  error: string | null;
  /** every finished export has a file; an import only when it left an error list */
  has_file: boolean;
  created_at: string;
  finished_at: string | null;
}

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<Job['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

export function SystemImportLogPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<string | null>(null);
  const query = useQuery<{ list: Job[]; total: number }>({
    queryKey: ['jobs', page],
    queryFn: ({ signal }) => apiGet('/api/jobs', { page_num: page, page_size: PAGE_SIZE }, signal),
    // unfinished jobs move: poll while any is queued or running
    refetchInterval: (q) => (q.state.data?.list.some((j) => j.status === 'queued' || j.status === 'running') ? 2000 : false),
  });
  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;

  const download = async (job: Job) => {
    setDownloading(job.job_id);
    try {
      await downloadJobFile(job.job_id, job.file_name);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message || t('shell.jobs.downloadFailed') });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <LogCard
      title={t('shell.jobs.title')}
      crumb={t('shell.jobs.crumb')}
      refreshLabel={t('shell.jobs.refresh')}
      onRefresh={() => query.refetch()}
      refreshing={query.isFetching}
      testId="jobs-table"
      head={
        <>
          <Table.Th>{t('shell.jobs.name')}</Table.Th>
          <Table.Th>{t('shell.jobs.kind')}</Table.Th>
          <Table.Th>{t('shell.jobs.status')}</Table.Th>
          <Table.Th w={180}>{t('shell.jobs.progress')}</Table.Th>
          <Table.Th ta="right">{t('shell.jobs.rows')}</Table.Th>
          <Table.Th>{t('shell.jobs.created')}</Table.Th>
          <Table.Th>{t('shell.jobs.finished')}</Table.Th>
          <Table.Th>{t('shell.jobs.actions')}</Table.Th>
        </>
      }
      rows={list.map((job) => (
        <Table.Tr key={job.job_id}>
          <Table.Td>
            {job.title}
            {job.error ? (
              <Text fz="xs" c={job.status === 'failed' ? 'red' : 'orange'} data-testid="job-note">
                {job.error}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{t(`shell.jobs.kind.${job.kind === 'import' ? 'import' : 'export'}`)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLOR[job.status]} variant="light">
              {t(`shell.jobs.status.${job.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Progress value={job.progress} size="sm" style={{ flex: 1 }} color={job.status === 'failed' ? 'red' : undefined} aria-label={t('shell.jobs.progress')} />
              <Text fz="xs" w={34} ta="right">
                {job.progress}%
              </Text>
            </Group>
          </Table.Td>
          <Table.Td ta="right">{job.row_count?.toLocaleString('zh-CN') ?? '-'}</Table.Td>
          <Table.Td>{job.created_at}</Table.Td>
          <Table.Td>{job.finished_at ?? '-'}</Table.Td>
          <Table.Td>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconDownload size={12} />}
              disabled={!job.has_file}
              loading={downloading === job.job_id}
              onClick={() => download(job)}
            >
              {t('shell.jobs.download')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
      columns={8}
      pending={query.isPending}
      error={query.isError ? query.error.message : null}
      emptyText={t('shell.jobs.empty')}
      loadingLabel={t('shell.jobs.loading')}
      footer={
        total > PAGE_SIZE ? (
          <Group justify="flex-end" mt="sm">
            <Pagination size="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
          </Group>
        ) : null
      }
    />
  );
}
