/**
 * A date or time field of a document: typed as text in the server's format, or picked from a calendar
 * beside it (a picked day keeps the typed time).
 */
import { useState } from 'react';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useT } from '../../i18n';
import { dateTimeIn } from '../../../engine/dates';
import { withDay } from './lines.logic';

export interface TimeFieldProps {
  label: string;
  value: string;
  withTime: boolean;
  onChange: (value: string) => void;
}

export function TimeField({ label, value, withTime, onChange }: TimeFieldProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? null;
  return (
    <TextInput
      size="xs"
      aria-label={label}
      value={value}
      placeholder={withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
          <Popover.Target>
            <ActionIcon size="sm" variant="subtle" aria-label={t('documents.page.pickDay', { field: label })} onClick={() => setOpened((o) => !o)}>
              <CalendarIcon />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              size="xs"
              value={day}
              defaultDate={day ?? undefined}
              onChange={(d) => {
                if (d) onChange(withDay(value, d.slice(0, 10), dateTimeIn(new Date()), withTime));
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

function CalendarIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
