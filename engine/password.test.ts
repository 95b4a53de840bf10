import { describe, expect, it } from 'vitest';
import { md5 } from 'js-md5';
import { checkConfirmation, checkDigests, checkNewPassword, isComplex, PASSWORD_MESSAGES_ZH } from './password';

describe('password messages are the spec text (rules 44–51)', () => {
  it('carries every message verbatim', () => {
    expect(PASSWORD_MESSAGES_ZH).toMatchObject({
      new_required: '请输入新密码',
      length: '请输入6-15位密码',
      same_as_original: '新密码不能与原密码相同!',
      complexity: '请输入6位密码,需包含大小写字母、数字、特殊字符',
      confirm_required: '请再次输入新密码',
      mismatch: '两次输入密码不一致!',
    });
  });
});

describe('new password (rules 44–47)', () => {
  it('rule 44: is required', () => expect(checkNewPassword('', 'Hm@123456')).toBe('new_required'));
  it.each(['Ab@1', 'Ab@12', 'Ab@1234567890123'])('rule 45: %s is outside 6–15', (pwd) =>
    expect(checkNewPassword(pwd, 'Hm@123456')).toBe('length'),
  );
  it('rule 45: 6 and 15 characters are fine', () => {
    expect(checkNewPassword('Ab@123', 'x')).toBeNull();
    expect(checkNewPassword('Ab@123456789012', 'x')).toBeNull();
  });
  it('rule 46: must differ from the original', () => expect(checkNewPassword('Hm@123456', 'Hm@123456')).toBe('same_as_original'));
  it.each(['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12', 'Abc def1'])('rule 47: %s fails the complexity check', (pwd) =>
    expect(checkNewPassword(pwd, 'Hm@123456')).toBe('complexity'),
  );
  it('counts characters, not UTF-16 units', () => expect(isComplex('Ab1中文字')).toBe(true));
});

describe('confirmation (rules 48–51)', () => {
  it('rule 48: is required', () => expect(checkConfirmation('', 'Ab@12345')).toBe('confirm_required'));
  it('rule 49: 6–15 characters', () => expect(checkConfirmation('Ab@1', 'Ab@1')).toBe('length'));
  it('rule 50: complexity-checked', () => expect(checkConfirmation('abcdefgh', 'abcdefgh')).toBe('complexity'));
  it('rule 51: equal to the new password', () => expect(checkConfirmation('Ab@12346', 'Ab@12345')).toBe('mismatch'));
  it('accepts the same valid password', () => expect(checkConfirmation('Ab@12345', 'Ab@12345')).toBeNull());
});

describe('digest checks the server can make (rule 53: all three are md5)', () => {
  const d = (s: string) => md5(s);
  it('new = original is refused (rule 46)', () =>
    expect(checkDigests({ original_pwd: d('Hm@123456'), new_pwd: d('Hm@123456'), new_pwd_again: d('Hm@123456') })).toBe('same_as_original'));
  it('new ≠ confirmation is refused (rule 51)', () =>
    expect(checkDigests({ original_pwd: d('a'), new_pwd: d('Ab@12345'), new_pwd_again: d('Ab@12346') })).toBe('mismatch'));
  it('compares hex case-insensitively', () =>
    expect(checkDigests({ original_pwd: d('a'), new_pwd: d('Ab@12345').toUpperCase(), new_pwd_again: d('Ab@12345') })).toBeNull());
});
