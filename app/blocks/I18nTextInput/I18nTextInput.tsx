/** A text in both catalogues ({zh, en}): two inputs side by side, each with its own error. */
import { Group, Input, TextInput } from '@mantine/core';
import { useT } from '../../i18n';

export interface I18nValue {
  zh?: string;
  en?: string;
}

export interface I18nTextInputProps {
  label?: string;
  value: I18nValue | undefined;
  onChange: (value: I18nValue) => void;
  errors?: { zh?: string; en?: string; whole?: string };
  disabled?: boolean;
  id?: string;
  required?: boolean;
}

export function I18nTextInput({ label, value, onChange, errors, disabled, id, required }: I18nTextInputProps) {
  const t = useT();
  const v = value ?? {};
  return (
    <Input.Wrapper label={label} required={required} error={errors?.whole} id={id}>
      <Group gap="xs" grow align="flex-start" wrap="nowrap">
        <TextInput
          id={id ? `${id}_zh` : undefined}
          size="xs"
          aria-label={`${label ?? ''}${t('studio.zh')}`}
          placeholder={t('studio.zh')}
          value={v.zh ?? ''}
          onChange={(e) => onChange({ ...v, zh: e.currentTarget.value })}
          error={errors?.zh}
          disabled={disabled}
        />
        <TextInput
          id={id ? `${id}_en` : undefined}
          size="xs"
          aria-label={`${label ?? ''}${t('studio.en')}`}
          placeholder={t('studio.en')}
          value={v.en ?? ''}
          onChange={(e) => onChange({ ...v, en: e.currentTarget.value })}
          error={errors?.en}
          disabled={disabled}
        />
      </Group>
    </Input.Wrapper>
  );
}
