/** Picks one dimension or measure of a dataset (the studio's chip and indicator fields). */
import { Select } from '@mantine/core';
import { useLocale, useT } from '../../i18n';
import { optionData, type DatasetChoice } from './datasetOption.logic';

export interface DatasetOptionSelectProps {
  label?: string;
  choices: readonly DatasetChoice[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
  disabled?: boolean;
  id?: string;
}

export function DatasetOptionSelect({ label, choices, value, onChange, error, disabled, id }: DatasetOptionSelectProps) {
  const t = useT();
  const { locale } = useLocale();
  const data = optionData(choices, locale === 'en-US' ? 'en' : 'zh', { base: t('studio.base'), derived: t('studio.derived') }, value);
  return (
    <Select
      id={id}
      size="xs"
      label={label}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      // the studio's choices are required settings: clicking the chosen one keeps it instead of emptying it
      allowDeselect={false}
      searchable
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
