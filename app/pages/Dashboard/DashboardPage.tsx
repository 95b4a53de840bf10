import { Card, Title } from '@mantine/core';
import { useT } from '../../i18n';

/** Home (/dashboard). A placeholder until the dashboard is built. */
export function DashboardPage() {
  const t = useT();
  return (
    <Card>
      <Title order={4}>{t('shell.home')}</Title>
    </Card>
  );
}
