/**
 * /j-system-ingest (head office): the keys tills and other systems push data with (create, shown
 * once; revoke), and every load, from files or pushed, with its refused rows to download.
 */
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedIngestKey, IngestKeyView, IngestLogEntry } from '../../../engine/ingest';
import { fetchFile, saveBlob } from '../../api/files';
import { apiGet, apiPost } from '../../api/http';
import { useT } from '../../i18n';
import { CreateKeyDialog } from './CreateKeyDialog';
import { IngestKeysCard } from './IngestKeysCard';
import { IngestLogCard } from './IngestLogCard';
import type { NewKey } from './ingest.logic';

const fail = (err: unknown) => notifications.show({ color: 'red', message: (err as Error).message });

const createKey = (key: NewKey, idempotencyKey: string) =>
  apiPost<CreatedIngestKey>('/api/ingest-keys', key, { headers: { 'Idempotency-Key': idempotencyKey } });

async function downloadRejects(id: number): Promise<void> {
  const { blob, name } = await fetchFile(`/api/ingest-log/${id}/rejects`, `rejects-${id}.csv`);
  saveBlob(blob, name);
}

export function IngestPage() {
  const t = useT();
  const client = useQueryClient();
  const keys = useQuery<{ keys: IngestKeyView[]; tables: string[] }>({ queryKey: ['ingest-keys'], queryFn: ({ signal }) => apiGet('/api/ingest-keys', undefined, signal) });
  const log = useQuery<IngestLogEntry[]>({ queryKey: ['ingest-log'], queryFn: ({ signal }) => apiGet('/api/ingest-log', undefined, signal) });
  const [creating, setCreating] = useState(false);
  const revoke = useMutation({
    mutationFn: (id: number) => apiPost(`/api/ingest-keys/${id}/revoke`),
    onError: fail,
    onSettled: () => client.invalidateQueries({ queryKey: ['ingest-keys'] }),
  });
  const askRevoke = (k: IngestKeyView) =>
    modals.openConfirmModal({
      title: t('ingest.revoke'),
      children: <Text fz="sm">{t('ingest.revokeConfirm', { name: k.key_name })}</Text>,
      labels: { confirm: t('ingest.confirm'), cancel: t('ingest.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(k.key_id),
    });

  return (
    <Stack>
      <IngestKeysCard
        keys={keys.data?.keys ?? []}
        pending={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        refreshing={keys.isFetching}
        onRefresh={() => void keys.refetch()}
        onCreate={keys.data ? () => setCreating(true) : null}
        onRevoke={askRevoke}
      />
      <IngestLogCard
        entries={log.data ?? []}
        pending={log.isPending}
        error={log.isError ? log.error.message : null}
        refreshing={log.isFetching}
        onRefresh={() => void log.refetch()}
        onDownload={(id) => void downloadRejects(id).catch(fail)}
      />
      {creating && keys.data ? (
        <CreateKeyDialog
          tables={keys.data.tables}
          onCreate={createKey}
          onClose={() => {
            setCreating(false);
            void client.invalidateQueries({ queryKey: ['ingest-keys'] });
          }}
        />
      ) : null}
    </Stack>
  );
}
