import { Alert, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconBuildingStore, IconLock, IconUser } from '@tabler/icons-react';
import type { ClientType, LoginRequest } from '../../../engine/wire';
import { useT } from '../../i18n';
import { CLIENT_OPTIONS, toLoginRequest, validateLogin, type LoginValues } from './login.logic';

export interface LoginFormProps {
  /** remembered merchant number and client */
  initialValues?: Partial<Pick<LoginValues, 'merchant_no' | 'client'>>;
  /** gets the wire request (password already md5-hashed) */
  onSubmit: (request: LoginRequest) => void;
  loading?: boolean;
  /** the server's message after a failed attempt */
  error?: string | null;
  onClientChange?: (client: ClientType) => void;
}

export function LoginForm({ initialValues, onSubmit, loading = false, error, onClientChange }: LoginFormProps) {
  const t = useT();
  const form = useForm<LoginValues>({
    initialValues: {
      merchant_no: initialValues?.merchant_no ?? '',
      username: '',
      password: '',
      client: initialValues?.client ?? 'HMT',
    },
    validate: (values) => {
      const errors = validateLogin(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
  });
  const focusUsername = !!form.values.merchant_no;

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toLoginRequest(values)))} noValidate>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id="login-client-label">
            {t('login.client')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="login-client-label"
            data={CLIENT_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            value={form.values.client}
            onChange={(value) => {
              form.setFieldValue('client', value as ClientType);
              onClientChange?.(value as ClientType);
            }}
            disabled={loading}
          />
        </div>
        <TextInput
          label={t('login.merchantNo')}
          placeholder={t('login.merchantNoPlaceholder')}
          leftSection={<IconBuildingStore size={16} stroke={1.6} />}
          autoComplete="organization"
          autoFocus={!focusUsername}
          maxLength={32}
          {...form.getInputProps('merchant_no')}
        />
        <TextInput
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          leftSection={<IconUser size={16} stroke={1.6} />}
          autoComplete="username"
          autoFocus={focusUsername}
          maxLength={64}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          leftSection={<IconLock size={16} stroke={1.6} />}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} py="xs" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={loading} mt={4}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
