import { Card, Text } from '@mantine/core';
import { useT } from '../../i18n';

/** Stands in for a route whose page is not built yet. */
export function PlaceholderPage() {
  const t = useT();
  return (
    <Card m="md">
      <Text c="dimmed">{t('shell.comingSoon')}</Text>
    </Card>
  );
}
