/**
 * A single or multi select over an option list (SEL / MS filters). Multi values are lists (rule 148); a
 * failed load shows an empty list and leaves the filter as it is (rules 188, 199).
 */
import { Loader, MultiSelect, Select, type MantineSize } from '@mantine/core';
import type { OptionItem } from '../../../engine/wire';
import { useT } from '../../i18n';
import { chosenOf, toSelectData } from './optionSelect.logic';

interface CommonProps {
  options: readonly OptionItem[] | null | undefined;
  loading?: boolean;
  placeholder?: string;
  /** accessible name when the label stands beside the field */
  label?: string;
  size?: MantineSize;
  disabled?: boolean;
  /** a required single select keeps its value: choosing the chosen option again does not clear it */
  required?: boolean;
}

export type OptionSelectProps = CommonProps &
  (
    | { multiple?: false; value: string | null; onChange: (value: string | null) => void }
    | { multiple: true; value: string[]; onChange: (value: string[]) => void }
  );

export function OptionSelect(props: OptionSelectProps) {
  const t = useT();
  const { options, loading, placeholder, label, size = 'sm', disabled, required } = props;
  const data = toSelectData(options, chosenOf(props.value));
  const common = {
    size,
    data,
    disabled,
    searchable: true,
    clearable: !required,
    'aria-label': label,
    nothingFoundMessage: loading ? undefined : t('report.noOptions'),
    rightSection: loading ? <Loader size={12} /> : undefined,
    comboboxProps: { withinPortal: true },
  };
  if (props.multiple) {
    return (
      <MultiSelect
        {...common}
        placeholder={props.value.length ? undefined : (placeholder ?? t('report.pleaseSelect'))}
        value={props.value}
        onChange={props.onChange}
        maxValues={undefined}
        hidePickedOptions={false}
        styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
      />
    );
  }
  return <Select {...common} allowDeselect={!required} placeholder={placeholder ?? t('report.pleaseSelect')} value={props.value} onChange={(v) => props.onChange(v)} />;
}
