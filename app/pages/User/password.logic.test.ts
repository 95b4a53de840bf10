import { describe, expect, it } from 'vitest';
import { md5 } from 'js-md5';
import { toPasswordRequest, validatePassword } from './password.logic';

describe('password form (rules 43–53)', () => {
  it('rules 44, 48: empty new password and confirmation', () => {
    expect(validatePassword({ original_pwd: 'Hm@123456', new_pwd: '', new_pwd_again: '' })).toEqual({
      new_pwd: 'shell.pwd.new_required',
      new_pwd_again: 'shell.pwd.confirm_required',
    });
  });
  it('rule 46: same as the original', () => {
    expect(validatePassword({ original_pwd: 'Hm@123456', new_pwd: 'Hm@123456', new_pwd_again: 'Hm@123456' }).new_pwd).toBe('shell.pwd.same_as_original');
  });
  it('rules 45, 47, 51', () => {
    expect(validatePassword({ original_pwd: 'x', new_pwd: 'Ab@1', new_pwd_again: 'Ab@1' }).new_pwd).toBe('shell.pwd.length');
    expect(validatePassword({ original_pwd: 'x', new_pwd: 'abcdefg1', new_pwd_again: 'abcdefg1' }).new_pwd).toBe('shell.pwd.complexity');
    expect(validatePassword({ original_pwd: 'x', new_pwd: 'Ab@12345', new_pwd_again: 'Ab@12346' }).new_pwd_again).toBe('shell.pwd.mismatch');
  });
  it('a valid form has no errors', () => {
    expect(validatePassword({ original_pwd: 'Hm@123456', new_pwd: 'Fresh#2026', new_pwd_again: 'Fresh#2026' })).toEqual({});
  });
  it('rule 53: all three values are md5-hashed', () => {
    expect(toPasswordRequest({ original_pwd: 'a', new_pwd: 'b', new_pwd_again: 'c' })).toEqual({ original_pwd: md5('a'), new_pwd: md5('b'), new_pwd_again: md5('c') });
  });
});
