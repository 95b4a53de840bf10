/** Options of a document field or filter: inline enumerations, the definition's states, or an option list. */
import { useQuery } from '@tanstack/react-query';
import { ENUMS, isEnumName } from '../../../engine/options';
import type { OptionItem, OptionSource } from '../../../engine/wire';
import type { DocumentFile } from '../../../engine/document/types';
import { apiGet } from '../../api/http';
import { textOf } from './documents.logic';

export function useOptions(source: OptionSource | undefined, def: DocumentFile | null, states: boolean, locale: string): OptionItem[] {
  const list = source?.kind === 'list' ? source.list : source?.kind === 'dict' ? `dict:${source.code}` : null;
  const query = useQuery({
    queryKey: ['documents', 'options', list],
    queryFn: ({ signal }) =>
      source?.kind === 'dict'
        ? apiGet<{ list: Record<string, unknown>[] }>('/api/dict', { dic_code: source.code }, signal)
        : apiGet<{ list: Record<string, unknown>[] }>(`/api/options/${encodeURIComponent(list!)}`, undefined, signal),
    enabled: !!list,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (states && def) return def.states.map((s) => ({ value: s.code, label: textOf(s.label, locale) }));
  if (source?.kind === 'enum') return isEnumName(source.name) ? ENUMS[source.name] : [];
  return (query.data?.list ?? []).map((r) => ({ value: String(r.value ?? r.dic_value), label: String(r.label ?? r.display_name_cn ?? r.value) }));
}
