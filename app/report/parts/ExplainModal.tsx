/** The explanation popup (spec §9; rules 161–165): title and sections from config.explain. */
import { List, Modal, Stack, Text, Title } from '@mantine/core';
import type { ReportConfig } from '../../../engine/wire';

export interface ExplainModalProps {
  explain: ReportConfig['explain'];
  opened: boolean;
  onClose: () => void;
}

export function ExplainModal({ explain, opened, onClose }: ExplainModalProps) {
  if (!explain) return null;
  return (
    <Modal opened={opened} onClose={onClose} title={explain.title} size="lg">
      <Stack gap="md">
        {explain.sections.map((section) => (
          <Stack key={section.heading} gap={4}>
            <Title order={6}>{section.heading}</Title>
            {section.lines.length === 1 ? (
              <Text size="sm">{section.lines[0]}</Text>
            ) : (
              <List size="sm" spacing={2}>
                {section.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
