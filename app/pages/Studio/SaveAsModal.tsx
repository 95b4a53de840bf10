/** 另存为新报表: a copy of the open report needs a name of its own before it becomes a draft. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { I18nText } from '../../../engine/definition/types';
import { I18nTextInput, type I18nValue } from '../../blocks/I18nTextInput';
import { useT } from '../../i18n';

export interface SaveAsModalProps {
  opened: boolean;
  /** the name of the report copied: the new one must differ */
  from: I18nText;
  onClose: () => void;
  onConfirm: (title: I18nText) => void;
}

export function SaveAsModal({ opened, from, onClose, onConfirm }: SaveAsModalProps) {
  const t = useT();
  const [title, setTitle] = useState<I18nValue>({});
  const zh = title.zh?.trim() ?? '';
  const en = title.en?.trim() ?? '';
  const same = zh === from.zh;
  const ready = !!zh && !!en && !same;
  return (
    <Modal opened={opened} onClose={onClose} title={t('studio.copyAsNew')} size="md">
      <Stack gap="xs" data-testid="studio-save-as">
        <Text size="xs" c="dimmed">
          {t('studio.saveAsHint', { title: from.zh })}
        </Text>
        <I18nTextInput
          label={t('studio.newTitle')}
          value={title}
          onChange={setTitle}
          required
          errors={{ zh: same && zh ? t('studio.sameTitle') : undefined }}
        />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('studio.cancel')}
          </Button>
          <Button size="xs" disabled={!ready} onClick={() => onConfirm({ zh, en })} data-testid="studio-save-as-confirm">
            {t('studio.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
