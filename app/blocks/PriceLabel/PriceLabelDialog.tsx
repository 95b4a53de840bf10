import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Modal, NumberInput, Radio, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { labelPrice, labelXml, PRICE_TAG_TYPE, refuseLabelChange, type LabelGoods, type LabelViewer } from '../../../engine/print/label';
import { SkuAutocomplete } from '../GoodsSearch';
import { useT } from '../../i18n';
import { saveBlob } from '../../api/files';
import { RefusableButton } from '../PrintStyle/RefusableButton';
import { sendToLabelDriver, type LabelOutcome } from './label-frame';
import { canSetSystem, clampCopies, initialLabelTick, labelFailure, labelFormProblem, readTemplateFile, showsStoreDisplay } from './price-label.logic';
import type { LabelTemplate, PriceLabelSource } from './types';

export interface PriceLabelDialogProps {
  opened: boolean;
  onClose: () => void;
  source: PriceLabelSource;
  /** who looks: the buttons a template refuses this viewer are disabled with the reason */
  viewer: LabelViewer;
  tenantId: number;
  /** goods to label, e.g. the goods page's product; more can be added in the dialog */
  skuNos: string[];
  printType?: number;
  /** how labels reach the driver; the hidden frame by default */
  send?: (xml: string) => Promise<LabelOutcome>;
}

type Row = LabelGoods & { print_num: number };

/** The price-label print dialog: 80% wide, templates (one checked, default first), goods with copies, print to the local driver. */
export function PriceLabelDialog({ opened, onClose, source, viewer, tenantId, skuNos, printType = PRICE_TAG_TYPE, send = sendToLabelDriver }: PriceLabelDialogProps) {
  const t = useT();
  const [templates, setTemplates] = useState<LabelTemplate[]>([]);
  const [token, setToken] = useState('');
  const [ticked, setTicked] = useState<number | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [form, setForm] = useState<{ editing: LabelTemplate | null; name: string; content: string; error: string | null } | null>(null);
  const [failure, setFailure] = useState<{ message: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const data = await source.list(printType);
      setTemplates(data.list);
      setToken(data.token);
      setTicked((cur) => (data.list.some((x) => x.id === cur) ? cur : initialLabelTick(data.list)));
    } catch {
      // a failed list load only stops the loading indicator (building blocks §8)
    }
  }, [source, printType]);

  const addGoods = useCallback(
    async (skus: string[]) => {
      try {
        const goods = await source.goods(skus);
        setRows((cur) => [...cur, ...goods.filter((g) => !cur.some((r) => r.sku_no === g.sku_no)).map((g) => ({ ...g, print_num: 1 }))]);
      } catch (err) {
        notifications.show({ color: 'red', message: (err as Error).message });
      }
    },
    [source],
  );

  useEffect(() => {
    if (!opened) return;
    setRows([]);
    setFailure(null);
    void load();
    if (skuNos.length) void addGoods(skuNos);
  }, [opened, load, addGoods, skuNos]);

  const current = templates.find((x) => x.id === ticked) ?? null;
  const { client } = viewer;
  // known before asking: the server refuses the same (rules 229–230, 234)
  const changeRefused = current && refuseLabelChange(viewer, current);
  const refusal = changeRefused ? t(`print.label.refuse.${changeRefused}`) : null;
  const defaultRefusal = current?.is_default === '1' ? t('print.alreadyDefault', { name: current.print_template_name }) : refusal;
  const needTick = (key: string) => {
    if (!current) notifications.show({ color: 'orange', message: t(key) });
    return !!current;
  };
  const act = async (work: () => Promise<void>, success?: string) => {
    try {
      await work();
      if (success) notifications.show({ color: 'green', message: success });
      await load();
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    }
  };
  const confirm = (message: string, then: () => void) =>
    modals.openConfirmModal({ title: t('print.confirmTitle'), children: <Text fz="sm">{message}</Text>, labels: { confirm: t('print.confirm'), cancel: t('print.cancel') }, onConfirm: then });

  const print = async () => {
    if (!needTick('print.label.printNone') || !rows.length) return;
    setBusy(true);
    setFailure(null);
    const outcome = await send(labelXml(rows, { name: current!.print_template_name, content: current!.print_template_content }, printType));
    setBusy(false);
    if (outcome.ok) {
      notifications.show({ color: 'green', message: t('print.label.printed', { count: outcome.records }) });
      return;
    }
    const said = labelFailure(outcome);
    const url = said.offerDownload ? await source.driverUrl().catch(() => '') : '';
    setFailure({ message: said.message ?? t(said.key), url });
  };

  const saveForm = async () => {
    if (!form) return;
    const problem = labelFormProblem(form.name, form.content);
    if (problem) return setForm({ ...form, error: t(problem) });
    try {
      await source.save({ id: form.editing?.id, token, print_type: printType, print_template_name: form.name.trim(), print_template_content: form.content });
      setForm(null);
      notifications.show({ color: 'green', message: t(form.editing ? 'print.done.edit' : 'print.done.add') });
      await load();
    } catch (err) {
      setForm({ ...form, error: (err as Error).message });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} size="80%" title={`${t('print.label.button')} - ${t('print.label.title')}`} data-testid="label-dialog">
      <Stack gap="sm">
        <Group gap="xs">
          <Button size="xs" loading={busy} onClick={print}>
            {t('print.print')}
          </Button>
          <Button size="xs" variant="light" onClick={() => setForm({ editing: null, name: '', content: '<label w="60" h="40"/>', error: null })}>
            {t('print.add')}
          </Button>
          <RefusableButton refusal={refusal} onClick={() => needTick('print.label.selectFirst') && setForm({ editing: current, name: current!.print_template_name, content: current!.print_template_content, error: null })}>
            {t('print.edit')}
          </RefusableButton>
          <RefusableButton refusal={refusal} color="red" onClick={() => needTick('print.label.selectFirst') && confirm(t('print.confirmDelete', { name: current!.print_template_name }), () => act(() => source.remove(current!.id), t('print.done.delete')))}>
            {t('print.delete')}
          </RefusableButton>
          <RefusableButton refusal={defaultRefusal} onClick={() => needTick('print.label.defaultNone') && confirm(t('print.confirmDefault', { name: current!.print_template_name }), () => act(() => source.setDefault(current!.id), t('print.done.default')))}>
            {t('print.setDefault')}
          </RefusableButton>
          {canSetSystem(tenantId) && client === 'HMT' && (
            <Button size="xs" variant="light" onClick={() => needTick('print.label.defaultNone') && confirm(t('print.label.confirmSystem', { name: current!.print_template_name }), () => act(() => source.setSystem(current!.id), t('print.done.system')))}>
              {t('print.label.setSystem')}
            </Button>
          )}
          {showsStoreDisplay(client, printType) && (
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                needTick('print.label.selectFirst') &&
                confirm(t('print.label.confirmStoreShow', { name: current!.print_template_name }), () => act(() => source.setStoreShow(current!.id, current!.is_store_show === '1' ? '0' : '1'), t('print.done.setting')))
              }
            >
              {t('print.label.storeShow')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              needTick('print.label.selectFirst') &&
              act(async () => saveBlob(await source.exportText(current!.id), `${current!.print_template_name}打印模板.txt`))
            }
          >
            {t('print.export')}
          </Button>
        </Group>
        {/* one radio group: exactly one template is ticked (rule 218) */}
        <Radio.Group value={ticked === null ? null : String(ticked)} onChange={(v) => setTicked(Number(v))}>
        <Table withTableBorder fz="sm" data-testid="label-templates">
          <Table.Tbody>
            {templates.map((x) => (
              <Table.Tr key={x.id} onClick={() => setTicked(x.id)} style={{ cursor: 'pointer' }}>
                <Table.Td w={40}>
                  <Radio size="xs" value={String(x.id)} aria-label={x.print_template_name} />
                </Table.Td>
                <Table.Td>{x.print_template_name}</Table.Td>
                <Table.Td>
                  {x.is_default === '1' && <Badge size="xs">{t('print.default')}</Badge>} {x.is_system === '1' && <Badge size="xs" color="gray">{t('print.label.system')}</Badge>}
                </Table.Td>
                <Table.Td>{x.name}</Table.Td>
                <Table.Td>{x.created_at}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Radio.Group>
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            {t('print.label.addGoods')}
          </Text>
          <SkuAutocomplete size="xs" w={320} onSelect={(row) => void addGoods([row.sku_no])} />
        </Group>
        <Table withTableBorder fz="sm" data-testid="label-goods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('print.label.goods')}</Table.Th>
              <Table.Th>{t('print.label.price')}</Table.Th>
              <Table.Th w={140}>{t('print.label.copies')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.sku_no}>
                <Table.Td>
                  {r.sku_no} {r.sku_name}
                </Table.Td>
                <Table.Td>{labelPrice(r.selling_price) || '-'}</Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    min={1}
                    max={999}
                    allowDecimal={false}
                    value={r.print_num}
                    aria-label={`${t('print.label.copies')} ${r.sku_no}`}
                    onChange={(v) => setRows((cur) => cur.map((x) => (x.sku_no === r.sku_no ? { ...x, print_num: clampCopies(v) } : x)))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {failure && (
          <Alert color="red" title={t('print.label.printException')} data-testid="label-failure">
            <Text fz="sm">{failure.message}</Text>
            {failure.url && (
              <Anchor href={failure.url} target="_blank" fz="sm">
                {t('print.label.download')}
              </Anchor>
            )}
          </Alert>
        )}
      </Stack>
      <Modal opened={!!form} onClose={() => setForm(null)} size={680} title={t(form?.editing ? 'print.editTitle' : 'print.addTitle')}>
        {form && (
          <Stack gap="sm">
            <TextInput size="sm" withAsterisk label={t('print.label.templateName')} maxLength={50} value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
            <Textarea size="sm" withAsterisk label={t('print.label.content')} autosize minRows={6} maxRows={16} value={form.content} onChange={(e) => setForm({ ...form, content: e.currentTarget.value })} />
            {form.error && (
              <Text c="red" fz="sm" role="alert">
                {form.error}
              </Text>
            )}
            <Group justify="space-between">
              <FileButton
                accept="text/plain,.txt,.xml"
                onChange={async (file) => {
                  if (!file) return;
                  const read = await readTemplateFile(file);
                  setForm({ ...form, ...(read.ok ? { content: read.text, error: null } : { error: t(read.key) }) });
                }}
              >
                {(props) => (
                  <Button size="xs" variant="default" {...props}>
                    {t('print.import')}
                  </Button>
                )}
              </FileButton>
              <Group gap="xs">
                <Button size="sm" variant="default" onClick={() => setForm(null)}>
                  {t('print.cancel')}
                </Button>
                <Button size="sm" onClick={saveForm}>
                  {t('print.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </Modal>
  );
}
