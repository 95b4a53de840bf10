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
        {(['zh', 'en'] as const).map((lang) => (
          <TextInput
            key={lang}
            id={id ? `${id}_${lang}` : undefined}
            size="xs"
            aria-label={`${label ?? ''}${t(`studio.${lang}`)}`}
            placeholder={t(`studio.${lang}`)}
            value={v[lang] ?? ''}
            onChange={(e) => onChange({ ...v, [lang]: e.currentTarget.value })}
            error={errors?.[lang]}
            disabled={disabled}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
