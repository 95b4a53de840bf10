import { Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { SessionInfo } from '../../../engine/wire';
import { useLogout } from '../../api';
import { useT } from '../../i18n';
import { writeLastLogin } from '../../pages/Login/last-login';
import { clientTitleKey } from '../client.logic';
import { configuredHosts, switchTargets, type SwitchTarget } from './header.logic';

/** Rules 6–7: headquarters jumps to the store and supplier clients on their hosts. */
export function ClientSwitcher({ session }: { session: SessionInfo }) {
  const t = useT();
  const targets = switchTargets(configuredHosts(import.meta.env), window.location.origin);
  const logout = useLogout(() => undefined);

  const go = (target: SwitchTarget) => {
    const client = t(clientTitleKey(target.client));
    if (!target.sameOrigin) {
      window.open(target.url, '_blank', 'noopener');
      return;
    }
    // one browser origin holds one session: sign out here, then sign in as the other client
    modals.openConfirmModal({
      title: t('shell.switch.confirmTitle'),
      children: <Text fz="sm">{t('shell.switch.confirm', { client })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      onConfirm: () => {
        writeLastLogin({ merchant_no: session.merchant_no, client: target.client });
        logout.mutate(undefined, { onSettled: () => window.location.assign(target.url) });
      },
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="xs" leftSection={<IconArrowsExchange size={16} />} data-testid="client-switcher">
          {t('shell.switch.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {targets.map((target) => (
          <Menu.Item key={target.client} onClick={() => go(target)}>
            {t('shell.switch.to', { client: t(clientTitleKey(target.client)) })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
