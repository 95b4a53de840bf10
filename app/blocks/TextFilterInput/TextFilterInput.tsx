/** A filter text box: cut at its maxlength, trimmed when sent, Enter searches (rules 322, 325, 326). */
import { TextInput, type MantineSize } from '@mantine/core';
import { isSearchKey, TEXT_MAXLENGTH, typedText } from './textFilter.logic';

export interface TextFilterInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed: the filter box searches */
  onEnter?: () => void;
  maxlength?: number;
  placeholder?: string;
  /** accessible name when the label stands beside the field */
  label?: string;
  size?: MantineSize;
  disabled?: boolean;
}

export function TextFilterInput({ value, onChange, onEnter, maxlength = TEXT_MAXLENGTH, placeholder, label, size = 'sm', disabled }: TextFilterInputProps) {
  return (
    <TextInput
      size={size}
      value={value}
      maxLength={maxlength}
      placeholder={placeholder}
      aria-label={label}
      disabled={disabled}
      onChange={(e) => onChange(typedText(e.currentTarget.value, maxlength))}
      onKeyDown={(e) => {
        if (isSearchKey(e)) onEnter?.();
      }}
    />
  );
}
