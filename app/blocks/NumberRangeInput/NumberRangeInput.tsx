/** Two number boxes, lower and upper: clamped, 2 decimals, kept in order when a side is committed. */
import { useEffect, useState } from 'react';
import { Group, Text, TextInput, type MantineSize } from '@mantine/core';
import { useT } from '../../i18n';
import { isSearchKey } from '../TextFilterInput/textFilter.logic';
import { boundsOf, commitSide, displayTexts, sanitizeNumberText, type NumberRange } from './numberRange.logic';

export interface NumberRangeInputProps {
  value: NumberRange;
  onChange: (value: NumberRange) => void;
  /** Enter pressed (after the side is committed): the filter box searches */
  onEnter?: () => void;
  min?: number;
  max?: number;
  /** accessible name prefix of both boxes */
  label?: string;
  size?: MantineSize;
  disabled?: boolean;
}

export function NumberRangeInput({ value, onChange, onEnter, min, max, label, size = 'sm', disabled }: NumberRangeInputProps) {
  const t = useT();
  const bounds = boundsOf(min, max);
  const [texts, setTexts] = useState<[string, string]>(() => displayTexts(value));
  useEffect(() => setTexts(displayTexts(value)), [value]);

  const commit = (side: 0 | 1) => {
    const next = commitSide(value, side, texts[side], bounds);
    setTexts(displayTexts(next));
    if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
  };

  const box = (side: 0 | 1) => (
    <TextInput
      size={size}
      flex={1}
      miw={0}
      inputMode="decimal"
      disabled={disabled}
      placeholder={t(side === 0 ? 'report.min' : 'report.max')}
      aria-label={`${label ?? ''}${t(side === 0 ? 'report.min' : 'report.max')}`}
      value={texts[side]}
      onChange={(e) => {
        const text = sanitizeNumberText(e.currentTarget.value, bounds.min < 0);
        setTexts((prev) => (side === 0 ? [text, prev[1]] : [prev[0], text]));
      }}
      onBlur={() => commit(side)}
      onKeyDown={(e) => {
        if (!isSearchKey(e)) return;
        commit(side);
        onEnter?.();
      }}
    />
  );

  return (
    <Group gap={4} wrap="nowrap">
      {box(0)}
      <Text size="sm" c="dimmed">
        ~
      </Text>
      {box(1)}
    </Group>
  );
}
