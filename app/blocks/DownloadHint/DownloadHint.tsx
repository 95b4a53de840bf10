/**
 * The download hint (building blocks §2, rule 309): work that runs in the background ends up on the system
 * import log; the message names it as a link that goes there. The import dialog shows the same link text.
 */
import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { PATHS } from '../../paths';
import { splitAtLink } from './downloadHint.logic';

/** A message whose `{link}` is the link to /j-system-leadingin. */
export function ImportLogText({ messageKey, onNavigate }: { messageKey: string; onNavigate?: () => void }) {
  const t = useT();
  const [before, after] = splitAtLink((link) => t(messageKey, { link }));
  return (
    <Text size="sm">
      {before}
      <Anchor component={Link} to={PATHS.jobs} onClick={onNavigate}>
        {t('report.downloadHintLink')}
      </Anchor>
      {after}
    </Text>
  );
}

export interface DownloadHintProps {
  opened: boolean;
  onClose: () => void;
  titleKey: string;
  messageKey: string;
}

export function DownloadHint({ opened, onClose, titleKey, messageKey }: DownloadHintProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t(titleKey)} size="md">
      <ImportLogText messageKey={messageKey} onNavigate={onClose} />
      <Group justify="flex-end" mt="md">
        <Button size="xs" onClick={onClose}>
          {t('report.gotIt')}
        </Button>
      </Group>
    </Modal>
  );
}
