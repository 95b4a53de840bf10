/** /user (rule 20): who is signed in, and the password form. */
import { Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../api';
import { useT } from '../../i18n';
import { clientTitleKey } from '../../shell/client.logic';
import { PasswordForm } from './PasswordForm';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{value || '-'}</Text>
    </Stack>
  );
}

export function UserPage() {
  const t = useT();
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card>
          <Title order={5} mb="sm">
            {t('shell.user.account')}
          </Title>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
            <Field label={t('shell.user.tenant')} value={session.tenant_name} />
            <Field label={t('shell.user.merchant')} value={session.merchant_no} />
            <Field label={t('shell.user.username')} value={session.username} />
            <Field label={t('shell.user.name')} value={session.account_name} />
            <Field label={t('shell.user.client')} value={t(clientTitleKey(session.client))} />
            <Field label={t('shell.user.org')} value={session.org_code} />
            {session.client === 'HMD' ? <Field label={t('shell.user.store')} value={session.store_info?.store_name} /> : null}
            {session.client === 'HMS' ? <Field label={t('shell.user.supplier')} value={session.supplier_no} /> : null}
            {session.account_org_relation.length ? (
              <Field label={t('shell.user.relatedOrgs')} value={session.account_org_relation.map((r) => r.org_name || r.org_code).join('、')} />
            ) : null}
          </SimpleGrid>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card>
          <Title order={5} mb="sm">
            {t('shell.changePassword')}
          </Title>
          <PasswordForm onChanged={() => undefined} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
