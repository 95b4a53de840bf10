import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { PATHS } from '../../paths';

/** `message`: what the server said is missing (e.g. 单据不存在), in place of the generic hint. */
export function NotFoundPage({ message }: { message?: string } = {}) {
  const t = useT();
  return (
    <Card>
      <Stack align="center" gap="sm" py="xl">
        <Title order={4}>{t('shell.notFound')}</Title>
        <Text c="dimmed" fz="sm">
          {message || t('shell.notFoundHint')}
        </Text>
        <Button component={Link} to={PATHS.dashboard} variant="light">
          {t('shell.backHome')}
        </Button>
      </Stack>
    </Card>
  );
}
