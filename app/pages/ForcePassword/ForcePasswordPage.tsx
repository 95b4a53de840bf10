/**
 * The forced password change after first login (rules 55–58): only with both flags set, else /user; the
 * original password is pre-filled with the default initial password; success goes to /user.
 */
import { Navigate, useNavigate } from 'react-router';
import { Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { DEFAULT_INITIAL_PASSWORD, mustChangePassword } from '../../../engine/password';
import { useSession } from '../../api';
import { useT } from '../../i18n';
import { PATHS } from '../../paths';
import { BrandMark } from '../../shell/BrandMark';
import { PasswordForm } from '../User/PasswordForm';

export function ForcePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data: session } = useSession();
  if (!session) return null;
  if (!mustChangePassword(session)) return <Navigate to={PATHS.user} replace />;
  return (
    <Box mih="100vh" bg="var(--hm-page-bg)">
      <Center mih="100vh" px="md">
        <Stack gap="lg" w="100%" maw={420}>
          <Center>
            <BrandMark size="lg" />
          </Center>
          <Card shadow="sm" padding="xl" withBorder>
            <Group gap="xs" mb={4} wrap="nowrap">
              <IconShieldLock size={22} color="var(--mantine-color-hmBlue-6)" />
              <Title order={3} fz={18}>
                {t('shell.pwd.forceTitle')}
              </Title>
            </Group>
            <Text c="dimmed" fz="sm" mb="md" data-testid="force-heading">
              {t('shell.pwd.forceHeading')}
            </Text>
            <PasswordForm initialOriginal={DEFAULT_INITIAL_PASSWORD} onChanged={() => navigate(PATHS.user, { replace: true })} />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
