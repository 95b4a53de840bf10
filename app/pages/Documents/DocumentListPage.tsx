/**
 * The generic document list (/documents/:type): the definition's filter bar, toolbar and columns over
 * GET /api/documents/{type}. A row is chosen for the toolbar's document actions; its number opens it.
 * 查询 and 重置 always ask the server again, and a write anywhere refreshes the list (api.ts). Rows
 * ticked in the first column print together, in one PDF.
 */
import { useMemo, useState } from 'react';
import { Anchor, Card, Center, Checkbox, Group, Loader, Radio, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link, useNavigate, useParams } from 'react-router';
import { documentRoute } from '../../../engine/document/menu';
import { auditChoices } from '../../../engine/document/rules';
import type { DocumentRow } from '../../../engine/document/wire';
import { useStoredAuth } from '../../api/session-store';
import { ApprovalRecordDialog } from '../../blocks/ApprovalRecordDialog/ApprovalRecordDialog';
import { AuditDialog } from '../../blocks/AuditDialog';
import { useBlocks } from '../../blocks/data-source/BlocksProvider';
import { Pager } from '../../blocks/Pager';
import { Toolbar } from '../../blocks/Toolbar';
import { useLocale, useT } from '../../i18n';
import { usePageTitle } from '../../shell/tabs/TabsProvider';
import { formatCell } from '../../report/format';
import { NotFoundPage } from '../NotFound/NotFoundPage';
import { deleteDocument, submitDocument, useDocumentList, useDocumentType } from './api';
import { StateBadge } from './StateBadge';
import { DocumentPrintDialog } from './DocumentPrintDialog';
import { DocumentFilterBar } from './DocumentFilterBar';
import { useFieldOptions } from './useOptions';
import {
  buttonAction,
  DEFAULT_PAGE_SIZE,
  initialFilters,
  listQuery,
  printTargets,
  resetFilters,
  sameQuery,
  shownValue,
  stateActions,
  stateLabel,
  textOf,
  toolbarButtons,
  visibleFor,
  type FilterValues,
} from './documents.logic';

/** what one print request takes (POST /api/print/down_data) */
const MAX_PRINT = 200;

export function DocumentListPage() {
  const { type = '' } = useParams();
  const { item, loading } = useDocumentType(type);
  if (loading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!item) return <NotFoundPage />;
  return <DocumentList key={type} type={type} def={item.definition} />;
}

function DocumentList({ type, def }: { type: string; def: NonNullable<ReturnType<typeof useDocumentType>['item']>['definition'] }) {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const client = useStoredAuth()?.session.client ?? 'HMT';
  const { dataSource, notify } = useBlocks();
  const filters = useMemo(() => visibleFor(def.filters, client), [def, client]);
  const columns = useMemo(() => visibleFor(def.list.columns, client), [def, client]);
  usePageTitle(textOf(def.title, locale));
  const [values, setValues] = useState<FilterValues>(() => initialFilters(filters));
  const [applied, setApplied] = useState<FilterValues>(values);
  const [page, setPage] = useState({ page_num: 1, page_size: def.list.page_size ?? DEFAULT_PAGE_SIZE });
  const [chosen, setChosen] = useState<DocumentRow | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [printing, setPrinting] = useState<string[]>([]);
  const options = useFieldOptions(columns);
  const [dialog, setDialog] = useState<'audit' | 'approvals' | null>(null);
  const query = useMemo(() => listQuery(filters, applied, { ...page, order_by: def.list.default_order_by }), [filters, applied, page, def]);
  const list = useDocumentList(type, query, true);
  const noKey = def.tables.no_column;
  const statusKey = def.tables.status_column;
  const chosenNo = chosen ? String(chosen[noKey]) : null;
  const allowed = chosen ? stateActions(def, String(chosen[statusKey]), client) : null;

  // the page size stays as chosen; the same request again is fetched again, not answered from the cache
  const searchWith = (next: FilterValues) => {
    if (sameQuery(listQuery(filters, next, { ...page, page_num: 1, order_by: def.list.default_order_by }), query)) void list.refetch();
    setApplied(next);
    setPage((p) => ({ ...p, page_num: 1 }));
  };
  const search = () => searchWith(values);
  const reset = () => {
    const next = resetFilters(filters, values);
    setValues(next);
    searchWith(next);
  };

  const refresh = () => {
    setChosen(null);
    void list.refetch();
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, 'success');
      refresh();
    } catch (err) {
      notify((err as Error).message, 'error');
    }
  };

  const onAction = (key: string) => {
    const action = key as ReturnType<typeof buttonAction>;
    if (action === 'add') return navigate(`${documentRoute(type)}/new`);
    if (action === 'print') {
      const nos = printTargets(ticked, chosenNo);
      if (nos.length > MAX_PRINT) return notify(t('documents.page.printTooMany', { max: MAX_PRINT }));
      return nos.length ? setPrinting(nos) : notify(t('documents.page.chooseRow'));
    }
    if (!chosenNo) return notify(t('documents.page.chooseRow'));
    switch (action) {
      case 'delete':
        return modals.openConfirmModal({
          title: t('documents.page.deleteTitle'),
          children: <Text fz="sm">{t('documents.page.deleteConfirm', { no: chosenNo })}</Text>,
          labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => run(() => deleteDocument(type, chosenNo), t('documents.page.deleted')),
        });
      case 'submit':
        return run(() => submitDocument(type, chosenNo), t('documents.page.submitted'));
      case 'audit':
        return setDialog('audit');
      case 'approvals':
        return setDialog('approvals');
      default:
        return navigate(`${documentRoute(type)}/${encodeURIComponent(chosenNo)}`);
    }
  };

  const rows = list.data?.list ?? [];
  const pageNos = rows.map((r) => String(r[noKey]));
  const allTicked = pageNos.length > 0 && pageNos.every((n) => ticked.includes(n));
  const tick = (no: string, on: boolean) => setTicked((cur) => (on ? [...cur.filter((n) => n !== no), no] : cur.filter((n) => n !== no)));
  return (
    <Stack gap="sm">
      <Card>
        <Title order={5} mb="sm">
          {textOf(def.title, locale)}
        </Title>
        <DocumentFilterBar def={def} filters={filters} values={values} onChange={setValues} onSearch={search} onReset={reset} />
      </Card>
      <Card>
        <Toolbar buttons={toolbarButtons(def.toolbar.list, allowed, locale, !!def.print).map((b) => (b.key === 'add' ? { ...b, disabled: false } : b))} onAction={onAction} />
        <ScrollArea mt="sm">
          <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={8} data-testid="document-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={64}>
                  <Checkbox
                    size="xs"
                    aria-label={t('documents.page.tickPage')}
                    checked={allTicked}
                    indeterminate={!allTicked && pageNos.some((n) => ticked.includes(n))}
                    onChange={() => setTicked((cur) => (allTicked ? cur.filter((n) => !pageNos.includes(n)) : [...new Set([...cur, ...pageNos])]))}
                  />
                </Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key} miw={c.min_width} ta={c.format && c.format !== 'text' && c.format !== 'date' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {textOf(c.label, locale)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const no = String(r[noKey]);
                return (
                  <Table.Tr key={no} onClick={() => setChosen(r)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      {/* ticked to print together; the radio chooses the row for the other actions */}
                      <Group gap={8} wrap="nowrap">
                        <Checkbox size="xs" aria-label={t('documents.page.tick', { no })} checked={ticked.includes(no)} onClick={(e) => e.stopPropagation()} onChange={(e) => tick(no, e.currentTarget.checked)} />
                        <Radio size="xs" value={no} checked={chosenNo === no} onChange={() => setChosen(r)} aria-label={no} />
                      </Group>
                    </Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={c.format && c.format !== 'text' && c.format !== 'date' ? 'right' : undefined}>
                        {c.key === noKey ? (
                          <Anchor component={Link} to={`${documentRoute(type)}/${encodeURIComponent(no)}`} fz="sm">
                            {no}
                          </Anchor>
                        ) : c.key === statusKey ? (
                          <StateBadge {...stateLabel(def, r[c.key], locale)} />
                        ) : c.format ? (
                          formatCell(r[c.key], c.format)
                        ) : (
                          shownValue(r, c.key, !!c.lookup, options[c.key])
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + 1}>
                    <Text ta="center" c="dimmed" py="md" fz="sm">
                      {list.isLoading ? t('blocks.loading') : t('blocks.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Pager page={page.page_num} pageSize={page.page_size} total={list.data?.total ?? 0} onChange={(page_num, page_size) => setPage({ page_num, page_size })} onRefuse={(m) => notify(m)} />
      </Card>
      {chosenNo && def.audit ? (
        <AuditDialog
          opened={dialog === 'audit'}
          onClose={() => setDialog(null)}
          documentType={type}
          documentNo={chosenNo}
          choices={auditChoices(def)}
          remarkRequired={def.audit.remark_required}
          onAudited={refresh}
        />
      ) : null}
      {chosenNo ? (
        <ApprovalRecordDialog
          opened={dialog === 'approvals'}
          onClose={() => setDialog(null)}
          source={{ records: (bt, bn) => dataSource.documents.approvals(bt, bn) }}
          businessType={type}
          businessNo={chosenNo}
        />
      ) : null}
      <DocumentPrintDialog def={def} nos={printing} onClose={() => setPrinting([])} onPrinted={() => setTicked([])} />
    </Stack>
  );
}
