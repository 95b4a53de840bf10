/**
 * A document's state as a badge, read whole in both languages: Mantine's badge capitalises and cuts its
 * label to the cell ("SENT…"); a state is a word to read, so neither.
 */
import { Badge } from '@mantine/core';

export function StateBadge({ label, color, testId }: { label: string; color?: string; testId?: string }) {
  return (
    <Badge variant="light" color={color} tt="none" styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }} data-testid={testId}>
      {label}
    </Badge>
  );
}
