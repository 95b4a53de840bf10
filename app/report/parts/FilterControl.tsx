/**
 * The widget of one filter item, by its type: text, number range, single or multi select over its option
 * list, and picker / cascader filters through the blocks' PickerInput (an "in" filter picks many). A
 * picker the blocks lack falls back to a multi-select over its matching option list, or a box of codes.
 */
import { TagsInput } from '@mantine/core';
import type { FilterValue, NumberRange } from '../../../engine/query';
import { OPERATORS, type DimensionItem } from '../../../engine/wire';
import { NumberRangeInput } from '../../blocks/NumberRangeInput';
import { PickerCodesInput } from '../../blocks/PickerInput';
import { OptionSelect } from '../../blocks/OptionSelect';
import { TextFilterInput } from '../../blocks/TextFilterInput';
import { useT } from '../../i18n';
import { pickerTypeOf, useFilterOptions } from '../useFilterOptions';

export interface FilterControlProps {
  item: DimensionItem;
  value: FilterValue | undefined;
  onChange: (value: FilterValue) => void;
  onEnter: () => void;
}

const asList = (v: FilterValue | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function OptionFilter({ item, value, onChange }: FilterControlProps) {
  const t = useT();
  const { options, loading, hasSource } = useFilterOptions(item);
  const multiple = item.type !== 'select';
  if (!hasSource && multiple) {
    return (
      <TagsInput
        size="sm"
        aria-label={item.label}
        placeholder={asList(value).length ? undefined : (item.placeholder ?? t('report.pleaseEnter'))}
        value={asList(value)}
        onChange={onChange}
        clearable
        splitChars={[',', '，', ' ']}
      />
    );
  }
  return multiple ? (
    <OptionSelect multiple label={item.label} placeholder={item.placeholder} options={options} loading={loading} value={asList(value)} onChange={onChange} />
  ) : (
    <OptionSelect
      label={item.label}
      placeholder={item.placeholder}
      options={options}
      loading={loading}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
    />
  );
}

export function FilterControl(props: FilterControlProps) {
  const t = useT();
  const { item, value, onChange, onEnter } = props;
  switch (item.type) {
    case 'text':
      return (
        <TextFilterInput
          label={item.label}
          placeholder={item.placeholder ?? t('report.pleaseEnter')}
          value={typeof value === 'string' ? value : ''}
          maxlength={item.maxlength}
          onChange={onChange}
          onEnter={onEnter}
        />
      );
    case 'number_range':
      return (
        <NumberRangeInput
          label={item.label}
          min={item.min}
          max={item.max}
          value={Array.isArray(value) && value.length === 2 ? (value as NumberRange) : [null, null]}
          onChange={onChange}
          onEnter={onEnter}
        />
      );
    default: {
      const picker = pickerTypeOf(item);
      if (picker)
        return (
          <PickerCodesInput
            picker={picker}
            size="sm"
            multiple={item.default_operator_id === OPERATORS.in ? true : undefined}
            placeholder={item.placeholder}
            value={asList(value)}
            onChange={onChange}
          />
        );
      return <OptionFilter {...props} />;
    }
  }
}
