/** The studio page's server state: lists, the open draft's validation, versions and the save actions. */
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { shellKeys } from '../../shell/shell-api';
import { studioApi } from './studio-api';

export const studioKeys = {
  datasets: ['studio', 'datasets'] as const,
  reports: ['studio', 'reports'] as const,
  versions: (id: number | null) => ['studio', 'versions', id] as const,
  validate: (text: string) => ['studio', 'validate', text] as const,
};

export interface OpenReport {
  draft: Record<string, unknown>;
  /** the tenant's saved id, null for a draft not saved yet */
  savedId: number | null;
  shipped: boolean;
}

export function useStudio() {
  const client = useQueryClient();
  const datasets = useQuery({ queryKey: studioKeys.datasets, queryFn: studioApi.datasets, staleTime: Infinity });
  const reports = useQuery({ queryKey: studioKeys.reports, queryFn: studioApi.reports });
  const [open, setOpen] = useState<OpenReport | null>(null);
  const text = open ? JSON.stringify(open.draft) : '';
  const [checked] = useDebouncedValue(text, 300);
  const validation = useQuery({
    queryKey: studioKeys.validate(checked),
    queryFn: ({ signal }) => studioApi.validate(JSON.parse(checked), signal),
    enabled: !!checked && !open?.shipped,
    staleTime: Infinity,
  });
  const versions = useQuery({
    queryKey: studioKeys.versions(open?.savedId ?? null),
    queryFn: () => studioApi.versions(open!.savedId!),
    enabled: !!open?.savedId,
  });
  // the answer counts only for the draft as it is now: while typing, Save waits for the check
  const current = checked === text && validation.isSuccess && !validation.isFetching;
  const errors = current ? validation.data : (validation.data ?? []);
  const canSave = !!open && !open.shipped && current && validation.data.length === 0;

  const refreshLists = async (id: number | null) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: studioKeys.reports }),
      client.invalidateQueries({ queryKey: studioKeys.versions(id) }),
      client.invalidateQueries({ queryKey: shellKeys.menu }),
    ]);
  };

  return { datasets, reports, open, setOpen, errors, canSave, versions, refreshLists };
}
