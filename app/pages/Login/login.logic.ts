/** Login form rules, request building and where to go after sign-in. Pure. */
import { md5 } from 'js-md5';
import { mustChangePassword } from '../../../engine/password';
import type { ClientType, LoginRequest, SessionInfo } from '../../../engine/wire';
import { PATHS } from '../../paths';
import { CLIENTS, clientTitleKey, resolveClient } from '../../shell/client.logic';

export interface LoginValues {
  merchant_no: string;
  username: string;
  password: string;
  client: ClientType;
}

export type LoginField = 'merchant_no' | 'username' | 'password';

/** i18n keys of the messages for empty fields. */
const REQUIRED_KEYS: Record<LoginField, string> = {
  merchant_no: 'login.merchantNoRequired',
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
};

/** Errors by field as i18n keys; an empty object means the values may be sent. */
export function validateLogin(values: LoginValues): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  for (const field of Object.keys(REQUIRED_KEYS) as LoginField[]) {
    // a password of spaces is still a password; the names are trimmed before sending
    const value = field === 'password' ? values.password : values[field].trim();
    if (!value) errors[field] = REQUIRED_KEYS[field];
  }
  return errors;
}

/** The wire request: names trimmed, the password as md5 hex of what was typed. */
export function toLoginRequest(values: LoginValues): LoginRequest {
  return {
    merchant_no: values.merchant_no.trim(),
    username: values.username.trim(),
    password: md5(values.password),
    client: resolveClient(values.client),
  };
}

export const CLIENT_OPTIONS = CLIENTS.map((client) => ({ value: client, labelKey: clientTitleKey(client) }));

/**
 * After sign-in: the forced password-change page when both flags are set (spec §4), else the page the user
 * was sent away from, else home.
 */
export function pathAfterLogin(session: Pick<SessionInfo, 'is_edit_password' | 'is_open_edit_password'>, from?: string | null): string {
  if (mustChangePassword(session)) return PATHS.forcePassword;
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(PATHS.login)) return from;
  return PATHS.dashboard;
}

export interface LastLogin {
  merchant_no: string;
  client: ClientType;
}

/** Read the remembered merchant number and client, tolerating anything stored by older versions. */
export function parseLastLogin(raw: string | null): LastLogin {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<LastLogin>) : {};
    return {
      merchant_no: typeof value.merchant_no === 'string' ? value.merchant_no : '',
      client: resolveClient(value.client),
    };
  } catch {
    return { merchant_no: '', client: 'HMT' };
  }
}
