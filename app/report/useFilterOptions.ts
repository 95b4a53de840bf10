/**
 * Option lists of the filters (spec §3, §7): loaded once per source and cached; a failed load leaves the
 * list empty (rules 188, 199). Inline options (enumerations sent with the config) need no call.
 */
import { useQuery } from '@tanstack/react-query';
import type { DimensionItem, OptionItem, OptionSource } from '../../engine/wire';
import { isPickerName } from '../../engine/definition/known';
import { useReportSource } from './source';

/** Cascader types served by a picker of the blocks (1 back category, 3 online category, 6 member tag). */
const CASCADER_PICKERS: Partial<Record<number, string>> = { 1: 'category', 3: 'online_category', 6: 'member_tag' };

/** The blocks' picker type of a picker or cascader filter, when the blocks have one. */
export function pickerTypeOf(item: DimensionItem): string | null {
  const source = item.source;
  const type = source?.kind === 'picker' ? source.picker : source?.kind === 'cascader' ? CASCADER_PICKERS[source.cascader] : undefined;
  return type && isPickerName(type) ? type : null;
}

/**
 * Where a filter's options come from: its list, dictionary or enumeration; a picker or cascader filter
 * with no picker of its own uses the matching option list (supplier → suppliers, finance category).
 */
export function optionSourceOf(item: DimensionItem): OptionSource | null {
  const source = item.source;
  if (!source) return null;
  switch (source.kind) {
    case 'list':
    case 'dict':
    case 'enum':
      return source;
    case 'picker':
      return source.picker === 'supplier' && !pickerTypeOf(item) ? { kind: 'list', list: 'suppliers' } : null;
    case 'cascader':
      return source.cascader === 2 ? { kind: 'list', list: 'finance_categories' } : null;
  }
}

export function useFilterOptions(item: DimensionItem): { options: OptionItem[] | null; loading: boolean; hasSource: boolean } {
  const source = useReportSource();
  const from = item.options?.length ? null : optionSourceOf(item);
  const query = useQuery({
    queryKey: ['report', 'options', from],
    queryFn: ({ signal }) => source.options(from!, signal),
    enabled: !!from,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (item.options?.length) return { options: item.options, loading: false, hasSource: true };
  return { options: query.isError ? null : (query.data ?? []), loading: query.isLoading, hasSource: !!from };
}
