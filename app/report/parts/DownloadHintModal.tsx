/** The download hint (building blocks §2): a large export runs in the background; its file is on the log page. */
import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n';

export const IMPORT_LOG_PATH = '/j-system-leadingin';

export function DownloadHintModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [before, after] = t('report.downloadHint', { link: '\u0000' }).split('\u0000');
  return (
    <Modal opened={opened} onClose={onClose} title={t('report.downloadHintTitle')} size="md">
      <Text size="sm">
        {before}
        <Anchor component={Link} to={IMPORT_LOG_PATH} onClick={onClose}>
          {t('report.downloadHintLink')}
        </Anchor>
        {after}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('report.gotIt')}</Button>
      </Group>
    </Modal>
  );
}
