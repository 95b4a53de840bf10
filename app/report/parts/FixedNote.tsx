/** The fixed note line of some reports (spec §9; rules 166–171), text from the config. */
import { Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export function FixedNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <Text size="sm" c="orange.8" data-testid="report-note" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      <IconInfoCircle size={14} />
      {note}
    </Text>
  );
}
