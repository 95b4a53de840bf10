import { useEffect, useState } from 'react';
import { Button, Checkbox, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { publishChoices, STYLE_NAME_MAX, type PrintStyle, type StyleActor, type StyleCustom } from '../../../engine/print/styles';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { useT } from '../../i18n';
import { styleFormProblem } from './print-style.logic';
import type { PrintStyleSource } from './types';

export interface StyleFormDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  source: PrintStyleSource;
  sourceType: number;
  actor: StyleActor;
  /** the style edited; none to add */
  editing?: PrintStyle | null;
}

/** The add/edit style dialog, 680 px (rules 255–257, 269–271). */
export function StyleFormDialog({ opened, onClose, onSaved, source, sourceType, actor, editing }: StyleFormDialogProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const [custom, setCustom] = useState<StyleCustom>(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveKey, renewKey] = useIdempotencyKey();
  const choices = publishChoices(actor, sourceType);

  useEffect(() => {
    if (!opened) return;
    renewKey();
    setName(editing?.report_name ?? '');
    setDescription(editing?.description ?? '');
    setFile(null);
    setIsDefault(editing?.is_default === 1);
    setCustom(editing?.custom ?? 0);
    setError(null);
  }, [opened, editing, renewKey]);

  const takeBuiltModel = async () => {
    try {
      setFile(await source.builtModel(sourceType));
      setError(null);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    }
  };

  const submit = async () => {
    const problem = styleFormProblem({ report_name: name, file, id: editing?.id });
    if (problem) return setError(t(problem));
    setBusy(true);
    try {
      await source.save({ id: editing?.id, report_name: name.trim(), description, source_type: sourceType, is_default: isDefault, custom, file }, saveKey);
      onSaved();
      onClose();
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} size={680} title={t(editing ? 'print.editTitle' : 'print.addTitle')} data-testid="style-form">
      <Stack gap="sm">
        <TextInput size="sm" withAsterisk label={t('print.name')} value={name} maxLength={STYLE_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea size="sm" label={t('print.description')} value={description} maxLength={200} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileInput
            size="sm"
            style={{ flex: 1 }}
            withAsterisk={!editing}
            label={t('print.file')}
            placeholder={editing?.file || t('print.fileHint')}
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            clearable
            data-testid="style-file"
          />
          {/* a store or supplier starts from the product's own layout instead of writing a template by hand */}
          <Button size="sm" variant="light" onClick={takeBuiltModel}>
            {t('print.useBuilt')}
          </Button>
        </Group>
        <Group gap="lg">
          <Checkbox size="sm" label={t('print.isDefault')} checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
          {choices.stores && (
            <Checkbox size="sm" label={t('print.showStore')} checked={custom === 1} onChange={(e) => setCustom(e.currentTarget.checked ? 1 : 0)} />
          )}
          {choices.suppliers && (
            <Checkbox size="sm" label={t('print.showSupplier')} checked={custom === 2} onChange={(e) => setCustom(e.currentTarget.checked ? 2 : 0)} />
          )}
        </Group>
        {error && (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="sm" variant="default" onClick={onClose}>
            {t('print.cancel')}
          </Button>
          <Button size="sm" loading={busy} onClick={submit}>
            {t('print.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
