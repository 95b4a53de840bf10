import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { Pager } from './Pager';

describe('<Pager>', () => {
  it('shows the total and seven page buttons; a click changes the page', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pager page={1} pageSize={20} total={2000} onChange={onChange} />);
    expect(screen.getByText('共 2000 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '6' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '7' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3, 20);
  });

  it('rule 332: jumping above page 100 is refused with the message and the box reverts', () => {
    const onChange = vi.fn();
    const onRefuse = vi.fn();
    renderWithProviders(<Pager page={4} pageSize={10} total={5000} onChange={onChange} onRefuse={onRefuse} />);
    const box = screen.getByLabelText('跳转页码') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '101' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onRefuse).toHaveBeenCalledWith('数据量过大，请添加搜索条件！');
    expect(onChange).not.toHaveBeenCalled();
    expect(box.value).toBe('4');
  });

  it('the last page button above 100 is refused too', async () => {
    const onChange = vi.fn();
    const onRefuse = vi.fn();
    renderWithProviders(<Pager page={1} pageSize={10} total={5000} onChange={onChange} onRefuse={onRefuse} />);
    await userEvent.click(screen.getByRole('button', { name: '500' }));
    expect(onRefuse).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
