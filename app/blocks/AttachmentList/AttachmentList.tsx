/**
 * Attachment list (rule 304): up to 5 files of a document, added through the Upload block (its type and
 * size rules, rules 295–302), each previewed or downloaded with the bearer token. Read-only when disabled.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Group, Image, Modal, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_MAX_BYTES, sizeLimit } from '../../../engine/upload';
import { saveBlob } from '../../api/files';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source/BlocksProvider';
import type { AttachmentList as AttachmentAnswer, DocumentAttachment } from '../data-source/document-types';
import { useLoad } from '../data-source/useLoad';
import { Upload } from '../Upload/Upload';
import type { UploadItem, UploadSource } from '../Upload/types';
import { acceptedNames, ATTACHMENT_LIMIT, fileSize, isImage, removedIds, toItems } from './attachmentList.logic';

export interface AttachmentListProps {
  opened: boolean;
  onClose: () => void;
  documentType: string;
  documentNo: string;
  disabled?: boolean;
  /** the saved attachments after every change */
  onChange?: (rows: DocumentAttachment[]) => void;
}

export function AttachmentList({ opened, onClose, documentType, documentNo, disabled = false, onChange }: AttachmentListProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const docs = dataSource.documents;
  const loaded = useLoad<AttachmentAnswer | null>(() => docs.attachments(documentType, documentNo), `${documentType}/${documentNo}/${opened}`, opened, null);
  const saved = loaded.data?.list;
  const [rows, setRows] = useState<DocumentAttachment[]>([]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const blobs = useRef(new Map<string, Promise<Blob>>());

  useEffect(() => {
    setRows(saved ?? []);
    setItems(toItems(saved ?? [], {}));
  }, [saved]);

  const blobOf = (row: DocumentAttachment) => {
    let blob = blobs.current.get(row.id);
    if (!blob) {
      blob = docs.attachmentBlob(row);
      blobs.current.set(row.id, blob);
    }
    return blob;
  };

  // thumbnails of saved files: the app's file URLs need the bearer token, so they are shown as blobs
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    Promise.all((saved ?? []).filter((r) => isImage(r.type)).map(async (r) => [r.id, URL.createObjectURL(await blobOf(r))] as const))
      .then((pairs) => {
        made.push(...pairs.map(([, u]) => u));
        if (live) setItems((cur) => cur.map((i) => ({ ...i, url: i.url || (Object.fromEntries(pairs)[i.save_url] ?? '') })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [saved]);

  const uploadSource = useMemo<UploadSource>(
    () => ({
      upload: async (file, { onProgress }) => {
        const row = await docs.addAttachment(documentType, documentNo, file, onProgress);
        setRows((cur) => {
          const next = [...cur, row];
          onChange?.(next);
          return next;
        });
        return { id: row.id, name: row.name, size: row.size, type: row.type, ext: 'img', url: row.url, save_url: row.id } as const;
      },
    }),
    [docs, documentType, documentNo, onChange],
  );

  const changeItems = (next: UploadItem[]) => {
    for (const id of removedIds(items, next)) {
      docs
        .removeAttachment(documentType, documentNo, id)
        .then(() =>
          setRows((cur) => {
            const kept = cur.filter((r) => r.id !== id);
            onChange?.(kept);
            return kept;
          }),
        )
        .catch((err: Error) => notify(err.message, 'error'));
    }
    setItems(next);
  };

  const open = async (row: DocumentAttachment, download: boolean) => {
    try {
      const blob = await blobOf(row);
      if (download || !isImage(row.type)) saveBlob(blob, row.name);
      else setPreview({ name: row.name, url: URL.createObjectURL(blob) });
    } catch (err) {
      notify((err as Error).message, 'error');
    }
  };

  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };

  const maxBytes = loaded.data?.max_size ?? DEFAULT_MAX_BYTES;
  const maxFiles = loaded.data?.max_files ?? ATTACHMENT_LIMIT;
  const accept = loaded.data?.accept;
  const limit = sizeLimit(maxBytes);
  return (
    <Modal opened={opened} onClose={onClose} title={t('documents.attachments.title')} size={640}>
      <Stack gap="sm">
        <Upload
          value={items}
          onChange={changeItems}
          source={uploadSource}
          kind="img"
          limit={maxFiles}
          maxBytes={maxBytes}
          accept={accept}
          typeMessage={accept ? t('documents.attachments.wrongType', { types: acceptedNames(accept) }) : undefined}
          multiple
          disabled={disabled || !loaded.data}
        />
        {disabled ? null : (
          <Text fz="xs" c="dimmed">
            {t('documents.attachments.count', { limit: maxFiles, size: `${limit.n}${limit.unit}` })}
          </Text>
        )}
        <Table withTableBorder fz="sm" verticalSpacing={6} data-testid="attachment-table">
          <Table.Tbody>
            {rows.length ? (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {fileSize(r.size)}
                  </Table.Td>
                  <Table.Td w={120}>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component="button" fz="sm" onClick={() => open(r, false)} aria-label={`${t('documents.attachments.preview')} ${r.name}`}>
                        {t('documents.attachments.preview')}
                      </Anchor>
                      <Anchor component="button" fz="sm" onClick={() => open(r, true)} aria-label={`${t('documents.attachments.download')} ${r.name}`}>
                        {t('documents.attachments.download')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            ) : (
              <Table.Tr>
                <Table.Td>
                  <Text ta="center" c="dimmed" fz="sm">
                    {t('documents.attachments.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('documents.close')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={!!preview} onClose={closePreview} title={preview?.name} size="lg">
        {preview ? <Image src={preview.url || undefined} alt={preview.name} fit="contain" mah="70vh" /> : null}
      </Modal>
    </Modal>
  );
}
