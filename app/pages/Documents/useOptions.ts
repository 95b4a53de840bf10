/** Options of a document field or filter: inline enumerations, the definition's states, or an option list. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { enumOptions, isEnumName } from '../../../engine/options';
import { useLocale } from '../../i18n';
import type { OptionItem, OptionSource } from '../../../engine/wire';
import type { DocumentFile } from '../../../engine/document/types';
import { apiGet } from '../../api/http';
import { textOf } from './documents.logic';

type Rows = { list: Record<string, unknown>[] };

const remoteName = (source: OptionSource | undefined) => (source?.kind === 'list' ? source.list : source?.kind === 'dict' ? `dict:${source.code}` : null);

function optionsQuery(source: OptionSource | undefined) {
  const list = remoteName(source);
  return {
    queryKey: ['documents', 'options', list],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      source?.kind === 'dict'
        ? apiGet<Rows>('/api/dict', { dic_code: source.code }, signal)
        : apiGet<Rows>(`/api/options/${encodeURIComponent(list!)}`, undefined, signal),
    enabled: !!list,
    staleTime: 10 * 60_000,
    retry: false,
  };
}

const itemsOf = (source: OptionSource | undefined, data: Rows | undefined, locale: string): OptionItem[] => {
  if (source?.kind === 'enum') return isEnumName(source.name) ? enumOptions(source.name, locale) : [];
  return (data?.list ?? []).map((r) => ({ value: String(r.value ?? r.dic_value), label: String(r.label ?? r.display_name_cn ?? r.value) }));
};

export function useOptions(source: OptionSource | undefined, def: DocumentFile | null, states: boolean, locale: string): OptionItem[] {
  const query = useQuery(optionsQuery(source));
  if (states && def) return def.states.map((s) => ({ value: s.code, label: textOf(s.label, locale) }));
  return itemsOf(source, query.data, locale);
}

/** The options of every field with an option source, by field key: labels for the codes lists and details show. */
export function useFieldOptions(fields: readonly { key: string; source?: OptionSource }[]): Record<string, OptionItem[]> {
  const { locale } = useLocale();
  const withOptions = fields.filter((f) => f.source && f.source.kind !== 'picker');
  const results = useQueries({ queries: withOptions.map((f) => optionsQuery(f.source)) });
  return Object.fromEntries(withOptions.map((f, i) => [f.key, itemsOf(f.source, results[i]?.data, locale)]));
}
