/**
 * The column settings of custom-column reports (spec §4, §6; rules 177, 181–185): show or hide and
 * reorder the result columns; widths come from dragging header edges. Each change is saved by the page.
 */
import { ActionIcon, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import type { Column } from '../../../engine/wire';
import { useT } from '../../i18n';
import { EMPTY_LAYOUT, moveColumn, orderedColumns, toggleColumn, type ColumnLayout } from '../custom-columns.logic';

export interface CustomColumnsProps {
  columns: Column[];
  layout: ColumnLayout;
  onChange: (layout: ColumnLayout) => void;
}

export function CustomColumns({ columns, layout, onChange }: CustomColumnsProps) {
  const t = useT();
  const ordered = orderedColumns(columns, layout);
  return (
    <Popover position="top-start" shadow="md" width={280} withinPortal>
      <Popover.Target>
        <Tooltip label={t('report.columns')} withinPortal>
          <ActionIcon variant="subtle" color="gray" aria-label={t('report.columns')}>
            <IconColumns size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" c="dimmed" mb="xs">
          {t('report.columnsHint')}
        </Text>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={4} data-testid="custom-columns">
            {ordered.map((column, i) => (
              <Group key={column.value} gap={4} wrap="nowrap" justify="space-between">
                <Checkbox
                  size="xs"
                  label={column.label}
                  checked={!layout.hidden.includes(column.value)}
                  onChange={() => onChange(toggleColumn(columns, layout, column.value))}
                />
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    aria-label={`${t('report.moveUp')} ${column.label}`}
                    disabled={i === 0}
                    onClick={() => onChange(moveColumn(columns, layout, column.value, -1))}
                  >
                    <IconArrowUp size={12} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    aria-label={`${t('report.moveDown')} ${column.label}`}
                    disabled={i === ordered.length - 1}
                    onClick={() => onChange(moveColumn(columns, layout, column.value, 1))}
                  >
                    <IconArrowDown size={12} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="subtle" onClick={() => onChange(EMPTY_LAYOUT)}>
            {t('report.restoreColumns')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
