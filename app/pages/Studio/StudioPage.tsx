/**
 * The report studio (/studio; HQ, permission "studio"): datasets and reports on the left; the open
 * definition in the schema form with its raw JSON, the live preview, and a saved report's versions.
 */
import { useState } from 'react';
import { Badge, Button, Card, FileButton, Grid, Group, NavLink, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReportFile } from '../../../engine/definition/types';
import type { StudioReportSummary } from '../../../engine/studio/wire';
import { useLocale, useT } from '../../i18n';
import { saveBlob } from '../../api/files';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { NewReportModal } from './NewReportModal';
import { PreviewPanel } from './PreviewPanel';
import { pointerTitle, ReportEditor } from './ReportEditor';
import { SaveAsModal } from './SaveAsModal';
import { studioApi } from './studio-api';
import { copyAsNew, datasetLabel, parseJsonText } from './studio.logic';
import { useStudio } from './useStudio';
import { VersionsPanel } from './VersionsPanel';

const fail = (err: unknown) => notifications.show({ color: 'red', message: (err as Error).message });

export function StudioPage() {
  const t = useT();
  const lang = useLocale().locale === 'en-US' ? 'en' : 'zh';
  const studio = useStudio();
  const { open, setOpen } = studio;
  const [creating, setCreating] = useState(false);
  const [savingAs, setSavingAs] = useState(false);
  // the JSON tab's text that does not parse: the draft is not what it shows, so it is not saved
  const [jsonError, setJsonError] = useState<string | null>(null);
  const canSave = studio.canSave && jsonError === null;
  // the open draft's key until it is first saved
  const [createKey, renewCreateKey] = useIdempotencyKey();
  const openDraft = (next: Parameters<typeof setOpen>[0]) => {
    renewCreateKey();
    setJsonError(null);
    setOpen(next);
  };
  const list = studio.reports.data;
  const datasets = studio.datasets.data ?? [];
  const nextId = list?.next_id ?? 100001;

  const openReport = async (summary: StudioReportSummary) => {
    try {
      const detail = await studioApi.detail(summary.id);
      openDraft({ draft: detail.report as unknown as Record<string, unknown>, savedId: summary.shipped ? null : summary.id, shipped: summary.shipped });
    } catch (err) {
      fail(err);
    }
  };

  const save = async () => {
    if (!open) return;
    try {
      const saved = open.savedId ? await studioApi.update(open.savedId, open.draft) : await studioApi.create(open.draft, createKey);
      setOpen({ draft: { ...open.draft, id: saved.id }, savedId: saved.id, shipped: false });
      await studio.refreshLists(saved.id);
      notifications.show({ color: 'green', message: t('studio.saved', { version: saved.version }) });
    } catch (err) {
      fail(err);
    }
  };

  const revert = async (version: number) => {
    if (!open?.savedId) return;
    try {
      const saved = await studioApi.revert(open.savedId, version);
      const detail = await studioApi.detail(saved.id);
      openDraft({ draft: detail.report as unknown as Record<string, unknown>, savedId: saved.id, shipped: false });
      await studio.refreshLists(saved.id);
      notifications.show({ color: 'green', message: t('studio.reverted', { version, saved: saved.version }) });
    } catch (err) {
      fail(err);
    }
  };

  const remove = () => {
    if (!open?.savedId) return;
    const id = open.savedId;
    modals.openConfirmModal({
      title: t('studio.delete'),
      children: <Text size="sm">{t('studio.deleteConfirm', { title: draftTitle(open.draft, lang) || id })}</Text>,
      labels: { confirm: t('studio.delete'), cancel: t('studio.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await studioApi.remove(id);
          openDraft(null);
          await studio.refreshLists(id);
          notifications.show({ color: 'green', message: t('studio.deleted') });
        } catch (err) {
          fail(err);
        }
      },
    });
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    const parsed = parseJsonText(await file.text());
    if (parsed.error !== null) return fail(new Error(t('studio.importInvalid')));
    try {
      const saved = await studioApi.create(parsed.value);
      await studio.refreshLists(saved.id);
      const detail = await studioApi.detail(saved.id);
      openDraft({ draft: detail.report as unknown as Record<string, unknown>, savedId: saved.id, shipped: false });
      notifications.show({ color: 'green', message: t('studio.imported', { id: saved.id }) });
    } catch (err) {
      fail(err);
    }
  };

  const exportFile = async () => {
    if (!open?.savedId) return;
    try {
      saveBlob(await studioApi.exportFile(open.savedId), `${open.savedId}.json`);
    } catch (err) {
      fail(err);
    }
  };

  const dataset = datasets.find((d) => d.id === open?.draft.dataset);
  const summaries = list?.reports ?? [];
  const own = summaries.filter((r) => !r.shipped);
  const shipped = summaries.filter((r) => r.shipped);
  const item = (r: StudioReportSummary) => (
    <NavLink
      key={r.id}
      data-testid={`studio-report-${r.id}`}
      active={open?.draft.id === r.id && (r.shipped ? open.shipped : !open.shipped)}
      label={`${r.id} ${r.title[lang]}`}
      description={r.shipped ? r.dataset_title?.[lang] || datasetLabel(datasets, r.dataset, lang) : `v${r.version} · ${r.updated_by ?? ''}`}
      onClick={() => openReport(r)}
      py={2}
    />
  );

  return (
    <Stack gap="sm" data-testid="studio-page">
      <Group justify="space-between">
        <Title order={4}>{t('studio.title')}</Title>
        <Group gap="xs">
          <FileButton onChange={importFile} accept="application/json">
            {(props) => (
              <Button size="xs" variant="default" {...props}>
                {t('studio.importFile')}
              </Button>
            )}
          </FileButton>
          <Button size="xs" onClick={() => setCreating(true)} data-testid="studio-new-open">
            {t('studio.newFromDataset')}
          </Button>
        </Group>
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card p="xs">
            <Tabs defaultValue="reports">
              <Tabs.List>
                <Tabs.Tab value="reports">{t('studio.reports')}</Tabs.Tab>
                <Tabs.Tab value="datasets">{t('studio.datasets')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="reports">
                <ScrollArea.Autosize mah={640}>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('studio.own')}
                  </Text>
                  {own.map(item)}
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('studio.shipped')}
                  </Text>
                  {shipped.map(item)}
                </ScrollArea.Autosize>
              </Tabs.Panel>
              <Tabs.Panel value="datasets">
                <ScrollArea.Autosize mah={640}>
                  {datasets.map((d) => (
                    <NavLink
                      key={d.id}
                      label={d.title[lang]}
                      description={`${d.id} · ${d.dimensions.length} / ${d.measures.length}`}
                      onClick={() => setCreating(true)}
                      py={2}
                    />
                  ))}
                </ScrollArea.Autosize>
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {!open ? (
            <Card>
              <Text size="sm" c="dimmed">
                {t('studio.empty')}
              </Text>
            </Card>
          ) : (
            <Stack gap="sm">
              <Card>
                <Group justify="space-between" mb="xs">
                  <Group gap="xs">
                    <Text fw={600}>{draftTitle(open.draft, lang)}</Text>
                    <Badge size="sm" variant="light">
                      {String(open.draft.id)}
                    </Badge>
                    {open.shipped && <Badge size="sm" color="gray">{t('studio.shipped')}</Badge>}
                  </Group>
                  <Group gap="xs">
                    {open.shipped ? (
                      <Button size="xs" variant="light" onClick={() => setSavingAs(true)} data-testid="studio-save-as-open">
                        {t('studio.copyAsNew')}
                      </Button>
                    ) : (
                      <Button size="xs" disabled={!canSave} onClick={save} data-testid="studio-save">
                        {t('studio.save')}
                      </Button>
                    )}
                    {open.savedId && (
                      <>
                        <Button size="xs" variant="default" onClick={exportFile}>
                          {t('studio.exportFile')}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={remove} data-testid="studio-delete">
                          {t('studio.delete')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Group>
                {open.shipped && (
                  <Text size="xs" c="dimmed" mb="xs">
                    {t('studio.readOnly')}
                  </Text>
                )}
                <ReportEditor
                  key={`${open.shipped}-${String(open.savedId)}`}
                  draft={open.draft}
                  onChange={(draft) => setOpen({ ...open, draft })}
                  onJsonError={setJsonError}
                  errors={studio.errors}
                  context={{ dataset, datasets, lang }}
                  readOnly={open.shipped}
                />
              </Card>
              {!open.shipped && (
                <Card data-testid="studio-preview-card">
                  <PreviewPanel draft={open.draft as unknown as ReportFile} disabled={studio.errors.length > 0} />
                </Card>
              )}
              {open.savedId && studio.versions.data && (
                <Card>
                  <Text fw={600} size="sm" mb="xs">
                    {t('studio.versions')}
                  </Text>
                  <VersionsPanel versions={studio.versions.data} onRevert={revert} describe={(pointer) => pointerTitle(pointer, open.draft, { dataset, lang })} />
                </Card>
              )}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      {open?.shipped && (
        <SaveAsModal
          key={String(open.draft.id)}
          opened={savingAs}
          from={open.draft.title as ReportFile['title']}
          onClose={() => setSavingAs(false)}
          onConfirm={(title) => {
            setSavingAs(false);
            openDraft({ draft: copyAsNew(open.draft as unknown as ReportFile, nextId, title) as unknown as Record<string, unknown>, savedId: null, shipped: false });
          }}
        />
      )}
      <NewReportModal
        opened={creating}
        onClose={() => setCreating(false)}
        datasets={datasets}
        nextId={nextId}
        onCreate={(report) => {
          setCreating(false);
          openDraft({ draft: report as unknown as Record<string, unknown>, savedId: null, shipped: false });
        }}
      />
    </Stack>
  );
}

/** A draft's title in the analyst's language, the Chinese one while the English is still empty. */
function draftTitle(draft: Record<string, unknown>, lang: 'zh' | 'en'): string {
  const title = draft.title as { zh?: string; en?: string } | undefined;
  return (title?.[lang] || title?.zh || '').trim();
}
