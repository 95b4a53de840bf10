/**
 * The report page's state and fetching (docs/architecture.md, 'How a report screen works'): the config
 * from the server, the engine's query state driven by pure transitions, the data and totals queries it
 * asks for, and the user notices.
 * Every user action goes through `apply(transition)`; `query` or `fetch_seq` changing is what fetches.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { todayIn } from '../../engine/dates';
import { changeTab, configLoaded, initialState, type ReportState } from '../../engine/query';
import type { Column, ReportConfig, ReportQuery, ReportRow } from '../../engine/wire';
import { useSession } from '../api';
import { useLocale } from '../i18n';
import { nextTotalsRequest, rowsWaitForTotals, type TotalsRequest } from './report.logic';
import { useReportSource, type ReportSource } from './source';

export interface PageStore {
  config: ReportConfig;
  state: ReportState;
  totals: TotalsRequest | null;
}

export type Transition = (state: ReportState, config: ReportConfig, today: string) => ReportState;

/** The tenant's today (Asia/Shanghai), read fresh for each transition that needs it (reset, shortcuts). */
export const tenantToday = (): string => todayIn(new Date());

const withState = (store: PageStore, state: ReportState): PageStore =>
  state === store.state ? store : { ...store, state, totals: nextTotalsRequest(store.totals, state) };

export function showError(message: string): void {
  notifications.show({ message, color: 'red', position: 'top-center', autoClose: 4000 });
}

export function showWarning(message: string): void {
  notifications.show({ message, color: 'orange', position: 'top-center', autoClose: 3000 });
}

// a screen's answers are kept while it shows (staleTime) and a minute after; a failed fetch is not repeated.
// Its column titles are in the user's language: another language is another answer.
const dataQuery = (source: ReportSource, query: ReportQuery | null, seq: number, locale: string) =>
  queryOptions({
    queryKey: ['report', 'data', query, seq, locale],
    queryFn: ({ signal }) => source.data(query!, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

const totalsQuery = (source: ReportSource, request: TotalsRequest | null) =>
  queryOptions({
    queryKey: ['report', 'totals', request?.query ?? null, request?.seq ?? 0],
    queryFn: ({ signal }) => source.totals(request!.query, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

/**
 * Whether the page's watch on a query may fetch: not a failed one. The fetch starts in the change that asks for
 * it, before the page watches; a watch taking up a query that already failed would fetch it again.
 */
const mayFetch = (wanted: boolean) => (query: { state: { status: string } }) => wanted && query.state.status !== 'error';

const NO_COLUMNS: Column[] = [];
const NO_ROWS: ReportRow[] = [];

/** `value`, or the last value it had while `hold` was false. */
function useHeld<T>(value: T, hold: boolean): T {
  const last = useRef(value);
  if (!hold) last.current = value;
  return last.current;
}

export function useReportPage(pageId: number) {
  const source = useReportSource();
  const { locale } = useLocale();
  const { data: session } = useSession();
  const orgCodes = useMemo(() => (session?.account_org_relation ?? []).map((r) => r.org_code), [session]);
  const queryClient = useQueryClient();
  const [store, setStore] = useState<PageStore | null>(null);
  // the store as last changed: a change is computed in the event that makes it, so a search's requests leave
  // before the page renders its loading state (that render took ~100 ms before the request was sent)
  const latest = useRef<PageStore | null>(null);
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const change = useCallback(
    (update: (prev: PageStore | null) => PageStore | null) => {
      const prev = latest.current;
      const next = update(prev);
      if (next === prev) return;
      latest.current = next;
      setStore(next);
      const query = next?.state.query;
      if (query && (query !== prev?.state.query || next.state.fetch_seq !== prev.state.fetch_seq)) {
        void queryClient.prefetchQuery(dataQuery(source, query, next.state.fetch_seq, localeRef.current));
      }
      if (next?.totals && next.totals !== prev?.totals) void queryClient.prefetchQuery(totalsQuery(source, next.totals));
    },
    [queryClient, source],
  );
  // the history tab the config was last asked for (null: the server's default tab)
  const [requested, setRequested] = useState<'1' | '2' | null>(null);

  const configQuery = useQuery({
    // the config's titles and labels are in the user's language: another language is another config
    queryKey: ['report', 'config', pageId, requested, locale],
    queryFn: ({ signal }) => source.config(pageId, requested, signal),
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    const config = configQuery.data;
    if (!config) return;
    change((prev) => {
      if (!prev) {
        const state = initialState(config, tenantToday(), { org_codes: orgCodes });
        return { config, state, totals: nextTotalsRequest(null, state) };
      }
      // rule 103: the tab's config arrived; its defaults, then its first search
      if (prev.state.reload_config && prev.state.is_history === requested) {
        return withState({ ...prev, config }, configLoaded(prev.state, config, tenantToday()));
      }
      // the same report in another language: new texts, the user's query kept
      if (!prev.state.reload_config && prev.config.table_id === config.table_id && prev.config !== config) return { ...prev, config };
      return prev;
    });
    // orgCodes are read once, when the page opens (left out of the deps on purpose)
  }, [configQuery.data, requested]);

  const apply = useCallback(
    (transition: Transition) => change((prev) => (prev ? withState(prev, transition(prev.state, prev.config, tenantToday())) : prev)),
    [change],
  );

  const selectTab = useCallback(
    (isHistory: '1' | '2') => {
      change((prev) => (prev ? withState(prev, changeTab(prev.state, prev.config, isHistory)) : prev));
      setRequested(isHistory);
    },
    [change],
  );

  const query = store?.state.query ?? null;
  const seq = store?.state.fetch_seq ?? 0;
  const data = useQuery({ ...dataQuery(source, query, seq, locale), enabled: mayFetch(!!query), placeholderData: keepPreviousData });

  const totalsRequest = store?.totals ?? null;
  const totals = useQuery({ ...totalsQuery(source, totalsRequest), enabled: mayFetch(!!totalsRequest), placeholderData: keepPreviousData });

  // notices of the transitions (请选择日期, page limit, 选择日期超出限制), once each
  const notice = store?.state.notice ?? null;
  useEffect(() => {
    if (notice) showWarning(locale === 'zh-CN' ? notice.zh : notice.en);
    // keyed on the notice's seq: the same message raised twice shows twice, a re-render shows nothing
  }, [notice?.seq]);

  useEffect(() => {
    if (data.error && (data.error as Error).name !== 'AbortError') showError(data.error.message);
  }, [data.error]);

  // a search's rows wait for its totals, so one render brings both (each render of the table costs a paint)
  const waiting = rowsWaitForTotals(totalsRequest, seq, totals.isFetching);
  // rule 128: an emptied table shows nothing; rule 122: a failed fetch shows nothing and stops loading
  const shown = useHeld(query && !data.isError ? data.data : undefined, waiting);
  const rows: ReportRow[] = shown?.list ?? NO_ROWS;
  // each answer carries its columns anew; the same columns stay the same array, so the table keeps its
  // column definitions (new ones rebuild its header and every cell) and only the rows change
  const title = shown?.title ?? NO_COLUMNS;
  const titleKey = JSON.stringify(title);
  const columns = useMemo(() => title, [titleKey]);
  // rule 123: a failed totals fetch clears the totals row
  const totalsRow: ReportRow | null = totalsRequest && !totals.isError ? (totals.data?.list?.[0] ?? null) : null;

  return {
    store,
    config: store?.config ?? null,
    state: store?.state ?? null,
    configQuery,
    apply,
    selectTab,
    columns,
    rows,
    total: shown?.total ?? 0,
    totalsRow,
    loading: !!query && (data.isFetching || waiting),
    tabLoading: !!store?.state.reload_config && configQuery.isFetching,
  };
}

export type ReportPage = ReturnType<typeof useReportPage>;
