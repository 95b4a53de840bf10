/**
 * The goods multi-picker (选择商品): tabs 选择列表 and 已选列表(count), 50 per page, the chosen set kept
 * across pages; at least one item to confirm (rules 368–371).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Tabs, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { CategoryNode, GoodsRow, ListQuery, Page } from '../data-source/types';
import { Pager } from '../Pager';
import { goodsPicker } from '../Picker/descriptions';
import { FilterBar } from '../Picker/FilterBar';
import {
  buildListQuery,
  changePage,
  codeName,
  confirmPicker,
  keyOfDescription,
  openPicker,
  resetPicker,
  searchPicker,
  setFormValue,
  type ListPickerState,
} from '../Picker/picker.logic';
import { removeChosen, setManyChosen, toggleChosen } from '../Picker/selection.logic';
import { SelectTable } from '../SelectTable';

export interface GoodsPickerProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (rows: GoodsRow[]) => void;
  initialChosen?: GoodsRow[];
  /** i18n key of the title (the multi-SKU picker passes its own) */
  title?: string;
  extraParams?: ListQuery;
}

const EMPTY: Page<GoodsRow> = { list: [], total: 0 };
const NO_CATEGORIES: CategoryNode[] = [];

function categoryOptions(nodes: CategoryNode[]): { value: string; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.cate_code, label: codeName(n.cate_code, n.cate_name) }, ...categoryOptions(n.children ?? [])]);
}

export function GoodsPicker({ opened, onClose, onConfirm, initialChosen = [], title, extraParams }: GoodsPickerProps) {
  const desc = goodsPicker;
  const t = useT();
  const { dataSource, session, notify } = useBlocks();
  const keyOf = keyOfDescription<GoodsRow>(desc);
  const [state, setState] = useState<ListPickerState<GoodsRow>>(() => openPicker(desc, initialChosen));
  const [tab, setTab] = useState('1');

  useEffect(() => {
    // filters cleared and the field's value taken afresh on every opening
    if (!opened) return;
    setState(openPicker(desc, initialChosen));
    setTab('1');
  }, [opened]);

  const query = buildListQuery(desc, state, session, extraParams);
  const loaded = useLoad(() => dataSource.list('goods', query), JSON.stringify(query), opened, EMPTY);
  const categories = useLoad(() => dataSource.tree('category', { is_role: '1', fast_show: '1' }), 'categories', opened, NO_CATEGORIES);
  const cateOptions = useMemo(() => categoryOptions(categories.data), [categories.data]);

  const search = () => {
    const result = searchPicker(desc, state, session);
    if (result.ok) setState(result.state);
    else notify(t(result.message), 'warning');
  };

  const confirm = () => {
    const result = confirmPicker(desc, state.chosen);
    if (!result.ok) return notify(t(result.message), 'warning');
    onConfirm(result.rows);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t(title ?? desc.title)} size="80%" centered>
      <Tabs value={tab} keepMounted={false} onChange={(v) => setTab(v ?? '1')}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="1">{t('blocks.picker.tabList')}</Tabs.Tab>
          <Tabs.Tab value="2">{t('blocks.picker.tabChosen', { count: state.chosen.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="1">
          <Stack gap="sm">
            <FilterBar
              filters={desc.filters}
              values={state.form}
              onChange={(key, value) => setState((s) => setFormValue(s, key, value))}
              onSearch={search}
              onReset={() => setState((s) => resetPicker(desc, s))}
            >
              <Select
                size="xs"
                w={200}
                label={t('blocks.filter.category')}
                placeholder={t('blocks.pleaseSelect')}
                searchable
                clearable
                data={cateOptions}
                value={state.form.back_cate_code ?? null}
                onChange={(v) => setState((s) => setFormValue(s, 'back_cate_code', v ?? ''))}
                comboboxProps={{ withinPortal: true }}
              />
            </FilterBar>
            <SelectTable<GoodsRow>
              rows={loaded.data.list}
              columns={desc.columns}
              keyOf={keyOf}
              chosen={state.chosen}
              multiple
              loading={loaded.loading}
              height={380}
              onToggle={(row) => setState((s) => ({ ...s, chosen: toggleChosen(s.chosen, row, keyOf, true) }))}
              onToggleAll={(rows, checked) => setState((s) => ({ ...s, chosen: setManyChosen(s.chosen, rows, keyOf, checked) }))}
            />
            <Group justify="flex-end">
              <Pager
                page={state.page_num}
                pageSize={state.page_size}
                total={loaded.data.total}
                onRefuse={(m) => notify(m, 'warning')}
                onChange={(p, size) => setState((s) => changePage(s, p, size))}
              />
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="2">
          <SelectTable<GoodsRow>
            rows={state.chosen}
            columns={desc.columns}
            keyOf={keyOf}
            chosen={state.chosen}
            multiple
            height={440}
            onToggle={(row) => setState((s) => ({ ...s, chosen: removeChosen(s.chosen, keyOf(row), keyOf) }))}
            onToggleAll={(_rows, checked) => !checked && setState((s) => ({ ...s, chosen: [] }))}
          />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('blocks.chosenCount', { count: state.chosen.length })}
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
