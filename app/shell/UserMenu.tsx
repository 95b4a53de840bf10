import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SessionInfo } from '../../engine/wire';
import { useT } from '../i18n';
import { PATHS } from '../paths';
import { identityText } from './client.logic';

interface Props {
  session: SessionInfo;
  onLogout: () => void;
  loggingOut?: boolean;
}

/** The identity by client (rules 14–16) with change password and log out (rule 17). */
export function UserMenu({ session, onLogout, loggingOut = false }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const identity = identityText(session);
  return (
    <Menu position="bottom-end" withinPortal width={180}>
      <Menu.Target>
        <UnstyledButton aria-label={identity} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="user-menu" data-tour="user">
          <Group gap={6} wrap="nowrap">
            <Avatar size={24} radius="xl" color="hmBlue">
              {(session.account_name || session.username || '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Text fz="sm" maw={200} truncate data-testid="identity-text">
              {identity}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => navigate(PATHS.user)}>
          {t('shell.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout} disabled={loggingOut}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
