/**
 * The generic document list (/documents/:type): the definition's filter bar, toolbar and columns over
 * GET /api/documents/{type}; a document's number opens it. 查询 and 重置 always ask the server again, and
 * a write anywhere refreshes the list (api.ts). One selection, the checkbox column (a click on a row
 * ticks that row alone): 打印 prints every ticked document in one PDF, the other actions take exactly
 * one, and a button the selection does not fit says why on hover (list-selection.logic.ts). Rows are one
 * line high, a long text cut with its whole text on hover, so a screen of 1280 × 800 shows eight or more.
 * A sortable column sorts on a click anywhere on its header.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Anchor, Card, Center, Checkbox, Loader, ScrollArea, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { Link, useNavigate, useParams } from 'react-router';
import { documentRoute } from '../../../engine/document/menu';
import { auditChoices } from '../../../engine/document/rules';
import type { DocumentRow } from '../../../engine/document/wire';
import type { ListColumnDef } from '../../../engine/document/types';
import { useStoredAuth } from '../../api/session-store';
import { ApprovalRecordDialog } from '../../blocks/ApprovalRecordDialog/ApprovalRecordDialog';
import { AuditDialog } from '../../blocks/AuditDialog';
import { useBlocks } from '../../blocks/data-source/BlocksProvider';
import { Pager } from '../../blocks/Pager';
import { Toolbar } from '../../blocks/Toolbar';
import { useLocale, useT } from '../../i18n';
import { usePageTitle } from '../../shell/tabs/TabsProvider';
import { formatCell } from '../../report/format';
import { sortOfColumn } from '../../report/report.logic';
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
  nextListOrder,
  resetFilters,
  sameQuery,
  shownValue,
  stateLabel,
  textOf,
  visibleFor,
  type FilterValues,
} from './documents.logic';
import { freshSelection, listButtons, pageTicked, tickPage, tickRow, type Unfit } from './list-selection.logic';

/** what one print request takes (POST /api/print/down_data) */
const MAX_PRINT = 200;
/** widest a text cell grows before it is cut (px): ten columns stay on one line at 1280 px */
const CELL_MAX_WIDTH = 160;

const numeric = (c: ListColumnDef) => !!c.format && c.format !== 'text' && c.format !== 'date';

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
  const [orderBy, setOrderBy] = useState(def.list.default_order_by);
  const [ticked, setTicked] = useState<DocumentRow[]>([]);
  const [printing, setPrinting] = useState<string[]>([]);
  const options = useFieldOptions(columns);
  const [dialog, setDialog] = useState<'audit' | 'approvals' | null>(null);
  const query = useMemo(() => listQuery(filters, applied, { ...page, order_by: orderBy }), [filters, applied, page, orderBy]);
  const list = useDocumentList(type, query, true);
  const noKey = def.tables.no_column;
  const statusKey = def.tables.status_column;
  const rows = list.data?.list ?? [];
  const selected = freshSelection(ticked, rows, noKey);
  // the document the one-document actions work on: set only while exactly one is ticked
  const chosenNo = selected.length === 1 ? String(selected[0][noKey]) : null;

  // the page size stays as chosen; the same request again is fetched again, not answered from the cache
  const searchWith = (next: FilterValues) => {
    if (sameQuery(listQuery(filters, next, { ...page, page_num: 1, order_by: orderBy }), query)) void list.refetch();
    setApplied(next);
    setPage((p) => ({ ...p, page_num: 1 }));
  };
  const search = () => searchWith(values);
  // rule 324: a sort change reloads from page 1
  const sortBy = (field: string) => {
    setOrderBy((cur) => nextListOrder(cur, field));
    setPage((p) => ({ ...p, page_num: 1 }));
  };
  const reset = () => {
    const next = resetFilters(filters, values);
    setValues(next);
    searchWith(next);
  };

  const refresh = () => {
    setTicked([]);
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

  // buttons the selection does not fit are disabled (listButtons), so an action here has what it needs
  const onAction = (key: string) => {
    const action = key as ReturnType<typeof buttonAction>;
    if (action === 'add') return navigate(`${documentRoute(type)}/new`);
    if (action === 'print') return setPrinting(selected.map((r) => String(r[noKey])));
    if (!chosenNo) return;
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

  const hintOf = (unfit: Unfit | null, label: string): string | undefined => {
    switch (unfit?.reason) {
      case 'choose':
        return t('documents.page.chooseRow');
      case 'onlyOne':
        return t('documents.page.onlyOne', { action: label, count: unfit.count });
      case 'printMax':
        return t('documents.page.printTooMany', { max: unfit.max });
      case 'state':
        return t('documents.page.notInState', { action: label, state: unfit.state });
      default:
        return undefined;
    }
  };
  const buttons = listButtons(def, client, selected, locale, MAX_PRINT).map(({ unfit, ...b }) => ({ ...b, hint: hintOf(unfit, b.label ?? b.key) }));
  const onPage = pageTicked(ticked, rows, noKey);
  const isTicked = (no: string) => ticked.some((r) => String(r[noKey]) === no);

  /** A cell's content on one line: a text too wide for the cell is cut, its whole text on hover. */
  const cell = (c: ListColumnDef, r: DocumentRow, no: string): ReactNode => {
    if (c.key === noKey) {
      return (
        <Anchor component={Link} to={`${documentRoute(type)}/${encodeURIComponent(no)}`} fz="sm" onClick={(e) => e.stopPropagation()}>
          {no}
        </Anchor>
      );
    }
    if (c.key === statusKey) return <StateBadge {...stateLabel(def, r[c.key], locale)} />;
    const text = c.format ? formatCell(r[c.key], c.format) : shownValue(r, c.key, !!c.lookup, options[c.key]);
    return (
      <Text fz="sm" truncate="end" maw={Math.max(c.min_width ?? 0, CELL_MAX_WIDTH)} title={text}>
        {text}
      </Text>
    );
  };

  return (
    <Stack gap="sm">
      <Card>
        <Title order={5} mb="sm">
          {textOf(def.title, locale)}
        </Title>
        <DocumentFilterBar def={def} filters={filters} values={values} onChange={setValues} onSearch={search} onReset={reset} />
      </Card>
      <Card>
        <Toolbar buttons={buttons} onAction={onAction}>
          {ticked.length ? (
            <Text fz="xs" c="dimmed" data-testid="list-selection">
              {t('documents.page.ticked', { count: ticked.length })}{' '}
              <Anchor component="button" fz="xs" onClick={() => setTicked([])}>
                {t('documents.page.untick')}
              </Anchor>
            </Text>
          ) : null}
        </Toolbar>
        <ScrollArea mt="sm">
          <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={6} data-testid="document-list" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    size="xs"
                    aria-label={t('documents.page.tickPage')}
                    checked={onPage === 'all' && rows.length > 0}
                    indeterminate={onPage === 'some'}
                    onChange={() => setTicked((cur) => tickPage(cur, rows, noKey))}
                  />
                </Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key} miw={c.min_width} ta={numeric(c) ? 'right' : undefined}>
                    {c.sortable ? <SortHeader label={textOf(c.label, locale)} sorted={sortOfColumn(orderBy, c.key)} onSort={() => sortBy(c.key)} /> : textOf(c.label, locale)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const no = String(r[noKey]);
                const on = isTicked(no);
                return (
                  // a click on the row ticks it alone; its checkbox adds it to (or takes it from) the others
                  <Table.Tr key={no} onClick={() => setTicked([r])} bg={on ? 'var(--mantine-primary-color-light)' : undefined} style={{ cursor: 'pointer' }} data-ticked={on || undefined}>
                    <Table.Td>
                      <Checkbox size="xs" aria-label={t('documents.page.tick', { no })} checked={on} onClick={(e) => e.stopPropagation()} onChange={(e) => setTicked((cur) => tickRow(cur, r, e.currentTarget.checked, noKey))} />
                    </Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta={numeric(c) ? 'right' : undefined}>
                        {cell(c, r, no)}
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

/** A sortable column's header: the whole of it is one button (its words as much as its mark). */
function SortHeader({ label, sorted, onSort }: { label: string; sorted: 'asc' | 'desc' | null; onSort: () => void }) {
  const t = useT();
  const Mark = sorted === 'asc' ? IconSortAscending : sorted === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <UnstyledButton onClick={onSort} fz="sm" fw={600} w="100%" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-sorted={sorted ?? undefined}>
      {label}
      <Mark size={14} color={sorted ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)'} aria-label={sorted ? t(sorted === 'asc' ? 'report.sortAsc' : 'report.sortDesc') : undefined} aria-hidden={!sorted || undefined} />
    </UnstyledButton>
  );
}
