/** The multi-store picker (选择门店): search and add stores as chips; duplicates refused; first 7 chips shown. */
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { Page, StoreRow } from '../data-source/types';
import { codeName, confirmPicker } from '../Picker/picker.logic';
import { addStore, chipView, removeStore, storeSearchQuery } from './multiStore.logic';

export interface MultiStorePickerProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (stores: StoreRow[]) => void;
  initialChosen?: StoreRow[];
}

const NO_STORES: Page<StoreRow> = { list: [], total: 0 };

export function MultiStorePicker({ opened, onClose, onConfirm, initialChosen = [] }: MultiStorePickerProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const [chosen, setChosen] = useState<StoreRow[]>(initialChosen);
  const [expanded, setExpanded] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);

  useEffect(() => {
    if (!opened) return;
    setChosen(initialChosen);
    setExpanded(false);
    setSearch('');
  }, [opened]);

  const query = storeSearchQuery(debounced);
  const stores = useLoad(() => dataSource.list('store', query), JSON.stringify(query), opened, NO_STORES);
  const view = chipView(chosen, expanded);

  const add = (storeNo: string | null) => {
    const store = stores.data.list.find((s) => s.store_no === storeNo);
    if (!store) return;
    const result = addStore(chosen, store);
    if (result.ok) setChosen(result.chosen);
    else notify(t(result.message), 'warning');
    setSearch('');
  };

  const confirm = () => {
    const result = confirmPicker({ emptyMessage: 'blocks.picker.emptyRecordData' }, chosen);
    if (!result.ok) return notify(t(result.message), 'warning');
    onConfirm(result.rows);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('blocks.title.multiStore')} size={640} centered>
      <Stack gap="sm">
        <Select
          size="xs"
          searchable
          aria-label={t('blocks.multiStore.searchPlaceholder')}
          placeholder={t('blocks.multiStore.searchPlaceholder')}
          searchValue={search}
          onSearchChange={setSearch}
          value={null}
          onChange={add}
          filter={({ options }) => options}
          data={stores.data.list.map((s) => ({ value: s.store_no, label: codeName(s.store_no, s.store_name) }))}
          nothingFoundMessage={t('blocks.empty')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap={6} mih={60} align="flex-start" data-testid="store-chips">
          {chosen.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('blocks.multiStore.none')}
            </Text>
          )}
          {view.shown.map((s) => (
            <Badge
              key={s.store_no}
              variant="light"
              tt="none"
              size="lg"
              rightSection={
                <IconX size={12} style={{ cursor: 'pointer' }} aria-label={`remove ${s.store_no}`} onClick={() => setChosen((c) => removeStore(c, s.store_no))} />
              }
            >
              {codeName(s.store_no, s.store_name)}
            </Badge>
          ))}
          {view.toggle && (
            <Button size="compact-xs" variant="subtle" onClick={() => setExpanded((e) => !e)}>
              {expanded ? t('blocks.collapse') : `${t('blocks.expand')} +${view.hidden}`}
            </Button>
          )}
        </Group>
        <Group justify="space-between">
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
      </Stack>
    </Modal>
  );
}
