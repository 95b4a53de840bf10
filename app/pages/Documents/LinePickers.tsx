/**
 * The line adders of a document being edited: a button per goods picker of the definition (goods,
 * goods multi-picker, favourites, lot stock) and the scan field; what each returns becomes new lines.
 * The pickers with a list are narrowed by the header (a receipt's supplier offers its own goods).
 */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { DocumentFile } from '../../../engine/document/types';
import type { ClientType } from '../../../engine/wire';
import { ScanSearch } from '../../blocks/GoodsSearch';
import { resolvePicker } from '../../blocks/Picker/registry';
import { AnyPicker } from '../../blocks/PickerInput';
import { useLocale, useT } from '../../i18n';
import { linePickers, textOf } from './documents.logic';

export interface LinePickersProps {
  def: DocumentFile;
  client: ClientType;
  onRows: (rows: Record<string, unknown>[]) => void;
  /** what the pickers are narrowed by (the header's supplier) */
  params?: Record<string, string>;
}

export function LinePickers({ def, client, onRows, params }: LinePickersProps) {
  const t = useT();
  const { locale } = useLocale();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Group gap="xs" data-testid="line-pickers">
      {linePickers(def, client).map(({ picker, label }) => {
        const text = label ? textOf(label, locale) : t('documents.page.addGoods');
        return resolvePicker(picker).kind === 'scan' ? (
          <ScanSearch key={picker} size="xs" w={200} onResult={(rows) => onRows(rows as unknown as Record<string, unknown>[])} />
        ) : (
          <Button key={picker} size="xs" variant="light" onClick={() => setOpened(picker)}>
            {text}
          </Button>
        );
      })}
      {opened ? (
        <AnyPicker
          description={resolvePicker(opened)}
          opened
          initialChosen={[]}
          extraParams={params}
          onClose={() => setOpened(null)}
          onConfirm={(rows) => onRows(rows as Record<string, unknown>[])}
        />
      ) : null}
    </Group>
  );
}
