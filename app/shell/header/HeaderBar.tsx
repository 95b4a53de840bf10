/** The top bar: menu toggle, logo and client title, then the items of this client (rules 1–19). */
import { Burger, Group, Text } from '@mantine/core';
import type { SessionInfo } from '../../../engine/wire';
import { reloadToLogin, useLogout } from '../../api';
import { useT } from '../../i18n';
import { clientTitleKey } from '../client.logic';
import { LanguageMenu } from '../LanguageMenu';
import { UserMenu } from '../UserMenu';
import { BeginnerGuide } from './BeginnerGuide';
import { ClientSwitcher } from './ClientSwitcher';
import { ComplaintButton } from './ComplaintButton';
import { DataScreenMenu } from './DataScreenMenu';
import { headerItems, type HeaderItem } from './header.logic';
import { MessageBell } from './MessageBell';
import { RemoteAssist } from './RemoteAssist';
import { TenantLogo } from './TenantLogo';
import { forgetTabs } from '../tabs/tab-storage';

interface Props {
  session: SessionInfo;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function HeaderBar({ session, navOpened, onToggleNav }: Props) {
  const t = useT();
  // the kept tabs belong to this login: a logout closes them (rule 74)
  const logout = useLogout(() => {
    forgetTabs(sessionStorage);
    reloadToLogin();
  });
  const items = headerItems(session.client);

  const render = (item: HeaderItem) => {
    switch (item) {
      case 'clientSwitcher':
        return <ClientSwitcher key={item} session={session} />;
      case 'dataScreens':
        return <DataScreenMenu key={item} />;
      case 'messages':
        return <MessageBell key={item} />;
      case 'guide':
        return <BeginnerGuide key={item} />;
      case 'remoteAssist':
        return <RemoteAssist key={item} />;
      case 'complaint':
        return <ComplaintButton key={item} />;
      case 'userMenu':
        return [
          <LanguageMenu key="language" />,
          <UserMenu key={item} session={session} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />,
        ];
    }
  };

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} size="sm" aria-label={t('shell.toggleMenu')} />
        <TenantLogo tenantId={session.tenant_id} />
        <Text fw={600} fz={16} lh={1.2}>
          {t('common.productName')}
        </Text>
        <Text c="dimmed" fz="sm" lh={1.2} data-testid="client-title">
          {t(clientTitleKey(session.client))}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" data-testid="header-items">
        {items.map(render)}
      </Group>
    </Group>
  );
}
