/**
 * Lot allocation (rules 280–294): 按商品分配批次库存 to edit the lots of one goods line, 商品分配记录 to
 * view them. Edit mode keeps a blank manual row (source 4) at the end and picks lots in 选择批次库存;
 * saving checks every rule first and sends nothing when one fails.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Modal, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useBlocks } from '../data-source/BlocksProvider';
import type { LotAllocationView, LotSaveBody } from '../data-source/document-types';
import { useLoad } from '../data-source/useLoad';
import {
  addLots,
  allocatedTotal,
  allocationError,
  codeName,
  hasNoLots,
  priceText,
  QTY_MAX_LENGTH,
  quantityError,
  saveBody,
  toEditRows,
  withBlankRow,
  type EditRow,
  type LotMessage,
} from './lotAllocation.logic';
import { ExpiryDate } from './ExpiryDate';
import { LotPicker } from './LotPicker';

export interface LotAllocationProps {
  opened: boolean;
  onClose: () => void;
  documentType: string;
  documentNo: string;
  skuNo: string;
  businessItemId: number;
  /** rule 282: editState */
  editState: boolean;
  onSaved?: (body: LotSaveBody) => void;
}

export function LotAllocation({ opened, onClose, documentType, documentNo, skuNo, businessItemId, editState, onSaved }: LotAllocationProps) {
  const t = useT();
  const { dataSource, notify } = useBlocks();
  const docs = dataSource.documents;
  const loaded = useLoad<LotAllocationView | null>(
    () => docs.lots(documentType, documentNo, skuNo, businessItemId),
    `${documentType}/${documentNo}/${skuNo}/${businessItemId}/${opened}`,
    opened,
    null,
  );
  const view = loaded.data;
  const [rows, setRows] = useState<EditRow[]>([]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!view || !opened) return;
    // rule 290: nothing to issue from
    if (editState && hasNoLots(view)) {
      notify(t('documents.lots.noLots', { name: view.sku_name ?? view.sku_no }));
      onClose();
      return;
    }
    const initial = toEditRows(view.allocated);
    setRows(editState ? withBlankRow(initial, view) : initial);
    setTouched(new Set());
    // the view changes once per opening; the callbacks need not re-run it
  }, [view, opened, editState]);

  const message = (m: LotMessage) => t(`documents.lots.${m.key}`, m.params);
  const change = (key: string, patch: (r: EditRow) => EditRow) =>
    setRows((cur) => withBlankRow(cur.map((r) => (r.key === key ? patch(r) : r)), view!));

  const save = async () => {
    if (!view) return;
    const problem = allocationError(rows, view);
    if (problem) {
      setTouched(new Set(rows.map((r) => r.key)));
      notify(message(problem));
      return;
    }
    setSaving(true);
    try {
      const body = saveBody(rows, view);
      await docs.saveLots(documentType, documentNo, body);
      notify(t('documents.lots.saved'), 'success');
      onSaved?.(body);
      onClose();
    } catch (err) {
      notify((err as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };

  const rowError = (r: EditRow) => {
    if (!editState || !touched.has(r.key) || (r.manual && !r.lot.lot_no && !r.qty)) return undefined;
    const problem = quantityError(r.qty, r.manual ? null : r.lot.stock_num, view!);
    return problem ? message(problem) : undefined;
  };

  const body = () => {
    if (!view) {
      return (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      );
    }
    return (
      <>
        <Group justify="space-between" mb="xs">
          <Text fz="sm">
            {t('documents.lots.goods')}：{codeName(view.sku_no, view.sku_name)}　{t('documents.lots.issued')}：{view.qty}　{t('documents.lots.allocatedTotal')}：
            <span data-testid="lot-total">{allocatedTotal(rows, view.decimals)}</span>
          </Text>
          {editState ? (
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              {t('documents.lots.addLots')}
            </Button>
          ) : null}
        </Group>
        <Table withTableBorder fz="sm" verticalSpacing={6} data-testid="lot-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.lots.lot_no')}</Table.Th>
              <Table.Th ta="right">{t('documents.lots.stock_num')}</Table.Th>
              <Table.Th w={150}>{t('documents.lots.change_stock_num')}</Table.Th>
              <Table.Th ta="right">{t('documents.lots.lot_price')}</Table.Th>
              <Table.Th>{t('documents.lots.produce_date')}</Table.Th>
              <Table.Th>{t('documents.lots.expiration_date')}</Table.Th>
              <Table.Th>{t('documents.lots.supplier')}</Table.Th>
              {editState ? <Table.Th w={40} /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key} data-manual={r.manual || undefined}>
                <Table.Td>
                  {editState && r.manual ? (
                    <TextInput
                      size="xs"
                      placeholder={t('documents.lots.manualLotNo')}
                      aria-label={t('documents.lots.manualLotNo')}
                      value={r.lot.lot_no ?? ''}
                      maxLength={35}
                      onChange={(e) => {
                        const lot_no = e.currentTarget.value;
                        change(r.key, (x) => ({ ...x, lot: { ...x.lot, lot_no } }));
                      }}
                    />
                  ) : (
                    <>
                      {r.lot.lot_no}
                      {r.manual ? (
                        <Text span fz="xs" c="dimmed" ml={4}>
                          ({t('documents.lots.manual')})
                        </Text>
                      ) : null}
                    </>
                  )}
                </Table.Td>
                <Table.Td ta="right">{r.lot.stock_num ?? '-'}</Table.Td>
                <Table.Td>
                  {editState ? (
                    <TextInput
                      size="xs"
                      aria-label={`${t('documents.lots.change_stock_num')} ${r.lot.lot_no ?? ''}`}
                      value={r.qty}
                      maxLength={QTY_MAX_LENGTH}
                      error={rowError(r)}
                      onBlur={() => setTouched((cur) => new Set(cur).add(r.key))}
                      onChange={(e) => {
                        const qty = e.currentTarget.value;
                        change(r.key, (x) => ({ ...x, qty }));
                      }}
                    />
                  ) : (
                    r.qty
                  )}
                </Table.Td>
                <Table.Td ta="right">{priceText(r.lot.lot_price, view.mask_price)}</Table.Td>
                <Table.Td>{r.lot.produce_date ?? '-'}</Table.Td>
                <Table.Td>
                  <ExpiryDate date={r.lot.expiration_date} today={view.today} />
                </Table.Td>
                <Table.Td>{codeName(r.lot.supplier_no, r.lot.supplier_name)}</Table.Td>
                {editState ? (
                  <Table.Td>
                    {r.manual && !r.lot.lot_no && !r.qty ? null : (
                      <ActionIcon size="sm" variant="subtle" color="red" aria-label={`${t('shell.upload.delete')} ${r.lot.lot_no ?? ''}`} onClick={() => setRows((cur) => withBlankRow(cur.filter((x) => x.key !== r.key), view))}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed" fz="sm">
                    {t('blocks.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" onClick={onClose}>
            {editState ? t('common.cancel') : t('documents.close')}
          </Button>
          {editState ? (
            <Button size="xs" loading={saving} onClick={save}>
              {t('common.confirm')}
            </Button>
          ) : null}
        </Group>
        <LotPicker
          opened={picking}
          onClose={() => setPicking(false)}
          lots={view.available}
          maskPrice={view.mask_price}
          today={view.today}
          onConfirm={(chosen) => setRows((cur) => withBlankRow(addLots(cur, chosen), view))}
        />
      </>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t(editState ? 'documents.lots.titleEdit' : 'documents.lots.titleView')} size={980}>
      {body()}
    </Modal>
  );
}
