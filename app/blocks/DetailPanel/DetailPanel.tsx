/** A read-only label/value grid for document headers; long values are cut with a tooltip (rule 328). */
import { Box, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { detailText, needsTooltip } from './detailPanel.logic';

export interface DetailItem {
  label: string;
  value: string | number | null | undefined;
}

export interface DetailPanelProps {
  items: DetailItem[];
  columns?: number;
}

export function DetailPanel({ items, columns = 3 }: DetailPanelProps) {
  return (
    <SimpleGrid cols={columns} spacing="md" verticalSpacing={6}>
      {items.map((item) => {
        const text = detailText(item.value);
        const value = (
          <Text size="sm" truncate="end" data-testid={`detail-${item.label}`}>
            {text}
          </Text>
        );
        return (
          <Box key={item.label} style={{ display: 'flex', gap: 8, minWidth: 0 }}>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {item.label}：
            </Text>
            <Box style={{ minWidth: 0, flex: 1 }}>
              {needsTooltip(text) ? (
                <Tooltip label={text} multiline maw={420} withinPortal>
                  {value}
                </Tooltip>
              ) : (
                value
              )}
            </Box>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
