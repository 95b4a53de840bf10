/**
 * The frame of a log page (系统导入日志, 日结记录): a card with the page's title, its place in the menu
 * and a refresh button, around a striped table whose body says 暂无数据 only once the list came back
 * empty, never while it is still on its way.
 */
import type { ReactNode } from 'react';
import { Button, Card, Center, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export interface LogCardProps {
  title: string;
  crumb: string;
  refreshLabel: string;
  onRefresh: () => void;
  refreshing: boolean;
  /** shown between the header and the table (a summary line) */
  lead?: ReactNode;
  testId: string;
  head: ReactNode;
  /** the rows; none: the empty row */
  rows: ReactNode[];
  columns: number;
  /** the list has not come back yet */
  pending: boolean;
  /** the list failed: its message */
  error: string | null;
  emptyText: string;
  loadingLabel: string;
  /** under the table (a pager) */
  footer?: ReactNode;
}

export function LogCard(p: LogCardProps) {
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{p.title}</Title>
          <Text c="dimmed" fz="xs">
            {p.crumb}
          </Text>
        </Group>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={p.onRefresh} loading={p.refreshing}>
          {p.refreshLabel}
        </Button>
      </Group>
      {p.lead}
      <Table striped withTableBorder fz="sm" verticalSpacing={8} data-testid={p.testId}>
        <Table.Thead>
          <Table.Tr>{p.head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.rows.length ? (
            p.rows
          ) : (
            <Table.Tr>
              <Table.Td colSpan={p.columns}>
                {p.pending ? (
                  <Center py="md">
                    <Loader size="sm" aria-label={p.loadingLabel} />
                  </Center>
                ) : (
                  <Text ta="center" c={p.error ? 'red' : 'dimmed'} py="md">
                    {p.error ?? p.emptyText}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {p.footer}
    </Card>
  );
}
