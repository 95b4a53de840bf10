import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { RemoteAssist } from './RemoteAssist';

describe('<RemoteAssist> (rules 79–81)', () => {
  it('warns after 1 s without a focus change; the warning has a download link and only a cancel button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<RemoteAssist />);
      fireEvent.click(screen.getByTestId('remote-assist'));
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe('hmassist://connect');
      await act(async () => {
        vi.advanceTimersByTime(999);
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(1);
      });
      const dialog = await screen.findByRole('dialog');
      expect(screen.getByRole('link', { name: '下载远程协助工具' })).toBeTruthy();
      expect(dialog.querySelectorAll('button')).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: '取消' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });
});
