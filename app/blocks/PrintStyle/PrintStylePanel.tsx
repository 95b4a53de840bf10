import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PrintStyle, StyleActor } from '../../../engine/print/styles';
import { useT } from '../../i18n';
import { saveBlob } from '../../api/files';
import { actionNeedsTick, startTick, styleActionRefusal, styleDescription, type StyleAction } from './print-style.logic';
import { RefusableButton } from './RefusableButton';
import { StyleFormDialog } from './StyleFormDialog';
import type { PrintStyleSource } from './types';

export interface PrintStylePanelProps {
  source: PrintStyleSource;
  sourceType: number;
  actor: StyleActor;
  ticked: number | null;
  onTick: (id: number | null) => void;
  /** extra buttons at the start of the toolbar (the print dialog's 打印) */
  leading?: (guard: (action: StyleAction) => boolean) => React.ReactNode;
}

/**
 * The style list with one row ticked (the default on load, else the first; rule 251) and its actions: add, edit
 * (nested 680 px dialog), delete and set default after a confirmation, export, download built-in.
 */
export function PrintStylePanel({ source, sourceType, actor, ticked, onTick, leading }: PrintStylePanelProps) {
  const t = useT();
  const [rows, setRows] = useState<PrintStyle[]>([]);
  const [loading, setLoading] = useState(false);
  const [form, setForm] = useState<{ editing: PrintStyle | null } | null>(null);
  // read at load time without reloading when the tick changes
  const tickedRef = useRef(ticked);
  tickedRef.current = ticked;
  const onTickRef = useRef(onTick);
  onTickRef.current = onTick;

  const load = useCallback(
    async (keepTick: boolean) => {
      setLoading(true);
      try {
        const data = await source.list(sourceType);
        setRows(data.list);
        if (!keepTick || !data.list.some((r) => r.id === tickedRef.current)) onTickRef.current(startTick(data.list));
      } catch {
        // a failed load only stops the loading indicator (building blocks §8)
      } finally {
        setLoading(false);
      }
    },
    [source, sourceType],
  );
  useEffect(() => {
    void load(false);
  }, [load]);

  const current = rows.find((r) => r.id === ticked) ?? null;
  const described = (text: string) => {
    const d = styleDescription(text);
    return 'key' in d ? t(d.key) : d.text;
  };
  const guard = (action: StyleAction) => {
    const problem = actionNeedsTick(action, current ? current.id : null);
    if (problem) notifications.show({ color: 'orange', message: t(problem) });
    return !problem;
  };
  const refused = (action: 'edit' | 'delete' | 'default') => {
    const r = styleActionRefusal(action, actor, current);
    return r && t(r.key, r.values);
  };
  const run = async (work: () => Promise<void>, keepTick = true, success?: string) => {
    try {
      await work();
      if (success) notifications.show({ color: 'green', message: success });
      await load(keepTick);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    }
  };
  const confirm = (message: string, then: () => void) =>
    modals.openConfirmModal({
      title: t('print.confirmTitle'),
      children: <Text fz="sm">{message}</Text>,
      labels: { confirm: t('print.confirm'), cancel: t('print.cancel') },
      onConfirm: then,
    });

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {leading?.(guard)}
        <Button size="xs" variant="light" onClick={() => setForm({ editing: null })}>
          {t('print.add')}
        </Button>
        <RefusableButton refusal={refused('edit')} onClick={() => guard('edit') && setForm({ editing: current })}>
          {t('print.edit')}
        </RefusableButton>
        <RefusableButton
          refusal={refused('delete')}
          color="red"
          onClick={() => guard('delete') && confirm(t('print.confirmDelete', { name: current!.report_name }), () => run(() => source.remove(current!.id), false, t('print.done.delete')))}
        >
          {t('print.delete')}
        </RefusableButton>
        <RefusableButton
          refusal={refused('default')}
          onClick={() => guard('default') && confirm(t('print.confirmDefault', { name: current!.report_name }), () => run(() => source.setDefault(current!.id), true, t('print.done.default')))}
        >
          {t('print.setDefault')}
        </RefusableButton>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            guard('export') &&
            run(async () => saveBlob(await source.exportFile(current!.id), current!.file || `${current!.report_name}.json`))
          }
        >
          {t('print.export')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => run(async () => void window.open(await source.builtModelUrl(sourceType), '_blank'))}>
          {t('print.downloadBuilt')}
        </Button>
      </Group>
      <Radio.Group value={ticked === null ? null : String(ticked)} onChange={(v) => onTick(Number(v))}>
      <Table striped highlightOnHover withTableBorder fz="sm" data-testid="style-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th>{t('print.name')}</Table.Th>
            <Table.Th>{t('print.description')}</Table.Th>
            <Table.Th>{t('print.default')}</Table.Th>
            <Table.Th>{t('print.showStore')}</Table.Th>
            <Table.Th>{t('print.showSupplier')}</Table.Th>
            <Table.Th>{t('print.creator')}</Table.Th>
            <Table.Th>{t('print.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} onClick={() => onTick(r.id)} style={{ cursor: 'pointer' }} data-testid="style-row">
              <Table.Td>
                <Radio size="xs" value={String(r.id)} aria-label={r.report_name} />
              </Table.Td>
              <Table.Td>{r.report_name}</Table.Td>
              <Table.Td>{described(r.description)}</Table.Td>
              <Table.Td>{r.is_default === 1 ? <Badge size="xs">{t('print.default')}</Badge> : t('print.no')}</Table.Td>
              <Table.Td>{r.is_hmd_show === 1 ? t('print.yes') : t('print.no')}</Table.Td>
              <Table.Td>{r.is_hms_show === 1 ? t('print.yes') : t('print.no')}</Table.Td>
              <Table.Td>{r.created_by_text}</Table.Td>
              <Table.Td>{r.created_at}</Table.Td>
            </Table.Tr>
          ))}
          {!rows.length && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text ta="center" c="dimmed" fz="sm">
                  {loading ? '…' : t('print.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      </Radio.Group>
      <StyleFormDialog
        opened={!!form}
        onClose={() => setForm(null)}
        onSaved={() => {
          notifications.show({ color: 'green', message: t(form?.editing ? 'print.done.edit' : 'print.done.add') });
          void load(true);
        }}
        source={source}
        sourceType={sourceType}
        actor={actor}
        editing={form?.editing}
      />
    </Stack>
  );
}

