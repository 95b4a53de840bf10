/**
 * The date-range input of filters: two boxes (type or pick), a dropdown with the nine shortcuts and a
 * calendar (days, weeks or months) whose disabled cells follow the restriction; datetime pickers add
 * start and end times. Hand edits clear the shortcut code (rule 336); a refused shortcut, or a date typed
 * outside the restriction, reports 选择日期超出限制 and changes nothing (rule 338).
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Box, CloseButton, Group, Input, Popover, Stack, Text, UnstyledButton, type MantineSize } from '@mantine/core';
import { DatePicker, MonthPicker, TimeInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { DateGranularity, DateRestriction } from '../../../engine/wire';
import { useLocale, useT } from '../../i18n';
import { isSearchKey } from '../TextFilterInput/textFilter.logic';
import {
  DATE_OUT_OF_LIMIT,
  DATE_UNREADABLE,
  readTypedRange,
  boxWidth,
  cellDisabled,
  fromCalendar,
  offeredShortcuts,
  pickShortcut,
  placeholderKeys,
  timeText,
  toCalendar,
  typedOutOfLimit,
  withTime,
  type CalendarValue,
  type DateRange,
  type PickerRules,
  type ShortcutCode,
} from './dateRange.logic';
import classes from './DateRangeInput.module.css';

export interface DateRangeInputProps {
  value: DateRange;
  /** a hand edit (shortcut null) or an accepted shortcut with its code */
  onChange: (value: DateRange, shortcut: ShortcutCode | null) => void;
  /** a shortcut was refused; the message is translated */
  onRefuse?: (message: string) => void;
  /** Enter in a box: the filter box searches */
  onEnter?: () => void;
  today: string;
  granularity?: DateGranularity;
  restriction?: DateRestriction;
  /** history tab of a 3-month split report */
  isHistory?: boolean;
  /** the shortcut that filled the range (highlighted) */
  shortcut?: ShortcutCode | null;
  /** accessible name prefix of the boxes */
  label?: string;
  size?: MantineSize;
  disabled?: boolean;
}

export function DateRangeInput({
  value,
  onChange,
  onRefuse,
  onEnter,
  today,
  granularity = 'day',
  restriction = 'none',
  isHistory = false,
  shortcut = null,
  label = '',
  size = 'sm',
  disabled,
}: DateRangeInputProps) {
  const t = useT();
  const { locale } = useLocale();
  const rules: PickerRules = { granularity, restriction, today, isHistory };
  const [opened, setOpened] = useState(false);
  const [texts, setTexts] = useState<DateRange>(value);
  const [pending, setPending] = useState<CalendarValue>(() => toCalendar(value, granularity));
  useEffect(() => {
    setTexts(value);
    setPending(toCalendar(value, granularity));
  }, [value, granularity]);

  const commitTexts = () => {
    if (texts[0] === value[0] && texts[1] === value[1]) return;
    const typed = readTypedRange(texts, granularity);
    if (!typed) {
      setTexts(value);
      onRefuse?.(locale === 'zh-CN' ? DATE_UNREADABLE.zh : DATE_UNREADABLE.en);
      return;
    }
    if (typedOutOfLimit(typed, rules)) {
      // refused as a shortcut is: the message, and the range stays what it was
      setTexts(value);
      onRefuse?.(locale === 'zh-CN' ? DATE_OUT_OF_LIMIT.zh : DATE_OUT_OF_LIMIT.en);
      return;
    }
    onChange(typed, null);
  };

  const pickCalendar = (next: CalendarValue) => {
    setPending(next);
    if (next[0] && next[1]) {
      onChange(fromCalendar([next[0], next[1]], granularity, value), null);
      if (granularity !== 'datetime') setOpened(false);
    }
  };

  const pickCode = (code: ShortcutCode) => {
    const result = pickShortcut(code, rules);
    if (!result.ok) {
      onRefuse?.(locale === 'zh-CN' ? result.message.zh : result.message.en);
      return;
    }
    onChange(result.range, code);
    setOpened(false);
  };

  const placeholders = placeholderKeys(granularity).map((k) => t(k));
  const box = (side: 0 | 1) => (
    <input
      className={classes.box}
      style={{ minWidth: boxWidth(granularity) }}
      value={texts[side]}
      disabled={disabled}
      placeholder={placeholders[side]}
      aria-label={`${label}${placeholders[side]}`}
      onFocus={() => setOpened(true)}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setTexts((prev) => (side === 0 ? [text, prev[1]] : [prev[0], text]));
      }}
      onBlur={commitTexts}
      onKeyDown={(e) => {
        if (!isSearchKey(e)) return;
        commitTexts();
        setOpened(false);
        onEnter?.();
      }}
    />
  );

  const calendar =
    granularity === 'month' ? (
      <MonthPicker
        type="range"
        allowSingleDateInRange
        numberOfColumns={2}
        value={pending}
        defaultDate={pending[0] ?? `${today.slice(0, 7)}-01`}
        onChange={pickCalendar}
        getMonthControlProps={(date) => ({ disabled: cellDisabled(date, rules) })}
      />
    ) : (
      <DatePicker
        type="range"
        allowSingleDateInRange
        numberOfColumns={2}
        value={pending}
        defaultDate={pending[0] ?? today}
        onChange={pickCalendar}
        getDayProps={(date) => ({ disabled: cellDisabled(date, rules) })}
        withWeekNumbers={granularity === 'week'}
      />
    );

  return (
    <Popover opened={opened && !disabled} onChange={setOpened} position="bottom-start" shadow="md" trapFocus={false} withinPortal>
      <Popover.Target>
        <Input.Wrapper className={classes.root} data-size={size} data-disabled={disabled || undefined}>
          <Group gap={4} wrap="nowrap" className={classes.field}>
            {box(0)}
            <Text size="sm" c="dimmed" className={classes.sep}>
              {t('report.rangeTo')}
            </Text>
            {box(1)}
            {value[0] || value[1] ? (
              <CloseButton
                size="sm"
                aria-label={`${label}${t('report.clear')}`}
                disabled={disabled}
                onClick={() => onChange(['', ''], null)}
              />
            ) : (
              <ActionIcon size="sm" aria-label={label} disabled={disabled} onClick={() => setOpened((o) => !o)}>
                <IconCalendar size={14} />
              </ActionIcon>
            )}
          </Group>
        </Input.Wrapper>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={2} className={classes.shortcuts}>
            {offeredShortcuts(restriction).map((code) => (
              <UnstyledButton
                key={code}
                className={classes.shortcut}
                data-active={shortcut === code || undefined}
                onClick={() => pickCode(code)}
              >
                {t(`report.shortcut.${code}`)}
              </UnstyledButton>
            ))}
          </Stack>
          <Box>
            {calendar}
            {granularity === 'datetime' && (
              <Group gap="xs" mt="xs" grow>
                <TimeInput
                  size="xs"
                  withSeconds
                  aria-label={`${label}${t('report.startTime')}`}
                  value={timeText(value[0], 0)}
                  onChange={(e) => onChange(withTime(value, 0, e.currentTarget.value), null)}
                />
                <TimeInput
                  size="xs"
                  withSeconds
                  aria-label={`${label}${t('report.endTime')}`}
                  value={timeText(value[1], 1)}
                  onChange={(e) => onChange(withTime(value, 1, e.currentTarget.value), null)}
                />
              </Group>
            )}
          </Box>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
