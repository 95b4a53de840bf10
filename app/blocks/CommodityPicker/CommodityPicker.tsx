/**
 * The commodity picker (选择商品 / 批次库存查询): a list tab and a chosen tab, the chosen set kept across
 * pages; filters cleared on opening; double-click orders one row unless refused (rules 354–367).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useT } from '../../i18n';
import { useBlocks, useLoad } from '../data-source';
import type { CategoryNode, CommodityRow, ListQuery, Page } from '../data-source/types';
import { Pager } from '../Pager';
import { FilterBar, FILTER_MAXLENGTH } from '../Picker/FilterBar';
import { codeName, confirmPicker } from '../Picker/picker.logic';
import { removeChosen, setManyChosen, toggleChosen } from '../Picker/selection.logic';
import { SelectTable } from '../SelectTable';
import {
  assertCommodityType,
  buildCommodityQuery,
  commodityColumns,
  commodityKey,
  commodityTitle,
  COMMODITY_PAGE_SIZE,
  isSelectableRow,
  orderRefusal,
  sanitizeStockInput,
  showsSupplierFilter,
  STOCK_RANGES,
} from './commodity.logic';

export interface CommodityPickerProps {
  /** 1–6, 8 (batch stock query) or 9; anything else raises 参数异常 */
  type: number;
  opened: boolean;
  onClose: () => void;
  onConfirm: (rows: CommodityRow[]) => void;
  initialChosen?: CommodityRow[];
  /** rows limited by stock without usable stock cannot be chosen */
  stockValidation?: boolean;
  /** configuration 143 */
  getLotStock?: boolean;
  orgCode?: string;
  extraParams?: ListQuery;
}

const EMPTY: Page<CommodityRow> = { list: [], total: 0 };
const NO_CATEGORIES: CategoryNode[] = [];

function flattenCategories(nodes: CategoryNode[]): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: n.cate_code, label: codeName(n.cate_code, n.cate_name) },
    ...flattenCategories(n.children ?? []),
  ]);
}

export function CommodityPicker({
  type: rawType,
  opened,
  onClose,
  onConfirm,
  initialChosen = [],
  stockValidation = false,
  getLotStock = false,
  orgCode,
  extraParams,
}: CommodityPickerProps) {
  const type = assertCommodityType(rawType);
  const t = useT();
  const { dataSource, session, notify } = useBlocks();
  const keyOf = commodityKey(type);
  const [form, setForm] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [page, setPage] = useState({ page_num: 1, page_size: COMMODITY_PAGE_SIZE });
  const [chosen, setChosen] = useState<CommodityRow[]>(initialChosen);
  const [tab, setTab] = useState<string>('1');

  useEffect(() => {
    // rule 357: filters and searches are cleared on opening
    if (!opened) return;
    setForm({});
    setApplied({});
    setPage({ page_num: 1, page_size: COMMODITY_PAGE_SIZE });
    setChosen(initialChosen);
    setTab('1');
  }, [opened]);

  const query = buildCommodityQuery(type, applied, page, session, { getLotStock, orgCode, extra: extraParams });
  const loaded = useLoad(() => dataSource.list('commodity', query), JSON.stringify(query), opened, EMPTY);
  const categories = useLoad(() => dataSource.tree('category', { is_role: '1', fast_show: '1' }), 'categories', opened, NO_CATEGORIES);
  const categoryOptions = useMemo(() => flattenCategories(categories.data), [categories.data]);
  const columns = commodityColumns(type, session);
  const selectable = (row: CommodityRow) => isSelectableRow(row, stockValidation);

  const setField = (key: string, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const search = () => {
    const next: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) if (v.trim()) next[k] = v.trim();
    setApplied(next);
    setPage((p) => ({ ...p, page_num: 1 }));
  };
  const reset = () => {
    setForm({});
    setApplied({});
    setPage({ page_num: 1, page_size: COMMODITY_PAGE_SIZE });
  };

  const confirm = (rows: CommodityRow[] = chosen) => {
    const result = confirmPicker({ emptyMessage: 'blocks.picker.commodityEmpty' }, rows);
    if (!result.ok) return notify(t(result.message), 'warning');
    onConfirm(result.rows);
    onClose();
  };

  const order = (row: CommodityRow) => {
    const refusal = orderRefusal(row);
    if (refusal) return notify(t(refusal.message, refusal.params), 'warning');
    confirm([row]);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t(commodityTitle(type))} size="90%" centered>
      <Tabs value={tab} keepMounted={false} onChange={(v) => setTab(v ?? '1')}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="1">{t('blocks.picker.tabList')}</Tabs.Tab>
          <Tabs.Tab value="2">{t('blocks.picker.tabChosen', { count: chosen.length })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="1">
          <Stack gap="sm">
            <FilterBar
              filters={[{ key: 'keyword', label: 'blocks.filter.goodsKeyword', kind: 'text' }]}
              values={form}
              onChange={setField}
              onSearch={search}
              onReset={reset}
            >
              <Select
                size="xs"
                w={200}
                label={t('blocks.filter.category')}
                placeholder={t('blocks.pleaseSelect')}
                searchable
                clearable
                data={categoryOptions}
                value={form.cate_code ?? null}
                onChange={(v) => setField('cate_code', v ?? '')}
                comboboxProps={{ withinPortal: true }}
              />
              {showsSupplierFilter(session) && (
                <TextInput
                  size="xs"
                  w={140}
                  label={t('blocks.filter.supplierNo')}
                  placeholder={t('blocks.pleaseEnter')}
                  maxLength={FILTER_MAXLENGTH}
                  value={form.supplier_no ?? ''}
                  onChange={(e) => setField('supplier_no', e.currentTarget.value)}
                  onKeyDown={(e) => e.key === 'Enter' && search()}
                />
              )}
              {STOCK_RANGES.map((r) => (
                <Group key={r.from} gap={4} align="flex-end" wrap="nowrap">
                  {[r.from, r.to].map((key, i) => (
                    <TextInput
                      key={key}
                      size="xs"
                      w={80}
                      label={i === 0 ? t(r.label) : undefined}
                      aria-label={`${t(r.label)} ${t(i === 0 ? 'blocks.filter.rangeFrom' : 'blocks.filter.rangeTo')}`}
                      placeholder={t(i === 0 ? 'blocks.filter.rangeFrom' : 'blocks.filter.rangeTo')}
                      value={form[key] ?? ''}
                      onChange={(e) => setField(key, sanitizeStockInput(e.currentTarget.value, r.allowMinus))}
                      onKeyDown={(e) => e.key === 'Enter' && search()}
                    />
                  ))}
                </Group>
              ))}
            </FilterBar>
            <SelectTable<CommodityRow>
              rows={loaded.data.list}
              columns={columns}
              keyOf={keyOf}
              chosen={chosen}
              multiple
              selectable={selectable}
              loading={loaded.loading}
              height={380}
              onToggle={(row) => setChosen((c) => toggleChosen(c, row, keyOf, true))}
              onToggleAll={(rows, checked) => setChosen((c) => setManyChosen(c, rows, keyOf, checked))}
              onRowDoubleClick={order}
            />
            <Group justify="flex-end">
              <Pager
                page={page.page_num}
                pageSize={page.page_size}
                total={loaded.data.total}
                onRefuse={(m) => notify(m, 'warning')}
                onChange={(p, size) => setPage({ page_num: size === page.page_size ? p : 1, page_size: size })}
              />
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="2">
          <SelectTable<CommodityRow>
            rows={chosen}
            columns={columns}
            keyOf={keyOf}
            chosen={chosen}
            multiple
            height={440}
            onToggle={(row) => setChosen((c) => removeChosen(c, keyOf(row), keyOf))}
            onToggleAll={(_rows, checked) => !checked && setChosen([])}
          />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('blocks.chosenCount', { count: chosen.length })}
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onClose}>
            {t('blocks.cancel')}
          </Button>
          <Button size="xs" onClick={() => confirm()}>
            {t('blocks.confirm')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
