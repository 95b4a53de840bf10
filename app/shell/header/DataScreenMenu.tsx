import { Button, Menu } from '@mantine/core';
import { IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useDataScreens } from '../shell-api';
import { screenName } from './screen-name.logic';

/** Rule 8: the data-screen dropdown; an entry opens its screen full-size in a new window. */
export function DataScreenMenu() {
  const t = useT();
  const { data = [] } = useDataScreens();
  const nameOf = (entry: (typeof data)[number]) => {
    const name = screenName(entry);
    return 'key' in name ? t(name.key) : name.text;
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconDeviceDesktopAnalytics size={16} />}
          data-testid="data-screens"
          data-tour="screens"
        >
          {t('shell.screens.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {data.length ? (
          data.map((entry) => (
            <Menu.Item key={entry.id} onClick={() => window.open(entry.url, '_blank', 'noopener')}>
              {nameOf(entry)}
            </Menu.Item>
          ))
        ) : (
          <Menu.Item disabled>{t('shell.screens.empty')}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
