/**
 * The authenticated frame: top bar (burger, brand with client title, header items, user menu), left nav
 * area and the page content. Kept small on purpose: the full header, permission menu and tab bar plug in
 * through `headerItems`, `navbar` and `children`.
 */
import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { AppShell, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useLogout, useSession } from '../api';
import { useT } from '../i18n';
import { PATHS } from '../paths';
import { BrandMark } from './BrandMark';
import { clientTitleKey, documentTitle } from './client.logic';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

interface Props {
  /** extra header items shown before the language and user menus */
  headerItems?: ReactNode;
  /** left menu; a single home link until the permission menu exists */
  navbar?: ReactNode;
  /** content; the matched child route by default */
  children?: ReactNode;
}

function DefaultNav() {
  const t = useT();
  return (
    <NavLink
      component={RouterNavLink}
      to={PATHS.dashboard}
      label={t('shell.home')}
      leftSection={<IconHome size={16} />}
    />
  );
}

export function AppLayout({ headerItems, navbar, children }: Props) {
  const t = useT();
  const [navOpened, { toggle: toggleNav }] = useDisclosure(true);
  const { data: session } = useSession();
  const logout = useLogout();
  const clientTitle = t(clientTitleKey(session?.client));
  useDocumentTitle(documentTitle(t('common.productName'), clientTitle));

  return (
    <AppShell
      header={{ height: 48 }}
      navbar={{ width: 208, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: !navOpened } }}
      padding="sm"
      styles={{ main: { background: 'var(--hm-page-bg)' } }}
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={toggleNav} size="sm" aria-label={t('shell.toggleMenu')} />
            <BrandMark subtitle={clientTitle} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerItems}
            <LanguageMenu />
            {session ? <UserMenu session={session} onLogout={() => logout.mutate()} loggingOut={logout.isPending} /> : null}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p={6}>{navbar ?? <DefaultNav />}</AppShell.Navbar>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  );
}
