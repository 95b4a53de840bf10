/**
 * The permission menu (rules 18, 23, 32–33): first-level items from GET /api/menu. A group click opens
 * /menu-nav for it and unfolds it; a leaf click opens its page. Collapsed, only the icons remain.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Center, Loader, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import type { MenuNode } from '../../../engine/shell';
import { STORAGE_KEYS } from '../../api/session-store';
import { useLocale } from '../../i18n';
import { useMenu } from '../shell-api';
import { MenuIcon } from './icons';
import { firstLevelTarget, groupOfRoute, nodeTitle } from './menu.logic';

/** The remembered first-level item; logout removes it (rule 76). */
export function rememberMenuItem(id: string) {
  try {
    localStorage.setItem(STORAGE_KEYS.menu, id);
  } catch {
    // a convenience only
  }
}

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { data: menu, isLoading } = useMenu();
  const [open, setOpen] = useState<Set<string>>(new Set());

  // the group of the page on screen stays unfolded
  const activeGroup = menu ? groupOfRoute(menu, pathname)?.id : undefined;
  const navGroup = pathname === '/menu-nav' ? new URLSearchParams(search).get('group') : null;
  useEffect(() => {
    const id = activeGroup ?? navGroup;
    if (id) setOpen((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  }, [activeGroup, navGroup]);

  if (isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }

  const clickFirstLevel = (node: MenuNode) => {
    rememberMenuItem(node.id);
    if (node.kind === 'group') {
      setOpen((prev) => {
        const next = new Set(prev);
        if (next.has(node.id) && navGroup === node.id) next.delete(node.id);
        else next.add(node.id);
        return next;
      });
    }
    navigate(firstLevelTarget(node));
  };

  if (collapsed) {
    return (
      <Stack gap={4} align="center" py={6} data-testid="side-menu">
        {(menu ?? []).map((node) => (
          <Tooltip key={node.id} label={nodeTitle(node, locale)} position="right" withinPortal>
            <UnstyledButton
              aria-label={nodeTitle(node, locale)}
              onClick={() => clickFirstLevel(node)}
              p={8}
              style={{ borderRadius: 6, background: node.id === activeGroup || node.route === pathname ? 'var(--mantine-color-hmBlue-0)' : undefined }}
            >
              <MenuIcon name={node.icon} size={18} />
            </UnstyledButton>
          </Tooltip>
        ))}
      </Stack>
    );
  }

  return (
    <ScrollArea h="100%" type="hover" data-testid="side-menu">
      {(menu ?? []).map((node) =>
        node.kind === 'group' ? (
          <NavLink
            key={node.id}
            label={nodeTitle(node, locale)}
            leftSection={<MenuIcon name={node.icon} />}
            opened={open.has(node.id)}
            onClick={() => clickFirstLevel(node)}
            active={navGroup === node.id}
            variant="subtle"
            data-menu-id={node.id}
          >
            {node.children.map((leaf) => (
              <NavLink
                key={leaf.id}
                label={nodeTitle(leaf, locale)}
                active={leaf.route === pathname}
                onClick={() => leaf.route && navigate(leaf.route)}
                data-menu-id={leaf.id}
                pl={30}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={node.id}
            label={nodeTitle(node, locale)}
            leftSection={<MenuIcon name={node.icon} />}
            active={node.route === pathname}
            onClick={() => clickFirstLevel(node)}
            data-menu-id={node.id}
          />
        ),
      )}
    </ScrollArea>
  );
}
