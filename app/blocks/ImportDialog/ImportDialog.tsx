/**
 * Import file (rules 305–309): the template of the import type (GET /api/import/item), one xlsx/xls file of
 * at most 50 MB, then the import runs as a background job and the download hint points to the log page.
 */
import { useEffect, useState } from 'react';
import { Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { saveBlob } from '../../api/files';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source/BlocksProvider';
import type { ImportItem, ImportStarted } from '../data-source/document-types';
import { useLoad } from '../data-source/useLoad';
import { DownloadHint, ImportLogText } from '../DownloadHint';
import { IMPORT_MAX_BYTES, importFileError, importSizeText, SPREADSHEET_TYPES } from './importDialog.logic';

export interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** the import type GET /api/import/item describes */
  importType: string;
  /** sent with the file (e.g. the document the lines go to) */
  params?: Record<string, string>;
  onStarted?: (job: ImportStarted) => void;
}

export function ImportDialog({ opened, onClose, importType, params, onStarted }: ImportDialogProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const docs = dataSource.documents;
  const item = useLoad<ImportItem | null>(() => docs.importItem(importType), importType, opened, null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [hint, setHint] = useState(false);
  const [startKey, renewKey] = useIdempotencyKey();

  useEffect(() => {
    if (opened) setFile(null);
  }, [opened]);
  // one key per file in an opened dialog: starting it again is a repeat, another file a new import
  useEffect(renewKey, [opened, file, renewKey]);

  const maxBytes = item.data?.max_size ?? IMPORT_MAX_BYTES;
  const accept = item.data?.accept ?? SPREADSHEET_TYPES;
  const size = importSizeText(maxBytes);

  const downloadTemplate = async () => {
    if (!item.data) return;
    try {
      saveBlob(await docs.importTemplate(item.data), `${item.data.title}.xlsx`);
    } catch (err) {
      notify((err as Error).message, 'error');
    }
  };

  const submit = async () => {
    const problem = importFileError(file, maxBytes, accept);
    if (problem) {
      notify(t(`documents.import.${problem}`, { size }));
      return;
    }
    setSending(true);
    try {
      const job = await docs.startImport(importType, file!, params, startKey);
      onStarted?.(job);
      setHint(true);
    } catch (err) {
      notify((err as Error).message, 'error');
    } finally {
      setSending(false);
    }
  };

  const closeHint = () => {
    setHint(false);
    onClose();
  };

  return (
    <>
      <Modal opened={opened && !hint} onClose={onClose} title={item.data?.title ?? t('documents.import.title')} size={520}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              {t('documents.import.templateHint')}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={downloadTemplate} disabled={!item.data}>
              {t('documents.import.template')}
            </Button>
          </Group>
          <Group gap="xs">
            <FileButton onChange={setFile} accept={[...accept, '.xlsx', '.xls'].join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconFileSpreadsheet size={14} />}>
                  {t('documents.import.pick')}
                </Button>
              )}
            </FileButton>
            <Text fz="sm" data-testid="import-file-name" c={file ? undefined : 'dimmed'}>
              {file?.name ?? t('documents.import.noFile')}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed">
            {t('documents.import.limits', { size })}
          </Text>
          {item.data?.notes ? (
            <Text fz="xs" c="dimmed">
              {item.data.notes}
            </Text>
          ) : null}
          <ImportLogText messageKey="documents.import.logHint" onNavigate={onClose} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" loading={sending} onClick={submit}>
              {t('documents.import.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DownloadHint opened={hint} onClose={closeHint} titleKey="documents.import.hintTitle" messageKey="documents.import.hint" />
    </>
  );
}
