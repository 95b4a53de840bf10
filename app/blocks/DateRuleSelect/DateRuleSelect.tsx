/** Picks a date rule of a report range: default kind, restriction or granularity, by its meaning. */
import { Select } from '@mantine/core';
import { useLocale } from '../../i18n';
import { dateRuleOptions, type DateRuleKind } from './dateRule.logic';

export interface DateRuleSelectProps {
  kind: DateRuleKind;
  label?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
  disabled?: boolean;
  id?: string;
}

export function DateRuleSelect({ kind, label, value, onChange, error, disabled, id }: DateRuleSelectProps) {
  const { locale } = useLocale();
  return (
    <Select
      id={id}
      size="xs"
      label={label}
      data={dateRuleOptions(kind, locale === 'en-US' ? 'en' : 'zh')}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      allowDeselect={false}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
