import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { DownloadHint } from './DownloadHint';
import { splitAtLink } from './downloadHint.logic';

describe('download hint (rule 309)', () => {
  it('splits the message around the link', () => {
    expect(splitAtLink((link) => `结果可在 ${link} 中查看。`)).toEqual(['结果可在 ', ' 中查看。']);
    expect(splitAtLink(() => '没有链接')).toEqual(['没有链接', '']);
  });

  it('links to /j-system-leadingin and closes when the link is followed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<DownloadHint opened onClose={onClose} titleKey="documents.import.hintTitle" messageKey="documents.import.hint" />);
    const link = await screen.findByRole('link', { name: '日志管理 > 系统导入日志' });
    expect(link.getAttribute('href')).toBe('/j-system-leadingin');
    expect(screen.getByText('导入提示')).toBeTruthy();
    await userEvent.click(link);
    expect(onClose).toHaveBeenCalled();
  });
});
