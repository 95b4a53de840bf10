/** /menu-nav (rule 23): the pages of the first-level group that was clicked, as cards. */
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Center, Group, Loader, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { STORAGE_KEYS } from '../../api/session-store';
import { useLocale, useT } from '../../i18n';
import { MenuIcon } from '../../shell/menu/icons';
import { findGroup, nodeTitle } from '../../shell/menu/menu.logic';
import { useMenu } from '../../shell/shell-api';

function rememberedGroup(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.menu);
  } catch {
    return null;
  }
}

export function MenuNavPage() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: menu, isLoading } = useMenu();
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  const group = findGroup(menu ?? [], params.get('group') ?? rememberedGroup());
  if (!group) {
    return (
      <Card>
        <Text c="dimmed">{t('shell.menuNav.empty')}</Text>
      </Card>
    );
  }
  return (
    <Card>
      <Group gap="xs" mb="md">
        <MenuIcon name={group.icon} size={20} />
        <Title order={5}>{nodeTitle(group, locale)}</Title>
        <Text c="dimmed" fz="sm">
          {t('shell.menuNav.count', { n: group.children.length })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4, xl: 5 }} spacing="sm" data-testid="menu-nav-list">
        {group.children.map((leaf) => (
          <UnstyledButton
            key={leaf.id}
            onClick={() => leaf.route && navigate(leaf.route)}
            p="sm"
            style={{ border: '1px solid var(--hm-border)', borderRadius: 8 }}
            data-menu-id={leaf.id}
          >
            <Group gap="xs" wrap="nowrap">
              <MenuIcon name={leaf.icon} size={18} />
              <Text fz="sm" lineClamp={2}>
                {nodeTitle(leaf, locale)}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
}
