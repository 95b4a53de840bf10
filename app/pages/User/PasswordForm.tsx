/**
 * Change password (rules 43–54): the spec's checks on the typed text, md5 on the wire, 密码修改成功！ on success.
 * The fields take at most 15 characters (rule 52); a shorter one is refused with the length message.
 */
import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX } from '../../../engine/password';
import type { SessionInfo } from '../../../engine/wire';
import { sessionQueryKey } from '../../api';
import { apiPost } from '../../api/http';
import { saveSession } from '../../api/session-store';
import { useT } from '../../i18n';
import { toPasswordRequest, validatePassword, type PasswordValues } from './password.logic';

interface Props {
  /** rule 57: the forced page pre-fills the default initial password */
  initialOriginal?: string;
  onChanged: (session: SessionInfo) => void;
}

export function PasswordForm({ initialOriginal = '', onChanged }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    initialValues: { original_pwd: initialOriginal, new_pwd: '', new_pwd_again: '' },
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = validatePassword(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
  });
  const change = useMutation<SessionInfo, Error, PasswordValues>({
    mutationFn: (values) => apiPost<SessionInfo>('/api/account/password', toPasswordRequest(values)),
    onSuccess: (session) => {
      // both copies of the session: the stored one and react-query's, or the cleared flags are not seen
      saveSession(session);
      queryClient.setQueryData(sessionQueryKey, session);
      notifications.show({ color: 'green', message: t('shell.pwd.success') });
      form.reset();
      onChanged(session);
    },
    onError: (err) => setServerError(err.message),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setServerError(null);
        change.mutate(values);
      })}
    >
      <Stack gap="sm">
        <PasswordInput label={t('shell.pwd.original')} withAsterisk autoComplete="current-password" maxLength={PASSWORD_MAX} {...form.getInputProps('original_pwd')} />
        <PasswordInput label={t('shell.pwd.new')} withAsterisk autoComplete="new-password" maxLength={PASSWORD_MAX} {...form.getInputProps('new_pwd')} />
        <PasswordInput label={t('shell.pwd.again')} withAsterisk autoComplete="new-password" maxLength={PASSWORD_MAX} {...form.getInputProps('new_pwd_again')} />
        <Text fz="xs" c="dimmed">
          {t('shell.pwd.rules')}
        </Text>
        {serverError ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Button type="submit" loading={change.isPending}>
          {t('shell.pwd.submit')}
        </Button>
      </Stack>
    </form>
  );
}
