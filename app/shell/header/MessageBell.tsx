import { useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Modal, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { MessageItem } from '../../../engine/shell';
import { useT } from '../../i18n';
import { useMarkRead, useMessages } from '../shell-api';

/** The database may answer is_read as a number, a bigint or a text: only 1 is read. */
const isRead = (m: MessageItem) => Number(m.is_read) === 1;

/**
 * Rule 10: the message icon with its unread state (headquarters only). Clicking a message opens it in full
 * and marks it read.
 */
export function MessageBell() {
  const t = useT();
  const messages = useMessages(true);
  const markRead = useMarkRead();
  const [listOpened, setListOpened] = useState(false);
  const [shown, setShown] = useState<MessageItem | null>(null);
  const unread = messages.data?.unread ?? 0;
  const list = messages.data?.list ?? [];
  const open = (m: MessageItem) => {
    setListOpened(false);
    setShown(m);
    if (!isRead(m)) markRead.mutate(m.id);
  };
  return (
    <>
      <Popover position="bottom-end" width={320} withinPortal shadow="md" opened={listOpened} onChange={setListOpened}>
        <Popover.Target>
          <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={!unread} offset={4} color="red" data-testid="message-badge">
            <ActionIcon
              size="lg"
              aria-label={t('shell.messages.label')}
              data-testid="message-icon"
              data-tour="messages"
              data-unread={unread}
              onClick={() => setListOpened((o) => !o)}
            >
              <IconBell size={18} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p="xs" data-testid="message-list">
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
                  <UnstyledButton key={m.id} p={6} style={{ borderRadius: 4 }} data-testid="message-item" data-read={isRead(m) ? '1' : '0'} onClick={() => open(m)}>
                    <Text fz="sm" fw={isRead(m) ? 400 : 600} lineClamp={1}>
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
      <Modal opened={!!shown} onClose={() => setShown(null)} title={shown?.title} size="md" data-testid="message-detail">
        {shown && (
          <Stack gap="xs">
            <Text fz="xs" c="dimmed">
              {shown.created_at}
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {shown.content || t('shell.messages.noContent')}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
