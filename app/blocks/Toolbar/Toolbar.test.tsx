import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { Toolbar } from './Toolbar';

afterEach(() => vi.useRealTimers());

describe('<Toolbar>', () => {
  it('rule 316: a click runs the action 50 ms later; rule 327: a quick repeat is ignored', () => {
    vi.useFakeTimers();
    const onAction = vi.fn();
    renderWithProviders(<Toolbar preset="list" onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    act(() => vi.advanceTimersByTime(49));
    expect(onAction).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction).toHaveBeenCalledWith('add', 1);
  });

  it('a disabled button with a hint says why on hover, and a click does nothing', async () => {
    vi.useFakeTimers();
    const onAction = vi.fn();
    renderWithProviders(<Toolbar buttons={[{ key: 'submit', label: '提交', disabled: true, hint: '请先选择一条单据' }]} onAction={onAction} />);
    const button = screen.getByRole('button', { name: '提交' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(100));
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.mouseEnter(button);
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('请先选择一条单据')).toBeTruthy();
  });

  it('rule 317: buttons beyond 12 go into 更多', () => {
    const extra = Array.from({ length: 8 }, (_, i) => ({ key: `b${i}`, label: `按钮${i}` }));
    renderWithProviders(<Toolbar preset="full" buttons={extra} onAction={() => {}} />);
    expect(screen.getByRole('button', { name: '按钮3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '按钮4' })).toBeNull();
    expect(screen.getByRole('button', { name: '更多' })).toBeTruthy();
  });

  it('rule 31: 关闭 removes the tab and goes to the previous page', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const removeTab = vi.fn();
    renderWithProviders(
      <Toolbar preset="readonly" onAction={() => {}} close={{ tabs: ['/dashboard', '/a', '/b'], currentPath: '/b', navigate, removeTab }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    act(() => vi.advanceTimersByTime(50));
    expect(removeTab).toHaveBeenCalledWith('/b');
    expect(navigate).toHaveBeenCalledWith('/a');
  });
});
