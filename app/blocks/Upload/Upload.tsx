/**
 * File upload with preview (building blocks §2–§9, rules 295–303): pick, check type and size, upload with
 * progress, delete after confirmation. Controlled: the list lives with the caller.
 */
import { useEffect, useRef } from 'react';
import { ActionIcon, Box, FileButton, Group, Image, Progress, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFile, IconVideo, IconPlus, IconX } from '@tabler/icons-react';
import type { UploadKind } from '../../../engine/shell';
import { DEFAULT_DIRNAME, DEFAULT_MAX_BYTES, DEFAULT_MAX_FILES, sizeLimit, TYPES_BY_KIND } from '../../../engine/upload';
import { useT } from '../../i18n';
import type { UploadItem, UploadSource } from './types';
import { markDone, newItem, pickFiles, removeItem, setProgress } from './upload.logic';

export interface UploadProps {
  value: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  source: UploadSource;
  kind?: UploadKind;
  /** rule 298 */
  limit?: number;
  /** rule 300 */
  maxBytes?: number;
  /** rule 299 */
  multiple?: boolean;
  dirname?: string;
  disabled?: boolean;
  /** thumbnail edge in px */
  size?: number;
  /** mime types taken instead of the kind's */
  accept?: readonly string[];
  /** the refusal of a wrong type when `accept` is given (already translated) */
  typeMessage?: string;
}

let uidSeq = 0;
const nextUid = () => `up-${Date.now().toString(36)}-${(uidSeq++).toString(36)}`;

export function Upload({
  value,
  onChange,
  source,
  kind = 'img',
  limit = DEFAULT_MAX_FILES,
  maxBytes = DEFAULT_MAX_BYTES,
  multiple = false,
  dirname = DEFAULT_DIRNAME,
  disabled = false,
  size = 88,
  accept,
  typeMessage,
}: UploadProps) {
  const t = useT();
  // progress events arrive between renders: always build on the newest list
  const latest = useRef(value);
  latest.current = value;
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const update = (fn: (items: UploadItem[]) => UploadItem[]) => {
    latest.current = fn(latest.current);
    onChange(latest.current);
  };

  const start = (file: File, uid: string) => {
    source
      .upload(file, { kind, dirname, onProgress: (pct) => update((items) => setProgress(items, uid, pct)) })
      .then((saved) => update((items) => markDone(items, uid, saved)))
      .catch((err: Error) => {
        // rule 296: a failed file leaves the list
        update((items) => removeItem(items, uid));
        notifications.show({ color: 'red', message: err?.message || t('shell.upload.failed') });
      });
  };

  const onPick = (picked: File | File[] | null) => {
    const files = picked ? (Array.isArray(picked) ? picked : [picked]) : [];
    const { accepted, refused } = pickFiles(files, latest.current.length, { kind, limit, maxBytes, multiple, accept });
    for (const { reason } of refused.slice(0, 1)) {
      const wrongType = typeMessage ?? t(kind === 'img' ? 'shell.upload.typeImg' : 'shell.upload.typeVideo');
      const message = reason === 'size' ? t('shell.upload.tooLarge', sizeLimit(maxBytes)) : wrongType;
      notifications.show({ color: 'red', message });
    }
    const added = accepted.map((file, k) => {
      const url = URL.createObjectURL(file);
      objectUrls.current.add(url);
      return { ...newItem(file, kind, nextUid(), latest.current.length + k, url), raw: file };
    });
    if (!added.length) return;
    update((items) => [...items, ...added]);
    added.forEach((item) => start(item.raw!, item.uid));
  };

  const confirmDelete = (item: UploadItem) =>
    modals.openConfirmModal({
      title: t('shell.upload.deleteTitle'),
      children: <Text fz="sm">{t('shell.upload.deleteConfirm', { name: item.name })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => update((items) => removeItem(items, item.uid)),
    });

  return (
    <Group gap="xs" align="flex-start" data-testid="upload-block">
      {value.map((item) => (
        <Box
          key={item.uid}
          pos="relative"
          w={size}
          h={size}
          style={{ border: '1px solid var(--hm-border)', borderRadius: 6, overflow: 'hidden', background: 'var(--mantine-color-gray-0)' }}
          data-testid="upload-item"
          data-status={item.status}
        >
          {item.ext === 'img' && item.type.startsWith('image/') ? (
            <Image src={item.url || undefined} alt={item.name} w={size} h={size} fit="cover" />
          ) : (
            <Stack align="center" justify="center" h="100%" gap={2}>
              {item.ext === 'video' ? <IconVideo size={28} /> : <IconFile size={28} />}
              <Text fz={11} truncate maw={size - 8}>
                {item.name}
              </Text>
            </Stack>
          )}
          {item.status === '0' ? (
            <Box pos="absolute" left={4} right={4} bottom={6}>
              <Progress value={item.percentage} size="sm" aria-label={t('shell.upload.uploading')} />
            </Box>
          ) : null}
          {disabled ? null : (
            <Tooltip label={t('shell.upload.delete')} withinPortal>
              <ActionIcon
                pos="absolute"
                top={2}
                right={2}
                size="sm"
                variant="filled"
                color="dark"
                radius="xl"
                aria-label={`${t('shell.upload.delete')} ${item.name}`}
                onClick={() => confirmDelete(item)}
              >
                <IconX size={12} />
              </ActionIcon>
            </Tooltip>
          )}
        </Box>
      ))}
      {!disabled && value.length < limit ? (
        <FileButton onChange={onPick} accept={(accept ?? TYPES_BY_KIND[kind]).join(',')} multiple={multiple}>
          {(props) => (
            <UnstyledButton
              {...props}
              w={size}
              h={size}
              aria-label={t('shell.upload.add')}
              style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 6 }}
            >
              <Stack align="center" justify="center" gap={2} h="100%">
                <IconPlus size={20} color="var(--mantine-color-gray-6)" />
                <Text fz="xs" c="dimmed">
                  {t('shell.upload.add')}
                </Text>
              </Stack>
            </UnstyledButton>
          )}
        </FileButton>
      ) : null}
    </Group>
  );
}
