import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ClientType, LoginRequest } from '../../../engine/wire';
import { isSessionExpired, useLogin, useStoredAuth } from '../../api';
import { useT } from '../../i18n';
import { BrandMark } from '../../shell/BrandMark';
import { LanguageMenu } from '../../shell/LanguageMenu';
import { clientTitleKey, documentTitle } from '../../shell/client.logic';
import { LoginForm } from './LoginForm';
import { readLastLogin, writeLastLogin } from './last-login';
import { pathAfterLogin } from './login.logic';

const PAGE_BACKGROUND =
  'radial-gradient(ellipse at 15% 0%, rgba(36,102,235,0.10), transparent 55%), ' +
  'radial-gradient(ellipse at 90% 100%, rgba(36,102,235,0.08), transparent 50%), var(--hm-page-bg)';

/** The named route "Login". A signed-in visitor (including right after sign-in) is sent on at once. */
export function LoginPage() {
  const t = useT();
  const auth = useStoredAuth();
  const location = useLocation();
  const [last] = useState(readLastLogin);
  const [client, setClient] = useState<ClientType>(last.client);
  const login = useLogin();
  useDocumentTitle(documentTitle(t('common.productName'), t(clientTitleKey(client))));

  if (auth) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={pathAfterLogin(auth.session, from)} replace />;
  }

  const submit = (request: LoginRequest) => {
    login
      .mutateAsync(request)
      .then(() => writeLastLogin({ merchant_no: request.merchant_no, client: request.client }))
      // the error is shown from the mutation state
      .catch(() => undefined);
  };

  return (
    <Box mih="100vh" style={{ background: PAGE_BACKGROUND }}>
      <Group justify="flex-end" p="sm">
        <LanguageMenu />
      </Group>
      <Center mih="calc(100vh - 120px)" px="md">
        <Stack gap="lg" w="100%" maw={380}>
          <Center>
            <BrandMark size="lg" />
          </Center>
          <Card shadow="sm" padding="xl" radius="md" withBorder>
            <Stack gap={4} mb="md">
              <Title order={3} fz={18}>
                {t('login.title')}
              </Title>
              <Text c="dimmed" fz="sm">
                {t('login.subtitle')}
              </Text>
            </Stack>
            {isSessionExpired() && !login.error && (
              <Alert color="orange" variant="light" p="xs" mb="sm" role="status">
                {t('login.expired')}
              </Alert>
            )}
            <LoginForm
              initialValues={last}
              onSubmit={submit}
              onClientChange={setClient}
              loading={login.isPending}
              error={login.error?.message}
            />
          </Card>
        </Stack>
      </Center>
    </Box>
  );
}
