/**
 * 新建密钥: a name and the tables the key may push; once created, its secret shown this once, with copy.
 * The create carries an Idempotency-Key held by the dialog, so a save sent again creates one key.
 */
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { CreatedIngestKey } from '../../../engine/ingest';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import { keyFormErrors, type NewKey } from './ingest.logic';

export interface CreateKeyDialogProps {
  /** the tables a key may be scoped to */
  tables: string[];
  /** sends the create with the dialog's Idempotency-Key */
  onCreate: (key: NewKey, idempotencyKey: string) => Promise<CreatedIngestKey>;
  onClose: () => void;
}

export function CreateKeyDialog({ tables, onCreate, onClose }: CreateKeyDialogProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [idempotencyKey] = useIdempotencyKey();
  const create = useMutation({ mutationFn: () => onCreate({ key_name: name.trim(), tables: chosen }, idempotencyKey) });
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
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('ingest.copied') : t('ingest.copy')}
                </Button>
              )}
            </CopyButton>
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
            // the dialog's buttons sit right under this field: a list opened downwards lay over 取消 and 创建,
            // so a click meant for them picked a table instead and the list stayed open
            comboboxProps={{ position: 'top' }}
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
