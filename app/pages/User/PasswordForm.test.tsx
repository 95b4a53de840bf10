import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { PasswordForm } from './PasswordForm';

describe('PasswordForm', () => {
  it('rule 52: every password field takes at most 15 characters', async () => {
    renderWithProviders(<PasswordForm onChanged={() => {}} />);
    const typed = 'Abcdef@12345678901234';
    for (const name of [/^原密码/, /^新密码/, /^确认新密码/]) {
      const input = screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
      expect(input.maxLength).toBe(15);
      await userEvent.type(input, typed);
      expect(input.value).toBe(typed.slice(0, 15));
    }
  });

  it('rule 45: a new password shorter than 6 characters is refused with 请输入6-15位密码', async () => {
    renderWithProviders(<PasswordForm onChanged={() => {}} />);
    await userEvent.type(screen.getByLabelText(/^新密码/, { selector: 'input' }), 'Ab@1');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入6-15位密码')).toBeTruthy();
  });
});
