/**
 * The generic list picker dialog: renders a description (filters, table, pager, footer) over the
 * pure transitions of picker.logic. Confirm returns the chosen rows and closes; closing clears filters.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { ListQuery, ListRows, ListSourceId, Page } from '../data-source/types';
import { Pager } from '../Pager';
import { SelectTable } from '../SelectTable';
import { FilterBar } from './FilterBar';
import {
  buildListQuery,
  changePage,
  closePicker,
  confirmPicker,
  keyOfDescription,
  missingRequired,
  openPicker,
  resetPicker,
  searchPicker,
  setFormValue,
  visibleColumns,
  visibleFilters,
  visiblePage,
  type ListPickerState,
} from './picker.logic';
import type { ListPickerDescription } from './picker.types';
import { setManyChosen, toggleChosen } from './selection.logic';

export interface PickerProps<S extends ListSourceId> {
  description: ListPickerDescription<S>;
  opened: boolean;
  onClose: () => void;
  onConfirm: (rows: ListRows[S][]) => void;
  /** rows chosen before (a field's current value) */
  initialChosen?: ListRows[S][];
  /** overrides the description's single/multiple mode */
  multiple?: boolean;
  /** i18n key overriding the description's title (e.g. a variant title) */
  title?: string;
  /** parameters the caller adds (e.g. the group picker's client_no) */
  extraParams?: ListQuery;
}

const EMPTY: Page<never> = { list: [], total: 0 };

export function Picker<S extends ListSourceId>({
  description: desc,
  opened,
  onClose,
  onConfirm,
  initialChosen,
  multiple = desc.multiple,
  title,
  extraParams,
}: PickerProps<S>) {
  type R = ListRows[S];
  const t = useT();
  const { dataSource, session, notify } = useBlocks();
  const [state, setState] = useState<ListPickerState<R>>(() => openPicker<R>(desc, initialChosen));
  const keyOf = keyOfDescription<R>(desc);

  useEffect(() => {
    // a fresh start on every opening; the field's current value is read at that moment only
    if (opened) setState(openPicker<R>(desc, initialChosen));
  }, [opened]);

  const query = buildListQuery(desc, state, session, extraParams);
  const canLoad = opened && missingRequired(desc, state.applied, session) === null;
  const loaded = useLoad<Page<R>>(() => dataSource.list(desc.source, query), JSON.stringify(query), canLoad, EMPTY);
  const page = visiblePage(desc, state, loaded.data);

  const close = () => {
    setState(closePicker<R>(desc));
    onClose();
  };

  const search = () => {
    const result = searchPicker(desc, state, session);
    if (result.ok) setState(result.state);
    else notify(t(result.message), 'warning');
  };

  const confirm = (rows: readonly R[] = state.chosen) => {
    const result = confirmPicker(desc, rows);
    if (!result.ok) {
      notify(t(result.message), 'warning');
      return;
    }
    onConfirm(result.rows);
    close();
  };

  const selectable = desc.selectable as ((row: R) => boolean) | undefined;

  return (
    <Modal opened={opened} onClose={close} title={t(title ?? desc.title)} size={desc.size ?? 900} centered>
      <Stack gap="sm">
        <FilterBar
          filters={visibleFilters(desc, session)}
          values={state.form}
          onChange={(key, value) => setState((s) => setFormValue(s, key, value))}
          onSearch={search}
          onReset={() => setState((s) => resetPicker(desc, s))}
        />
        <SelectTable<R>
          rows={page.list}
          columns={visibleColumns(desc.columns, session)}
          keyOf={keyOf}
          chosen={state.chosen}
          multiple={multiple}
          selectable={selectable}
          loading={loaded.loading}
          onToggle={(row) => setState((s) => ({ ...s, chosen: toggleChosen(s.chosen, row, keyOf, multiple) }))}
          onToggleAll={(rows, checked) => setState((s) => ({ ...s, chosen: setManyChosen(s.chosen, rows, keyOf, checked) }))}
          onRowDoubleClick={multiple ? undefined : (row) => (!selectable || selectable(row)) && confirm([row])}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('blocks.chosenCount', { count: state.chosen.length })}
          </Text>
          <Pager
            page={state.page_num}
            pageSize={state.page_size}
            total={page.total}
            hideSizes={!!desc.localPageSize}
            onRefuse={(m) => notify(m, 'warning')}
            onChange={(p, size) => setState((s) => changePage(s, p, size))}
          />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={close}>
            {t('blocks.cancel')}
          </Button>
          <Button size="xs" onClick={() => confirm()}>
            {t('blocks.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
