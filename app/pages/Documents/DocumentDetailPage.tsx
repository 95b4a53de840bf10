/**
 * The generic document page (/documents/:type/:no, and /documents/:type/new to create): header and lines
 * from the definition, edited while the state allows it, and the toolbar's actions — save, submit, audit,
 * attachments, line import, lot allocation, approval records, close — enabled by the server's `actions`.
 * A new document's first save turns its tab into the created document's; until then every save sends the
 * same idempotency key, so a repeated save never stores a second document.
 */
import { useEffect, useMemo, useState } from 'react';
import { Anchor, Button, Card, Center, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { documentRoute } from '../../../engine/document/menu';
import { auditChoices } from '../../../engine/document/rules';
import type { DocumentFile } from '../../../engine/document/types';
import type { DocumentDetail, DocumentValue } from '../../../engine/document/wire';
import { useStoredAuth } from '../../api/session-store';
import { ApprovalRecordDialog } from '../../blocks/ApprovalRecordDialog/ApprovalRecordDialog';
import { AttachmentList } from '../../blocks/AttachmentList';
import { AuditDialog } from '../../blocks/AuditDialog';
import { useBlocks } from '../../blocks/data-source/BlocksProvider';
import { DetailPanel } from '../../blocks/DetailPanel';
import { ImportDialog } from '../../blocks/ImportDialog';
import { LotAllocation } from '../../blocks/LotAllocation';
import { Toolbar } from '../../blocks/Toolbar';
import { useLocale, useT } from '../../i18n';
import { formatCell } from '../../report/format';
import { FilterField } from '../../report/parts/FilterField';
import { usePageTitle, useTabs } from '../../shell/tabs/TabsProvider';
import { NotFoundPage } from '../NotFound/NotFoundPage';
import { newIdempotencyKey } from '../../api/idempotency';
import { createDocument, refreshDocumentLists, submitDocument, updateDocument, useDocumentDetail, useDocumentType } from './api';
import {
  addPickedLines,
  buttonAction,
  editableCopy,
  hasCloseButton,
  missingRequired,
  shownValue,
  stateLabel,
  textOf,
  toolbarButtons,
  visibleFor,
} from './documents.logic';
import { DocumentPrintDialog } from './DocumentPrintDialog';
import { pickerParams } from '../../../engine/document/picker-params';
import { FieldInput } from './FieldInput';
import { LinePickers } from './LinePickers';
import { StateBadge } from './StateBadge';
import { dateTimeIn } from '../../../engine/dates';
import { linePickerParams, linesToSend, newHeader, overPickedLot, PICKED_LOT, PICKED_LOT_STOCK, pickedLotAllocations, pickerWaitsFor, savedLineOf, shownLine } from './lines.logic';
import { useFieldOptions } from './useOptions';

const NEW = 'new';

export function DocumentDetailPage() {
  const { type = '', no = '' } = useParams();
  const { item, loading } = useDocumentType(type);
  if (loading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!item) return <NotFoundPage />;
  return <DocumentDetail key={`${type}/${no}`} type={type} no={no === NEW ? null : no} def={item.definition} />;
}

type Dialog = 'audit' | 'approvals' | 'attachments' | 'import' | 'print' | null;
type Lines = Record<string, DocumentValue>[];

function DocumentDetail({ type, no, def }: { type: string; no: string | null; def: DocumentFile }) {
  const t = useT();
  const { locale } = useLocale();
  const tabs = useTabs();
  const client = useStoredAuth()?.session.client ?? 'HMT';
  const { dataSource, notify } = useBlocks();
  const detail = useDocumentDetail(type, no);
  usePageTitle(`${textOf(def.title, locale)} ${no ?? t('documents.page.new')}`);
  const [header, setHeader] = useState<Record<string, DocumentValue>>(() => newHeader(def, dateTimeIn(new Date())));
  const [createKey] = useState(newIdempotencyKey);
  const [lines, setLines] = useState<Lines>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [lotLine, setLotLine] = useState<Record<string, DocumentValue> | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!detail.data) return;
    const copy = editableCopy(def, detail.data);
    setHeader(copy.header);
    setLines(copy.lines);
  }, [detail.data, def]);

  const actions = no ? (detail.data?.actions ?? []) : ['edit' as const];
  const editing = actions.includes('edit');
  const headerFields = useMemo(() => visibleFor(def.header, client), [def, client]);
  const options = useFieldOptions(useMemo(() => [...def.header, ...def.lines], [def]));
  const skuColumn = def.lines.find((c) => c.widget === 'picker' && c.source?.kind === 'picker');
  const lineKey = def.tables.line_column;

  if (no && detail.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (no && !detail.data) return <NotFoundPage message={detail.error?.message} />;
  const shown = detail.data;

  const labelOf = (key: string) => {
    const f = def.header.find((h) => h.key === key) ?? def.lines.find((c) => c.key === key);
    return f ? textOf(f.label, locale) : key;
  };

  const save = async (): Promise<string | null> => {
    const missing = missingRequired(def, client, header, lines);
    if (missing) {
      notify(t('documents.page.required', { field: labelOf(missing) }));
      return null;
    }
    if (!lines.length) {
      notify(t('documents.page.noLines'));
      return null;
    }
    const over = overPickedLot(def, lines);
    if (over) {
      notify(t('documents.page.overLot', { line: over.line + 1, lot: over.lot, stock: over.stock }));
      return null;
    }
    setSaving(true);
    try {
      const body = { header, lines: linesToSend(def, lines) };
      const saved = no ? await updateDocument(type, no, body) : await createDocument(type, body, createKey);
      notify(t('documents.page.saved'), 'success');
      await allocatePickedLots(saved);
      // the 新增 tab becomes the created document's: nothing is left open that could save it again
      if (!no) tabs.toolbarClose(`${documentRoute(type)}/${encodeURIComponent(saved.no)}`);
      else await detail.refetch();
      return saved.no;
    } catch (err) {
      notify((err as Error).message, 'error');
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** Lines added from lot stock take their lot once they exist; a refusal is said and the line stays. */
  const allocatePickedLots = async (saved: DocumentDetail) => {
    for (const request of pickedLotAllocations(def, lines, saved.lines)) {
      try {
        await dataSource.documents.saveLots(type, saved.no, request);
      } catch (err) {
        notify((err as Error).message, 'error');
      }
    }
  };

  const onAction = async (key: string) => {
    const action = key as ReturnType<typeof buttonAction>;
    switch (action) {
      case 'save':
        await save();
        return;
      case 'submit': {
        if (!no) return;
        try {
          if (editing) await allocatePickedLots(await updateDocument(type, no, { header, lines: linesToSend(def, lines) }));
          await submitDocument(type, no);
          notify(t('documents.page.submitted'), 'success');
          await detail.refetch();
        } catch (err) {
          notify((err as Error).message, 'error');
        }
        return;
      }
      case 'audit':
      case 'approvals':
      case 'attachments':
      case 'import':
      case 'print':
        if (no) setDialog(action);
        return;
      case 'lots':
        notify(t('documents.page.chooseLine'));
        return;
      default:
        return;
    }
  };

  const buttons = toolbarButtons(def.toolbar.detail, actions, locale, !!def.print).map((b) =>
    // attachments, approval records and print work in any state; nothing of a new document exists yet
    b.key === 'attachments' || b.key === 'approvals' || b.key === 'print' ? { ...b, disabled: !no } : b,
  );
  const state = shown ? stateLabel(def, shown.status, locale) : null;
  const setLine = (i: number, key: string, v: DocumentValue) => setLines((cur) => cur.map((l, k) => (k === i ? { ...l, [key]: v } : l)));
  const lineColumns = def.lines;
  const canLots = !!def.lots && !!no;

  return (
    <Stack gap="sm">
      <Card>
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Title order={5}>{textOf(def.title, locale)}</Title>
            <Text c="dimmed" fz="sm">
              {no ?? t('documents.page.new')}
            </Text>
            {state ? (
              <StateBadge label={state.label} color={state.color} testId="document-state" />
            ) : null}
          </Group>
        </Group>
        <Toolbar
          buttons={buttons}
          onAction={onAction}
          close={hasCloseButton(def.toolbar.detail) ? { navigate: () => tabs.toolbarClose(documentRoute(type)), tabs: [], currentPath: '', prePageId: documentRoute(type) } : undefined}
        />
      </Card>
      <Card>
        <Title order={6} mb="xs">
          {t('documents.page.header')}
        </Title>
        {editing ? (
          <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
            {headerFields.map((f) =>
              f.readonly ? (
                <FilterField key={f.key} label={textOf(f.label, locale)}>
                  <Text fz="sm">{f.key === def.tables.status_column ? (state?.label ?? '-') : shown ? shownValue(shown.header, f.key, !!f.lookup, options[f.key]) : '-'}</Text>
                </FilterField>
              ) : (
                <FilterField key={f.key} label={textOf(f.label, locale)} required={f.required}>
                  <FieldInput
                    def={def}
                    widget={f.widget}
                    source={f.source}
                    label={textOf(f.label, locale)}
                    value={header[f.key] ?? null}
                    shownName={f.lookup && shown ? (shown.header[`${f.key}_name`] as string | null) : null}
                    pickerParams={pickerParams(f, header, header)}
                    onChange={(v) => setHeader((h) => ({ ...h, [f.key]: v }))}
                    required={f.required}
                    decimals={f.decimals}
                    min={f.min}
                    max={f.max}
                    maxlength={f.maxlength}
                  />
                </FilterField>
              ),
            )}
          </SimpleGrid>
        ) : (
          <DetailPanel
            items={headerFields.map((f) => ({
              label: textOf(f.label, locale),
              value: f.key === def.tables.status_column ? (state?.label ?? '-') : shown ? shownValue(shown.header, f.key, !!f.lookup, options[f.key]) : '-',
            }))}
          />
        )}
      </Card>
      <Card>
        <Group justify="space-between" mb="xs">
          <Title order={6}>{t('documents.page.lines')}</Title>
          {editing ? (
            <LinePickers
              def={def}
              client={client}
              params={linePickerParams(def, header)}
              waitsFor={(picker) => {
                const key = pickerWaitsFor(def, client, header, picker);
                return key ? t('documents.page.chooseFirst', { field: labelOf(key) }) : null;
              }}
              onRows={(rows) => setLines((cur) => addPickedLines(def, cur, rows))}
            />
          ) : null}
        </Group>
        <ScrollArea>
          <Table withTableBorder striped fz="sm" verticalSpacing={6} data-testid="document-lines">
            <Table.Thead>
              <Table.Tr>
                {lineColumns.map((c) => (
                  <Table.Th key={c.key} style={{ whiteSpace: 'nowrap' }}>{textOf(c.label, locale)}</Table.Th>
                ))}
                {editing || canLots ? <Table.Th>{t('documents.page.lineActions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(editing ? lines : (shown?.lines ?? [])).map((line, i) => {
                const saved = shown ? savedLineOf(def, shown.lines, line) : null;
                // while editing, a line shows what was entered (names of picked goods, qty × price), not what was saved
                const row = editing ? shownLine(def, line) : line;
                return (
                  <Table.Tr key={`${i}-${String(line[skuColumn?.key ?? ''] ?? '')}`}>
                    {lineColumns.map((c) => (
                      <Table.Td key={c.key} miw={c.widget === 'number' ? 110 : undefined}>
                        {editing && !c.readonly && c.key !== skuColumn?.key ? (
                          <FieldInput def={def} widget={c.widget} source={c.source} label={`${textOf(c.label, locale)} ${i + 1}`} value={line[c.key] ?? null} pickerParams={pickerParams(c, line, header)} onChange={(v) => setLine(i, c.key, v)} required={c.required} decimals={c.decimals} min={c.min} max={c.max} maxlength={c.maxlength} />
                        ) : c.format ? (
                          formatCell(row[c.key], c.format)
                        ) : (
                          <>
                            {shownValue(row, c.key, !!c.lookup, options[c.key])}
                            {c.key === skuColumn?.key && editing && line[PICKED_LOT] ? (
                              <Text fz="xs" c="dimmed" data-testid="picked-lot">
                                {t('documents.lots.lot_no')} {line[PICKED_LOT]}
                                {line[PICKED_LOT_STOCK] !== undefined ? ` · ${t('documents.lots.stock_num')} ${line[PICKED_LOT_STOCK]}` : ''}
                              </Text>
                            ) : null}
                          </>
                        )}
                      </Table.Td>
                    ))}
                    {editing || canLots ? (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {canLots && saved ? (
                            <Anchor component="button" fz="sm" onClick={() => setLotLine(saved)}>
                              {actions.includes('lots') ? t('documents.page.allocate') : t('documents.page.allocation')}
                            </Anchor>
                          ) : null}
                          {editing ? (
                            <Anchor component="button" fz="sm" c="red" onClick={() => setLines((cur) => cur.filter((_, k) => k !== i))}>
                              {t('documents.page.remove')}
                            </Anchor>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {editing ? (
          <Group justify="flex-end" mt="sm">
            <Button size="xs" loading={saving} onClick={() => save()}>
              {t('documents.page.save')}
            </Button>
          </Group>
        ) : null}
      </Card>
      {no && def.audit ? (
        <AuditDialog
          opened={dialog === 'audit'}
          onClose={() => setDialog(null)}
          documentType={type}
          documentNo={no}
          choices={auditChoices(def)}
          remarkRequired={def.audit.remark_required}
          onAudited={() => {
            void refreshDocumentLists(type);
            void detail.refetch();
          }}
        />
      ) : null}
      {no ? (
        <>
          <ApprovalRecordDialog
            opened={dialog === 'approvals'}
            onClose={() => setDialog(null)}
            source={{ records: (bt, bn) => dataSource.documents.approvals(bt, bn) }}
            businessType={type}
            businessNo={no}
          />
          <AttachmentList opened={dialog === 'attachments'} onClose={() => setDialog(null)} documentType={type} documentNo={no} disabled={!actions.includes('attach')} />
        </>
      ) : null}
      {no ? <DocumentPrintDialog def={def} nos={dialog === 'print' ? [no] : []} onClose={() => setDialog(null)} /> : null}
      {no && def.import ? (
        <ImportDialog opened={dialog === 'import'} onClose={() => { setDialog(null); detail.refetch(); }} importType={def.import.type} params={{ no }} />
      ) : null}
      {no && lotLine && skuColumn ? (
        <LotAllocation
          opened
          onClose={() => setLotLine(null)}
          documentType={type}
          documentNo={no}
          skuNo={String(lotLine[skuColumn.key])}
          businessItemId={Number(lotLine[lineKey])}
          editState={actions.includes('lots')}
        />
      ) : null}
    </Stack>
  );
}
