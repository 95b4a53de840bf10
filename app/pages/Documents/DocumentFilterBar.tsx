/**
 * The filter bar of a document list, built from the definition's filters: text, selects, pickers, date
 * and number ranges. Enter in a field searches; reset keeps the fields flagged not to clear.
 */
import { Box, Button, Group, SimpleGrid } from '@mantine/core';
import { todayIn } from '../../../engine/dates/today';
import type { DocumentFile, DocumentFilterDef } from '../../../engine/document/types';
import { DateRangeInput } from '../../blocks/DateRangeInput';
import { NumberRangeInput } from '../../blocks/NumberRangeInput';
import { OptionSelect } from '../../blocks/OptionSelect';
import { PickerCodesInput } from '../../blocks/PickerInput';
import { TextFilterInput } from '../../blocks/TextFilterInput';
import { useLocale, useT } from '../../i18n';
import { FilterField } from '../../report/parts/FilterField';
import { textOf, type FilterValue, type FilterValues } from './documents.logic';
import { useOptions } from './useOptions';

interface FieldProps {
  def: DocumentFile;
  filter: DocumentFilterDef;
  value: FilterValue;
  onChange: (v: FilterValue) => void;
  onEnter: () => void;
}

const asList = (v: FilterValue) => (Array.isArray(v) ? (v.filter((x) => typeof x === 'string') as string[]) : []);

function FilterInput({ def, filter, value, onChange, onEnter }: FieldProps) {
  const { locale } = useLocale();
  const label = textOf(filter.label, locale);
  const options = useOptions(filter.source, def, filter.widget === 'state', locale);
  switch (filter.widget) {
    case 'text':
      return <TextFilterInput label={label} value={typeof value === 'string' ? value : ''} maxlength={filter.maxlength} onChange={onChange} onEnter={onEnter} />;
    case 'date_range':
      return (
        <DateRangeInput
          label={label}
          today={todayIn(new Date())}
          value={(Array.isArray(value) ? value.map((x) => x ?? '') : ['', '']) as [string, string]}
          onChange={(v) => onChange([v[0] || null, v[1] || null] as [string | null, string | null])}
          onEnter={onEnter}
        />
      );
    case 'number_range':
      return (
        <NumberRangeInput
          label={label}
          min={filter.min}
          max={filter.max}
          value={(Array.isArray(value) ? value : [null, null]) as [number | null, number | null]}
          onChange={onChange}
          onEnter={onEnter}
        />
      );
    case 'picker':
      return filter.source?.kind === 'picker' ? (
        <PickerCodesInput picker={filter.source.picker} valueField={filter.source.value} size="sm" placeholder={label} value={asList(value)} onChange={onChange} />
      ) : (
        <TextFilterInput label={label} value={asList(value).join(',')} onChange={(v) => onChange(v.split(',').map((x) => x.trim()).filter(Boolean))} onEnter={onEnter} />
      );
    case 'multi_select':
      return <OptionSelect multiple label={label} options={options} value={asList(value)} onChange={onChange} />;
    default:
      return <OptionSelect label={label} options={options} value={typeof value === 'string' && value ? value : null} onChange={(v) => onChange(v ?? '')} />;
  }
}

export interface DocumentFilterBarProps {
  def: DocumentFile;
  filters: DocumentFilterDef[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  onSearch: () => void;
  onReset: () => void;
}

export function DocumentFilterBar({ def, filters, values, onChange, onSearch, onReset }: DocumentFilterBarProps) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Box
      component="form"
      data-testid="document-filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <SimpleGrid cols={{ base: 2, lg: 3, xl: 4 }} spacing="sm" verticalSpacing="xs">
        {filters.map((f) => (
          <FilterField key={f.id} label={textOf(f.label, locale)}>
            <FilterInput def={def} filter={f} value={values[f.id]} onChange={(v) => onChange({ ...values, [f.id]: v })} onEnter={onSearch} />
          </FilterField>
        ))}
        <Group gap="xs">
          <Button size="sm" onClick={onSearch}>
            {t('blocks.search')}
          </Button>
          <Button size="sm" variant="default" onClick={onReset}>
            {t('blocks.reset')}
          </Button>
        </Group>
      </SimpleGrid>
    </Box>
  );
}
