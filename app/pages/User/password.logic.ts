/** The password form's checks as i18n keys, and the wire request with every value md5-hashed (rules 43–53). Pure. */
import { md5 } from 'js-md5';
import { checkConfirmation, checkNewPassword, checkOriginal, type PasswordProblem } from '../../../engine/password';
import type { PasswordChangeRequest } from '../../../engine/wire';

export interface PasswordValues {
  original_pwd: string;
  new_pwd: string;
  new_pwd_again: string;
}

const key = (problem: PasswordProblem | null) => (problem ? `shell.pwd.${problem}` : null);

export function validatePassword(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const errors: Partial<Record<keyof PasswordValues, string>> = {};
  const original = key(checkOriginal(values.original_pwd));
  const next = key(checkNewPassword(values.new_pwd, values.original_pwd));
  const again = key(checkConfirmation(values.new_pwd_again, values.new_pwd));
  if (original) errors.original_pwd = original;
  if (next) errors.new_pwd = next;
  if (again) errors.new_pwd_again = again;
  return errors;
}

/** Rule 53: all three values are md5-hashed before sending. */
export function toPasswordRequest(values: PasswordValues): PasswordChangeRequest {
  return { original_pwd: md5(values.original_pwd), new_pwd: md5(values.new_pwd), new_pwd_again: md5(values.new_pwd_again) };
}
