import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useMarkRead, useMessages } from '../shell-api';

/** Rule 10: the message icon with its unread state (headquarters only). */
export function MessageBell() {
  const t = useT();
  const messages = useMessages(true);
  const markRead = useMarkRead();
  const unread = messages.data?.unread ?? 0;
  const list = messages.data?.list ?? [];
  return (
    <Popover position="bottom-end" width={320} withinPortal shadow="md">
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={!unread} offset={4} color="red" data-testid="message-badge">
          <ActionIcon size="lg" aria-label={t('shell.messages.label')} data-testid="message-icon" data-tour="messages" data-unread={unread}>
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb={6}>
          <Text fw={600} fz="sm">
            {t('shell.messages.label')}
            {unread ? (
              <Text span c="dimmed" fz="xs" ml={6}>
                {t('shell.messages.unread', { n: unread })}
              </Text>
            ) : null}
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={!unread} onClick={() => markRead.mutate('all')}>
            {t('shell.messages.readAll')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={2}>
            {list.length ? (
              list.map((m) => (
                <UnstyledButton
                  key={m.id}
                  p={6}
                  style={{ borderRadius: 4 }}
                  onClick={() => (m.is_read ? undefined : markRead.mutate(m.id))}
                >
                  <Text fz="sm" fw={m.is_read ? 400 : 600} lineClamp={1}>
                    {m.title}
                  </Text>
                  {m.content ? (
                    <Text fz="xs" c="dimmed" lineClamp={2}>
                      {m.content}
                    </Text>
                  ) : null}
                  <Text fz={11} c="dimmed">
                    {m.created_at}
                  </Text>
                </UnstyledButton>
              ))
            ) : (
              <Text fz="sm" c="dimmed" ta="center" py="md">
                {t('shell.messages.empty')}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
