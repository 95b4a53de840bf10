/**
 * /j-system-ingest (head office): the keys tills and other systems push data with (create, shown
 * once; revoke), and every load, from files or pushed, with its refused rows to download.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedIngestKey, IngestKeyView, IngestLogEntry } from '../../../engine/ingest';
import { fetchFile, saveBlob } from '../../api/files';
import { apiGet, apiPost } from '../../api/http';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { LogCard } from '../../blocks/LogCard';
import { useT } from '../../i18n';
import { keyFormErrors, STATUS_COLOR, tablesLine } from './ingest.logic';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export function IngestPage() {
  const t = useT();
  const client = useQueryClient();
  const keys = useQuery<{ keys: IngestKeyView[]; tables: string[] }>({ queryKey: ['ingest-keys'], queryFn: ({ signal }) => apiGet('/api/ingest-keys', undefined, signal) });
  const log = useQuery<IngestLogEntry[]>({ queryKey: ['ingest-log'], queryFn: ({ signal }) => apiGet('/api/ingest-log', undefined, signal) });
  const [creating, setCreating] = useState(false);
  const revoke = useMutation({
    mutationFn: (id: number) => apiPost(`/api/ingest-keys/${id}/revoke`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ingest-keys'] }),
  });
  const askRevoke = (k: IngestKeyView) =>
    modals.openConfirmModal({
      title: t('ingest.revoke'),
      children: <Text fz="sm">{t('ingest.revokeConfirm', { name: k.key_name })}</Text>,
      labels: { confirm: t('ingest.confirm'), cancel: t('ingest.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(k.key_id),
    });
  const download = async (id: number) => {
    const { blob, name } = await fetchFile(`/api/ingest-log/${id}/rejects`, `rejects-${id}.csv`);
    saveBlob(blob, name);
  };

  return (
    <Stack>
      <LogCard
        title={t('ingest.keys')}
        crumb={t('ingest.crumb')}
        refreshLabel={t('ingest.refresh')}
        onRefresh={() => keys.refetch()}
        refreshing={keys.isFetching}
        lead={
          <Group mb="sm">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)} disabled={!keys.data}>
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
        rows={(keys.data?.keys ?? []).map((k) => (
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
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => askRevoke(k)}>
                  {t('ingest.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
        columns={7}
        pending={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        emptyText={t('ingest.emptyKeys')}
        loadingLabel={t('ingest.loading')}
      />
      <LogCard
        title={t('ingest.log')}
        crumb={t('ingest.crumb')}
        refreshLabel={t('ingest.refresh')}
        onRefresh={() => log.refetch()}
        refreshing={log.isFetching}
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
        rows={(log.data ?? []).map((e) => (
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
                <Button size="compact-xs" variant="subtle" leftSection={<IconDownload size={12} />} onClick={() => void download(e.log_id)}>
                  {t('ingest.rejects')}
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
        columns={8}
        pending={log.isPending}
        error={log.isError ? log.error.message : null}
        emptyText={t('ingest.empty')}
        loadingLabel={t('ingest.loading')}
      />
      {creating && keys.data ? (
        <CreateKeyDialog
          tables={keys.data.tables}
          onClose={() => {
            setCreating(false);
            void client.invalidateQueries({ queryKey: ['ingest-keys'] });
          }}
        />
      ) : null}
    </Stack>
  );
}

function CreateKeyDialog({ tables, onClose }: { tables: string[]; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [key] = useIdempotencyKey();
  const create = useMutation({
    mutationFn: () => apiPost<CreatedIngestKey>('/api/ingest-keys', { key_name: name.trim(), tables: chosen }, { headers: { 'Idempotency-Key': key } }),
  });
  const errors = keyFormErrors(name, chosen);
  const submit = () => {
    setTried(true);
    if (!errors.name && !errors.tables) create.mutate();
  };
  const created = create.data;
  return (
    <Modal opened onClose={onClose} title={t('ingest.create')} size="lg">
      {created ? (
        <Stack>
          <Text fz="sm">{t('ingest.secretOnce')}</Text>
          <Code block data-testid="ingest-secret">
            {created.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created.secret}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? t('ingest.copied') : t('ingest.copy')}</Button>}</CopyButton>
            <Button onClick={onClose}>{t('ingest.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            label={t('ingest.name')}
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={tried && errors.name ? t(`ingest.${errors.name}`) : null}
          />
          <MultiSelect
            label={t('ingest.tables')}
            withAsterisk
            searchable
            data={tables}
            value={chosen}
            onChange={setChosen}
            error={tried && errors.tables ? t(`ingest.${errors.tables}`) : null}
          />
          {create.isError ? <Alert color="red">{create.error.message}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ingest.cancel')}
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              {t('ingest.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
