import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, useLocale, useT } from '../i18n';

/** Switch between the zh-CN and en-US catalogues; the choice is remembered. */
export function LanguageMenu() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="xs" leftSection={<IconLanguage size={16} />} aria-label={t('shell.language')}>
          {t(`common.language.${locale}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item key={l} onClick={() => setLocale(l)} fw={l === locale ? 600 : undefined}>
            {t(`common.language.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
