import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDeviceLaptop } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { browserAssistEnvironment, launchRemoteAssist, REMOTE_ASSIST_DOWNLOAD_URL } from './remote-assist';

/** Rules 12, 79–81: launch the desktop tool; a warning with a download link when it is not installed. */
export function RemoteAssist() {
  const t = useT();
  const [missing, setMissing] = useState(false);
  return (
    <>
      <Tooltip label={t('shell.assist.label')} withinPortal>
        <ActionIcon
          size="lg"
          aria-label={t('shell.assist.label')}
          data-testid="remote-assist"
          data-tour="assist"
          onClick={() => launchRemoteAssist(browserAssistEnvironment(), () => setMissing(true))}
        >
          <IconDeviceLaptop size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={missing} onClose={() => setMissing(false)} title={t('shell.assist.missingTitle')} size="sm" withCloseButton={false}>
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
            <Text fz="sm">{t('shell.assist.missing')}</Text>
          </Group>
          <Anchor href={REMOTE_ASSIST_DOWNLOAD_URL} fz="sm" download>
            {t('shell.assist.download')}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMissing(false)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
