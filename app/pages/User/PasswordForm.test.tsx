import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { PasswordForm } from './PasswordForm';

describe('PasswordForm', () => {
  it('rule 45: a new password longer than 15 characters is refused with 请输入6-15位密码, not cut silently', async () => {
    renderWithProviders(<PasswordForm onChanged={() => {}} />);
    const typed = 'Abcdef@123456789';
    const input = screen.getByLabelText(/^新密码/, { selector: 'input' });
    await userEvent.type(input, typed);
    expect((input as HTMLInputElement).value).toBe(typed);
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请输入6-15位密码')).toBeTruthy();
  });
});
