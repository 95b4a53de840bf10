/**
 * The line adders of a document being edited: a button per goods picker of the definition (goods,
 * goods multi-picker, favourites, lot stock) and the scan field; what each returns becomes new lines.
 * The pickers with a list are narrowed by the header (a receipt's supplier offers its own goods, lot
 * stock is the chosen store's); one that waits for a header field says so instead of opening empty.
 */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { DocumentFile } from '../../../engine/document/types';
import type { ClientType } from '../../../engine/wire';
import { useBlocks } from '../../blocks/data-source/BlocksProvider';
import { ScanSearch } from '../../blocks/GoodsSearch';
import { resolvePicker } from '../../blocks/Picker/registry';
import { AnyPicker } from '../../blocks/PickerInput';
import { useLocale, useT } from '../../i18n';
import { linePickers, textOf } from './documents.logic';

export interface LinePickersProps {
  def: DocumentFile;
  client: ClientType;
  onRows: (rows: Record<string, unknown>[]) => void;
  /** what the pickers are narrowed by (the header's supplier and store) */
  params?: Record<string, string>;
  /** what a picker waits for (请先选择门店), or null when it can open */
  waitsFor?: (picker: string) => string | null;
}

export function LinePickers({ def, client, onRows, params, waitsFor }: LinePickersProps) {
  const t = useT();
  const { notify } = useBlocks();
  const { locale } = useLocale();
  const [opened, setOpened] = useState<string | null>(null);
  const open = (picker: string) => {
    const waiting = waitsFor?.(picker);
    if (waiting) notify(waiting);
    else setOpened(picker);
  };
  return (
    <Group gap="xs" data-testid="line-pickers">
      {linePickers(def, client).map(({ picker, label }) => {
        const text = label ? textOf(label, locale) : t('documents.page.addGoods');
        return resolvePicker(picker).kind === 'scan' ? (
          <ScanSearch key={picker} size="xs" w={200} onResult={(rows) => onRows(rows as unknown as Record<string, unknown>[])} />
        ) : (
          <Button key={picker} size="xs" variant="light" onClick={() => open(picker)}>
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
