/**
 * The authenticated frame (rule 18): top bar with this client's header items, the collapsible permission
 * menu, the tab bar, and the cached page views.
 */
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../api';
import { AppBlocksProvider } from '../blocks/data-source';
import { useT } from '../i18n';
import { clientTitleKey, documentTitle } from './client.logic';
import { HeaderBar } from './header/HeaderBar';
import { SideMenu } from './menu/SideMenu';
import { CachedOutlet } from './tabs/CachedOutlet';
import { TabBar } from './tabs/TabBar';
import { TabsProvider } from './tabs/TabsProvider';

const NAV_WIDTH = 208;
const NAV_COLLAPSED = 56;

export function AppLayout() {
  const t = useT();
  const [collapsed, { toggle }] = useDisclosure(false);
  const { data: session } = useSession();
  useDocumentTitle(documentTitle(t('common.productName'), t(clientTitleKey(session?.client))));
  if (!session) return null;

  return (
    <TabsProvider owner={`${session.tenant_id}:${session.account_id}:${session.client}`}>
      <AppShell
        header={{ height: 48 }}
        navbar={{ width: collapsed ? NAV_COLLAPSED : NAV_WIDTH, breakpoint: 0 }}
        padding={0}
        styles={{ main: { background: 'var(--hm-page-bg)', display: 'flex', flexDirection: 'column' } }}
      >
        <AppShell.Header>
          <HeaderBar session={session} navOpened={!collapsed} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p={collapsed ? 0 : 6} data-tour="menu">
          <SideMenu collapsed={collapsed} />
        </AppShell.Navbar>
        <AppShell.Main>
          <TabBar />
          <Box p="sm" style={{ flex: 1, minWidth: 0 }}>
            {/* pickers and searches on every page read the HTTP source and the stored session */}
            <AppBlocksProvider>
              <CachedOutlet />
            </AppBlocksProvider>
          </Box>
        </AppShell.Main>
      </AppShell>
    </TabsProvider>
  );
}
