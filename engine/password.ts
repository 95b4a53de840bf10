/**
 * Password-change rules (spec §5, rules 43–58). Pure: the app form checks the typed text with
 * `checkNewPassword` / `checkConfirmation`; the server, which only ever sees md5 digests, re-checks
 * what a digest still allows with `checkDigests` and never trusts the client's verdict.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
/** Rule 57: the forced page pre-fills the original password with the default initial password. */
export const DEFAULT_INITIAL_PASSWORD = 'Hm@123456';

export type PasswordProblem =
  | 'new_required'
  | 'length'
  | 'same_as_original'
  | 'complexity'
  | 'confirm_required'
  | 'mismatch'
  | 'original_required';

/** The spec's messages, verbatim (rules 44–51); the app's zh-CN catalogue carries the same text. */
export const PASSWORD_MESSAGES_ZH: Record<PasswordProblem, string> = {
  new_required: '请输入新密码',
  length: '请输入6-15位密码',
  same_as_original: '新密码不能与原密码相同!',
  complexity: '请输入6位密码,需包含大小写字母、数字、特殊字符',
  confirm_required: '请再次输入新密码',
  mismatch: '两次输入密码不一致!',
  original_required: '请输入原密码',
};

const lengthOf = (text: string) => Array.from(text).length;

/** Rule 47: upper case, lower case, digit and a special (non-alphanumeric, non-space) character. */
export function isComplex(text: string): boolean {
  return /[A-Z]/.test(text) && /[a-z]/.test(text) && /[0-9]/.test(text) && /[^A-Za-z0-9\s]/.test(text);
}

function lengthOrComplexity(text: string): PasswordProblem | null {
  const n = lengthOf(text);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) return 'length';
  return isComplex(text) ? null : 'complexity';
}

/** Rules 44–47, in the spec's order: required, 6–15, differs from the original, complexity. */
export function checkNewPassword(newPwd: string, originalPwd: string): PasswordProblem | null {
  if (!newPwd) return 'new_required';
  const n = lengthOf(newPwd);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) return 'length';
  if (originalPwd && newPwd === originalPwd) return 'same_as_original';
  return isComplex(newPwd) ? null : 'complexity';
}

/** Rules 48–51: required, 6–15, complexity, equal to the new password. */
export function checkConfirmation(again: string, newPwd: string): PasswordProblem | null {
  if (!again) return 'confirm_required';
  return lengthOrComplexity(again) ?? (again === newPwd ? null : 'mismatch');
}

export function checkOriginal(originalPwd: string): PasswordProblem | null {
  return originalPwd ? null : 'original_required';
}

export interface PasswordDigests {
  original_pwd: string;
  new_pwd: string;
  new_pwd_again: string;
}

/**
 * What the server can still verify on md5 digests: equality. Length and complexity of the typed text
 * cannot be recovered from a digest, so they are enforced by the form (see the server route's note).
 */
export function checkDigests({ original_pwd, new_pwd, new_pwd_again }: PasswordDigests): Extract<PasswordProblem, 'same_as_original' | 'mismatch'> | null {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (same(new_pwd, original_pwd)) return 'same_as_original';
  if (!same(new_pwd, new_pwd_again)) return 'mismatch';
  return null;
}

/**
 * Both flags set (rule 56): the account must change its initial password before anything else. The
 * server refuses every other call meanwhile and the app routes to the forced page from any address.
 */
export function mustChangePassword(flags: { is_edit_password: number; is_open_edit_password: number }): boolean {
  return !!flags.is_edit_password && !!flags.is_open_edit_password;
}
