/** A saved report's versions, newest first: who, when, what changed, and a way back. */
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { StudioVersion } from '../../../engine/studio/wire';
import { useT } from '../../i18n';
import { diffValue } from './studio.logic';

export interface VersionsPanelProps {
  versions: StudioVersion[];
  onRevert: (version: number) => void;
  /** a changed place in the form's words (报表名称 › 中文), not its JSON pointer */
  describe: (pointer: string) => string;
}

export function VersionsPanel({ versions, onRevert, describe }: VersionsPanelProps) {
  const t = useT();
  const current = versions[0]?.version;
  return (
    <Stack gap="xs" data-testid="studio-versions">
      {versions.map((v) => (
        <Card key={v.version} withBorder p="xs" data-testid={`studio-version-${v.version}`}>
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Badge size="sm" variant={v.version === current ? 'filled' : 'light'}>
                v{v.version}
              </Badge>
              <Text size="xs">{t(`studio.action_${v.action}`)}</Text>
              <Text size="xs" c="dimmed">
                {v.username} · {v.created_at}
              </Text>
            </Group>
            {v.version !== current && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() =>
                  modals.openConfirmModal({
                    title: t('studio.revert'),
                    children: <Text size="sm">{t('studio.revertConfirm', { version: v.version })}</Text>,
                    labels: { confirm: t('studio.revert'), cancel: t('studio.cancel') },
                    onConfirm: () => onRevert(v.version),
                  })
                }
              >
                {t('studio.revert')}
              </Button>
            )}
          </Group>
          {v.diff.length > 0 ? (
            <Table fz="xs" mt={4} withRowBorders={false} verticalSpacing={0}>
              <Table.Tbody>
                {v.diff.map((d) => (
                  <Table.Tr key={d.pointer}>
                    <Table.Td title={d.pointer}>{describe(d.pointer)}</Table.Td>
                    <Table.Td c="red">{diffValue(d.before)}</Table.Td>
                    <Table.Td c="green">{diffValue(d.after)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            v.version !== versions[versions.length - 1]?.version && (
              <Text size="xs" c="dimmed">
                {t('studio.noChanges')}
              </Text>
            )
          )}
        </Card>
      ))}
    </Stack>
  );
}
