/**
 * A PickerInput whose value is the list of codes (what a report filter sends as operation_value). Names
 * picked in this field are remembered so it still shows 'code - name'; codes set from outside show with
 * the names given in `names`, or alone.
 */
import { useState } from 'react';
import type { Picked } from '../Picker/picker.types';
import { PickerInput, type PickerInputProps } from './PickerInput';
import { pickedCodes } from './pickerInput.logic';

export interface PickerCodesInputProps extends Omit<PickerInputProps, 'value' | 'onChange'> {
  value: string[];
  onChange: (codes: string[]) => void;
  /** names already known for codes set from outside (a saved document's looked-up names) */
  names?: Record<string, string>;
}

export function PickerCodesInput({ value, onChange, names: known, ...rest }: PickerCodesInputProps) {
  const [names, setNames] = useState<Record<string, string>>({});
  const picked: Picked[] = value.map((code) => ({ code, name: names[code] ?? known?.[code] ?? '' }));
  return (
    <PickerInput
      {...rest}
      value={picked}
      onChange={(next) => {
        setNames((n) => ({ ...n, ...Object.fromEntries(next.map((p) => [p.code, p.name])) }));
        onChange(pickedCodes(next));
      }}
    />
  );
}
