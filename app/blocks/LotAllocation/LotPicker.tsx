/** 选择批次库存 (rules 281, 291, 294): the goods' lots in stock, 10 per page, filtered by lot and integer stock bounds. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useT } from '../../i18n';
import { ExpiryDate } from './ExpiryDate';
import type { LotRow } from '../data-source/document-types';
import { codeName, filterLots, initialLotFilter, LOT_PICKER_PAGE_SIZE, priceText, type LotFilter } from './lotAllocation.logic';

export interface LotPickerProps {
  opened: boolean;
  onClose: () => void;
  lots: readonly LotRow[];
  maskPrice: boolean;
  /** the tenant's today, against which lots show as expired */
  today: string;
  onConfirm: (chosen: LotRow[]) => void;
}

const bound = (v: string | number) => (v === '' ? null : Math.trunc(Number(v)));

export function LotPicker({ opened, onClose, lots, maskPrice, today, onConfirm }: LotPickerProps) {
  const t = useT();
  const [draft, setDraft] = useState<LotFilter>(initialLotFilter);
  const [filter, setFilter] = useState<LotFilter>(initialLotFilter);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (opened) {
      setDraft(initialLotFilter());
      setFilter(initialLotFilter());
      setPage(1);
      setChosen(new Set());
    }
  }, [opened]);

  const shown = useMemo(() => filterLots(lots, filter), [lots, filter]);
  const pageRows = shown.slice((page - 1) * LOT_PICKER_PAGE_SIZE, page * LOT_PICKER_PAGE_SIZE);
  const search = () => {
    setFilter(draft);
    setPage(1);
  };
  const toggle = (lotNo: string) =>
    setChosen((cur) => {
      const next = new Set(cur);
      if (!next.delete(lotNo)) next.add(lotNo);
      return next;
    });

  return (
    <Modal opened={opened} onClose={onClose} title={t('documents.lots.pickerTitle')} size={860}>
      <Group gap="xs" mb="xs" onKeyDown={(e) => e.key === 'Enter' && search()}>
        <TextInput size="xs" placeholder={t('documents.lots.keyword')} value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} maxLength={35} />
        <NumberInput size="xs" w={110} placeholder={t('documents.lots.stockMin')} allowDecimal={false} value={draft.min ?? ''} onChange={(v) => setDraft({ ...draft, min: bound(v) })} aria-label={t('documents.lots.stockMin')} />
        <NumberInput size="xs" w={110} placeholder={t('documents.lots.stockMax')} allowDecimal={false} value={draft.max ?? ''} onChange={(v) => setDraft({ ...draft, max: bound(v) })} aria-label={t('documents.lots.stockMax')} />
        <Button size="xs" onClick={search}>
          {t('blocks.search')}
        </Button>
      </Group>
      <Table withTableBorder striped fz="sm" verticalSpacing={6} data-testid="lot-picker-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th>{t('documents.lots.lot_no')}</Table.Th>
            <Table.Th ta="right">{t('documents.lots.stock_num')}</Table.Th>
            <Table.Th ta="right">{t('documents.lots.lot_price')}</Table.Th>
            <Table.Th>{t('documents.lots.produce_date')}</Table.Th>
            <Table.Th>{t('documents.lots.expiration_date')}</Table.Th>
            <Table.Th>{t('documents.lots.supplier')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pageRows.length ? (
            pageRows.map((l) => (
              <Table.Tr key={l.lot_no}>
                <Table.Td>
                  <Checkbox size="xs" checked={chosen.has(l.lot_no ?? '')} onChange={() => toggle(l.lot_no ?? '')} aria-label={l.lot_no ?? ''} />
                </Table.Td>
                <Table.Td>{l.lot_no}</Table.Td>
                <Table.Td ta="right">{l.stock_num ?? '-'}</Table.Td>
                <Table.Td ta="right">{priceText(l.lot_price, maskPrice)}</Table.Td>
                <Table.Td>{l.produce_date ?? '-'}</Table.Td>
                <Table.Td>
                  <ExpiryDate date={l.expiration_date} today={today} />
                </Table.Td>
                <Table.Td>{codeName(l.supplier_no, l.supplier_name)}</Table.Td>
              </Table.Tr>
            ))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text ta="center" c="dimmed" fz="sm">
                  {t('blocks.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="sm">
        <Pagination size="sm" total={Math.max(1, Math.ceil(shown.length / LOT_PICKER_PAGE_SIZE))} value={page} onChange={setPage} />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            size="xs"
            onClick={() => {
              onConfirm(lots.filter((l) => chosen.has(l.lot_no ?? '')));
              onClose();
            }}
          >
            {t('common.confirm')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
