/**
 * The tab bar of visited pages (rules 36–42): click to switch, X or middle-click to close, a context menu
 * with refresh / close / close others / close all, and the home icon. Tabs that do not fit scroll in a
 * strip (useTabStrip): the active tab is scrolled into view, arrows at the ends and the wheel move it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Box, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useClickOutside, useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconHome, IconX } from '@tabler/icons-react';
import { useLocale, useT } from '../../i18n';
import { useMenu } from '../shell-api';
import { HOME_PATH, tabActions, type Tab, type TabAction } from '../tabs.logic';
import { pageTitle } from './page-title';
import { useTabs } from './TabsProvider';
import { useTabStrip } from './useTabStrip';
import classes from './TabBar.module.css';

interface ContextMenuState {
  tab: Tab;
  x: number;
  y: number;
}

export function TabBar() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { data: menu } = useMenu();
  const tabs = useTabs();
  const strip = useTabStrip(tabs.activeKey, tabs.state.tabs.length);
  const [menuAt, setMenuAt] = useState<ContextMenuState | null>(null);
  const menuRef = useClickOutside(() => setMenuAt(null));
  useWindowEvent('keydown', (e) => e.key === 'Escape' && setMenuAt(null));

  const run = (action: TabAction, tab: Tab) => {
    setMenuAt(null);
    if (action === 'refresh') tabs.refresh(tab.key);
    else if (action === 'close') tabs.close(tab.key);
    else if (action === 'closeOthers') tabs.closeOthers(tab.key);
    else tabs.closeAll();
  };

  return (
    <Group gap={0} wrap="nowrap" h={34} px={6} data-tour="tabs" data-testid="tab-bar" style={{ borderBottom: '1px solid var(--hm-border)', background: 'var(--mantine-color-white)' }}>
      <Tooltip label={t('shell.tabs.home')} withinPortal>
        <ActionIcon size="md" aria-label={t('shell.tabs.home')} onClick={() => navigate(HOME_PATH)} data-testid="tabs-home">
          <IconHome size={16} />
        </ActionIcon>
      </Tooltip>
      {strip.ends.overflows && (
        <ActionIcon size="sm" variant="subtle" aria-label={t('common.scrollBack')} disabled={!strip.ends.back} onClick={() => strip.step(-1)} data-testid="tabs-back">
          <IconChevronLeft size={14} />
        </ActionIcon>
      )}
      <div ref={strip.ref} className={classes.strip} onScroll={strip.measure} data-testid="tab-strip">
        <Group gap={4} wrap="nowrap" px={4} py={3} className={classes.tabs}>
          {tabs.state.tabs.map((tab) => {
            const active = tab.key === tabs.activeKey;
            const title = tab.title || pageTitle(tab.key, menu, locale, t);
            return (
              <UnstyledButton
                key={tab.key}
                role="tab"
                aria-selected={active}
                data-tab={tab.key}
                onClick={() => navigate(tab.fullPath)}
                onMouseDown={(e) => e.button === 1 && e.preventDefault()}
                onAuxClick={(e) => {
                  if (e.button === 1) {
                    e.preventDefault();
                    tabs.close(tab.key);
                  }
                }}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setMenuAt({ tab, x: e.clientX, y: e.clientY });
                }}
                px={10}
                h={26}
                style={{
                  borderRadius: 4,
                  border: `1px solid ${active ? 'var(--mantine-color-hmBlue-6)' : 'var(--hm-border)'}`,
                  background: active ? 'var(--mantine-color-hmBlue-6)' : 'var(--mantine-color-white)',
                  color: active ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-7)',
                  whiteSpace: 'nowrap',
                }}
              >
                <Group gap={4} wrap="nowrap">
                  <Text fz={12} lh={1}>
                    {title}
                  </Text>
                  {tab.pinned ? null : (
                    <Box
                      component="span"
                      role="button"
                      aria-label={`${t('shell.tabs.close')} ${title}`}
                      data-testid="tab-close"
                      onClick={(e) => {
                        e.stopPropagation();
                        tabs.close(tab.key);
                      }}
                      style={{ display: 'inline-flex', borderRadius: 8, padding: 1 }}
                    >
                      <IconX size={12} />
                    </Box>
                  )}
                </Group>
              </UnstyledButton>
            );
          })}
        </Group>
      </div>
      {strip.ends.overflows && (
        <ActionIcon size="sm" variant="subtle" aria-label={t('common.scrollForward')} disabled={!strip.ends.forward} onClick={() => strip.step(1)} data-testid="tabs-forward">
          <IconChevronRight size={14} />
        </ActionIcon>
      )}
      {menuAt ? (
        <Paper
          ref={menuRef}
          role="menu"
          data-testid="tab-context-menu"
          shadow="md"
          withBorder
          p={4}
          pos="fixed"
          top={menuAt.y}
          left={menuAt.x}
          style={{ zIndex: 300, minWidth: 120 }}
        >
          {tabActions(menuAt.tab).map((action) => (
            <UnstyledButton
              key={action}
              role="menuitem"
              display="block"
              w="100%"
              px={10}
              py={6}
              fz="sm"
              style={{ borderRadius: 4 }}
              onClick={() => run(action, menuAt.tab)}
            >
              {t(`shell.tabs.${action}`)}
            </UnstyledButton>
          ))}
        </Paper>
      ) : null}
    </Group>
  );
}
