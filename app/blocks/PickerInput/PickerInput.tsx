/**
 * A form or filter field backed by a picker: shows the chosen values as 'code - name', opens the picker
 * on click, clears with the ×. Report filters use it for option sources {kind:'picker', picker}.
 */
import { useMemo, useState } from 'react';
import { CloseButton, Input, InputBase, Tooltip } from '@mantine/core';
import { useT } from '../../i18n';
import type { ListQuery } from '../data-source/types';
import type { Picked } from '../Picker/picker.types';
import { resolvePicker } from '../Picker/registry';
import { AnyPicker } from './AnyPicker';
import { pickedFromRows, pickedText, rowsFromPicked } from './pickerInput.logic';

export interface PickerInputProps {
  /** a registry type: 'org', 'store', 'supplier', 'wholesaler', 'warehouse', 'brand', 'account', 'salesman', 'pickup_point', 'goods', … */
  picker: string;
  value: Picked[];
  onChange: (value: Picked[]) => void;
  /** overrides the picker's own single/multiple mode */
  multiple?: boolean;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
  size?: 'xs' | 'sm';
  w?: number | string;
  extraParams?: ListQuery;
  /** the row field taken as the value instead of the picker's code (a store's org_code) */
  valueField?: string;
}

export function PickerInput({
  picker,
  value,
  onChange,
  multiple,
  label,
  placeholder,
  disabled,
  clearable = true,
  size = 'xs',
  w,
  extraParams,
  valueField,
}: PickerInputProps) {
  const t = useT();
  // an unknown type raises 参数异常 here (rule 381)
  const desc = resolvePicker(picker);
  const [opened, setOpened] = useState(false);
  const text = pickedText(value);
  const initialChosen = useMemo(() => rowsFromPicked(desc, value, valueField), [desc, value, valueField]);

  return (
    <>
      <Tooltip label={text} disabled={!text} multiline maw={400} openDelay={400}>
        <InputBase
          component="button"
          type="button"
          size={size}
          w={w}
          label={label}
          disabled={disabled}
          pointer
          onClick={() => setOpened(true)}
          rightSection={
            clearable && value.length > 0 && !disabled ? (
              <CloseButton size="sm" aria-label={t('blocks.clear')} onClick={(e) => { e.stopPropagation(); onChange([]); }} />
            ) : undefined
          }
          rightSectionPointerEvents={clearable && value.length > 0 ? 'all' : 'none'}
          styles={{ input: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' } }}
        >
          {text || <Input.Placeholder>{placeholder ?? t('blocks.pleaseSelect')}</Input.Placeholder>}
        </InputBase>
      </Tooltip>
      {opened && (
        <AnyPicker
          description={desc}
          opened={opened}
          multiple={multiple}
          extraParams={extraParams}
          initialChosen={initialChosen}
          onClose={() => setOpened(false)}
          onConfirm={(rows) => onChange(pickedFromRows(desc, rows, valueField))}
        />
      )}
    </>
  );
}
