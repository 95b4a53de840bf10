/** The favourites picker: folders on the left, their goods (10 per page) on the right, chosen across folders. */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { FavoriteFolderRow, FavoriteSkuRow, Page } from '../data-source/types';
import { Pager } from '../Pager';
import { confirmPicker } from '../Picker/picker.logic';
import type { PickerColumn } from '../Picker/picker.types';
import { fieldKey, setManyChosen, toggleChosen } from '../Picker/selection.logic';
import { SelectTable } from '../SelectTable';
import { FAVORITES_EMPTY_MESSAGE, FOLDER_QUERY, favoriteSkuQuery } from './favorites.logic';

export interface FavoritesPickerProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (rows: FavoriteSkuRow[]) => void;
  /** also load each item's order group */
  withOrderGroup?: boolean;
}

const NO_FOLDERS: Page<FavoriteFolderRow> = { list: [], total: 0 };
const NO_SKUS: Page<FavoriteSkuRow> = { list: [], total: 0 };
const keyOf = fieldKey<FavoriteSkuRow>('sku_no');

const COLUMNS: PickerColumn<FavoriteSkuRow>[] = [
  { key: 'sku_no', label: 'blocks.col.sku_no', width: 100 },
  { key: 'sku_name', label: 'blocks.col.sku_name' },
  { key: 'barcode', label: 'blocks.col.barcode', width: 130 },
  { key: 'sale_unit_show', label: 'blocks.col.sale_unit_text', width: 80 },
  { key: 'selling_price', label: 'blocks.col.selling_price', width: 90, format: 'money' },
];

export function FavoritesPicker({ opened, onClose, onConfirm, withOrderGroup = false }: FavoritesPickerProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<FavoriteSkuRow[]>([]);

  useEffect(() => {
    if (!opened) return;
    setFolderId(null);
    setPageNum(1);
    setChosen([]);
  }, [opened]);

  const folders = useLoad(() => dataSource.list('favorite_folder', FOLDER_QUERY), 'folders', opened, NO_FOLDERS);
  const activeFolder = folderId ?? folders.data.list[0]?.id ?? null;
  const query = activeFolder === null ? null : favoriteSkuQuery(activeFolder, pageNum, withOrderGroup);
  const skus = useLoad(() => dataSource.list('favorite_sku', query!), JSON.stringify(query), opened && query !== null, NO_SKUS);
  const columns = withOrderGroup ? [...COLUMNS, { key: 'dorder_group_name', label: 'blocks.col.dorder_group_name', width: 110 }] : COLUMNS;

  const confirm = () => {
    const result = confirmPicker({ emptyMessage: FAVORITES_EMPTY_MESSAGE }, chosen);
    if (!result.ok) return notify(t(result.message), 'warning');
    onConfirm(result.rows);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('blocks.title.favorites')} size={1000} centered>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ScrollArea w={200} h={440} type="auto">
          {folders.data.list.map((f) => (
            <NavLink
              key={f.id}
              label={f.favorite_name}
              leftSection={<IconFolder size={14} />}
              active={f.id === activeFolder}
              onClick={() => {
                setFolderId(f.id);
                setPageNum(1);
              }}
            />
          ))}
        </ScrollArea>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <SelectTable<FavoriteSkuRow>
            rows={skus.data.list}
            columns={columns}
            keyOf={keyOf}
            chosen={chosen}
            multiple
            loading={skus.loading || folders.loading}
            height={400}
            onToggle={(row) => setChosen((c) => toggleChosen(c, row, keyOf, true))}
            onToggleAll={(rows, checked) => setChosen((c) => setManyChosen(c, rows, keyOf, checked))}
          />
          <Group justify="flex-end">
            <Pager page={pageNum} pageSize={10} total={skus.data.total} hideSizes onRefuse={(m) => notify(m, 'warning')} onChange={(p) => setPageNum(p)} />
          </Group>
        </Stack>
      </Group>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('blocks.chosenCount', { count: chosen.length })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onClose}>
            {t('blocks.cancel')}
          </Button>
          <Button size="xs" onClick={confirm}>
            {t('blocks.confirm')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
