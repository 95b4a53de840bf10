import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { md5 } from 'js-md5';
import { renderWithProviders } from '../../test-utils';
import { STORAGE_KEYS } from '../../api';
import { LoginForm } from './LoginForm';
import { LoginPage } from './LoginPage';
import { parseLastLogin, pathAfterLogin, toLoginRequest, validateLogin } from './login.logic';

describe('LoginForm', () => {
  it('shows a message for each empty field and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入商户号')).toBeTruthy();
    expect(screen.getByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the md5 hex of the typed password, never the password itself', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm onSubmit={onSubmit} initialValues={{ merchant_no: '10139' }} />);
    await userEvent.type(screen.getByLabelText('用户名'), ' admin ');
    await userEvent.type(screen.getByLabelText('密码'), 'Demo@2026');
    await userEvent.click(screen.getByRole('radio', { name: '门店端' }));
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      merchant_no: '10139',
      username: 'admin',
      password: '793239beed23cff0a99388438be89eae',
      client: 'HMD',
    });
    expect(JSON.stringify(onSubmit.mock.calls)).not.toContain('Demo@2026');
  });

  it('shows the server error', () => {
    renderWithProviders(<LoginForm onSubmit={() => {}} error="商户号、用户名或密码错误" />);
    expect(screen.getByRole('alert').textContent).toContain('商户号、用户名或密码错误');
  });

  it('disables submitting while loading', () => {
    renderWithProviders(<LoginForm onSubmit={() => {}} loading />);
    expect(screen.getByRole('button', { name: '登录' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('login logic', () => {
  const values = { merchant_no: ' 10139 ', username: 'admin', password: 'Demo@2026', client: 'HMT' as const };

  it('requires merchant number, user name and password; blanks do not count for names', () => {
    expect(validateLogin(values)).toEqual({});
    expect(validateLogin({ ...values, merchant_no: '  ', username: '', password: '' })).toEqual({
      merchant_no: 'login.merchantNoRequired',
      username: 'login.usernameRequired',
      password: 'login.passwordRequired',
    });
  });

  it('builds the wire request with md5 hex and trimmed names', () => {
    expect(toLoginRequest(values)).toEqual({
      merchant_no: '10139',
      username: 'admin',
      password: md5('Demo@2026'),
      client: 'HMT',
    });
    expect(toLoginRequest(values).password).toMatch(/^[0-9a-f]{32}$/);
  });

  it('goes to the forced password page only when both flags are set', () => {
    expect(pathAfterLogin({ is_edit_password: 1, is_open_edit_password: 1 })).toBe('/force-password');
    expect(pathAfterLogin({ is_edit_password: 1, is_open_edit_password: 0 })).toBe('/dashboard');
    expect(pathAfterLogin({ is_edit_password: 0, is_open_edit_password: 1 })).toBe('/dashboard');
  });

  it('returns to the page the user was sent away from, but never off-site or to login', () => {
    const flags = { is_edit_password: 0, is_open_edit_password: 0 } as const;
    expect(pathAfterLogin(flags, '/report/70?x=1')).toBe('/report/70?x=1');
    expect(pathAfterLogin(flags, '//evil.example')).toBe('/dashboard');
    expect(pathAfterLogin(flags, '/login')).toBe('/dashboard');
  });

  it('reads the remembered merchant and client defensively', () => {
    expect(parseLastLogin('{"merchant_no":"266","client":"HMS"}')).toEqual({ merchant_no: '266', client: 'HMS' });
    expect(parseLastLogin('{"client":"NOPE"}')).toEqual({ merchant_no: '', client: 'HMT' });
    expect(parseLastLogin('not json')).toEqual({ merchant_no: '', client: 'HMT' });
    expect(parseLastLogin(null)).toEqual({ merchant_no: '', client: 'HMT' });
  });
});

describe('LoginPage', () => {
  // files share one page in a worker: a session another file stored would send LoginPage on at once
  beforeEach(() => localStorage.clear());

  it('says 登录已过期，请重新登录 after the server refused the stored token (expired or invalid)', () => {
    localStorage.setItem(STORAGE_KEYS.expired, '1');
    try {
      renderWithProviders(<LoginPage />, { route: '/login' });
      expect(screen.getByRole('status').textContent).toBe('登录已过期，请重新登录');
    } finally {
      localStorage.removeItem(STORAGE_KEYS.expired);
    }
  });

  it('says nothing of an expiry on a plain visit', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.queryByText('登录已过期，请重新登录')).toBeNull();
  });
});
