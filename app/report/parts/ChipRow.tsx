/**
 * The summary-dimension chips (spec §4; rules 90, 98, 113, 114): a click toggles a chip, a forced chip
 * stays active; the table's dimension columns follow at the next search.
 */
import { memo } from 'react';
import { Chip, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { chipItems } from '../../../engine/query';
import type { ReportConfig } from '../../../engine/wire';
import { useT } from '../../i18n';

export interface ChipRowProps {
  config: ReportConfig;
  active: string[];
  onToggle: (id: string) => void;
}

function ChipRowView({ config, active, onToggle }: ChipRowProps) {
  const t = useT();
  const chips = chipItems(config);
  if (!chips.length) return null;
  return (
    <Group gap={8} wrap="wrap" data-testid="report-chips">
      <Text size="sm" c="gray.7" w={88} ta="right">
        {t('report.chips')}
      </Text>
      {chips.map((chip) => (
        <Chip
          key={chip.id}
          size="xs"
          radius="sm"
          variant="outline"
          checked={active.includes(chip.id)}
          onChange={() => onToggle(chip.id)}
          data-forced={chip.forced || undefined}
          icon={chip.forced ? <IconLock size={10} /> : undefined}
        >
          {chip.label}
        </Chip>
      ))}
    </Group>
  );
}

/** Memoised: a search's answers re-render the report page, and these props stay the same across them. */
export const ChipRow = memo(ChipRowView);
