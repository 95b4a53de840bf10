/** The filter row of a picker dialog: its fields, 查询 and 重置; Enter in a field searches. */
import type { ReactNode } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useT } from '../../i18n';
import type { PickerFilter } from './picker.types';

/** Filter text inputs allow 35 characters by default (rule 326). */
export const FILTER_MAXLENGTH = 35;

interface Props {
  filters: PickerFilter[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  children?: ReactNode;
}

export function FilterBar({ filters, values, onChange, onSearch, onReset, children }: Props) {
  const t = useT();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {filters.map((f) =>
        f.kind === 'select' ? (
          <Select
            key={f.key}
            size="xs"
            w={160}
            label={t(f.label)}
            placeholder={t('blocks.pleaseSelect')}
            clearable
            data={(f.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
            value={values[f.key] ?? null}
            onChange={(v) => onChange(f.key, v ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            key={f.key}
            size="xs"
            w={180}
            label={t(f.label)}
            placeholder={t('blocks.pleaseEnter')}
            maxLength={FILTER_MAXLENGTH}
            withAsterisk={!!f.required}
            value={values[f.key] ?? ''}
            onChange={(e) => onChange(f.key, e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && onSearch()}
          />
        ),
      )}
      {children}
      <Button size="xs" onClick={onSearch}>
        {t('blocks.search')}
      </Button>
      <Button size="xs" variant="default" onClick={onReset}>
        {t('blocks.reset')}
      </Button>
    </Group>
  );
}
