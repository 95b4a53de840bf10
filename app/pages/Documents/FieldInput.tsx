/**
 * One editable header field or line cell, by the definition's widget: times and dates with a calendar,
 * required selects that keep their value.
 */
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import type { DocumentFile, DocumentWidget } from '../../../engine/document/types';
import type { DocumentValue } from '../../../engine/document/wire';
import type { OptionSource } from '../../../engine/wire';
import { OptionSelect } from '../../blocks/OptionSelect';
import { PickerCodesInput } from '../../blocks/PickerInput';
import { useLocale } from '../../i18n';
import { TimeField } from './TimeField';
import { useOptions } from './useOptions';

export interface FieldInputProps {
  def: DocumentFile;
  widget: DocumentWidget;
  source?: OptionSource;
  label: string;
  value: DocumentValue;
  onChange: (value: DocumentValue) => void;
  decimals?: number;
  min?: number;
  max?: number;
  maxlength?: number;
  required?: boolean;
  /** the looked-up name of the saved code, shown beside it */
  shownName?: string | null;
  /** what the field's picker reads from the document's other fields (definition `picker_params`), as the server checks it */
  pickerParams?: Record<string, string>;
}

export function FieldInput({ def, widget, source, label, value, onChange, decimals, min, max, maxlength, required, shownName, pickerParams }: FieldInputProps) {
  const { locale } = useLocale();
  const options = useOptions(source, def, false, locale);
  const text = value === null || value === undefined ? '' : String(value);
  switch (widget) {
    case 'number':
      return (
        <NumberInput
          size="xs"
          aria-label={label}
          value={value === null ? '' : Number(value)}
          decimalScale={decimals}
          min={min}
          max={max}
          hideControls
          onChange={(v) => onChange(v === '' ? null : Number(v))}
        />
      );
    case 'textarea':
      return <Textarea size="xs" aria-label={label} value={text} maxLength={maxlength} autosize minRows={1} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'select':
      return <OptionSelect size="xs" label={label} required={required} options={options} value={text || null} onChange={(v) => onChange(v)} />;
    case 'datetime':
    case 'date':
      return <TimeField label={label} value={text} withTime={widget === 'datetime'} onChange={(v) => onChange(v || null)} />;
    case 'picker':
      return source?.kind === 'picker' ? (
        <PickerCodesInput picker={source.picker} valueField={source.value} extraParams={pickerParams} names={text && shownName ? { [text]: shownName } : undefined} multiple={false} value={text ? [text] : []} onChange={(codes) => onChange(codes[0] ?? null)} placeholder={label} />
      ) : (
        <TextInput size="xs" aria-label={label} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    default:
      return (
        <TextInput
          size="xs"
          aria-label={label}
          value={text}
          maxLength={maxlength}
          required={required}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
