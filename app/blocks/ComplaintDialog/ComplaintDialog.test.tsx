import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test-utils';
import { ComplaintDialog } from './ComplaintDialog';
import { createMemoryComplaintSource } from './memory-source';

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
});

const png = (name = 'shot.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function Harness({ source }: { source: ReturnType<typeof createMemoryComplaintSource> }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button onClick={() => setOpened(true)}>open</button>
      <ComplaintDialog opened={opened} onClose={() => setOpened(false)} source={source} hotline="400-000-0000" />
    </>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('<ComplaintDialog> (rules 59–72)', { timeout: 20_000 }, () => {
  it('rules 59, 62–65, 71, 72: title, required messages, reply promise and hotline', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    renderWithProviders(<Harness source={source} />);
    expect(await screen.findByText('投诉举报反馈')).toBeTruthy();
    expect(screen.getByText(/2-5个工作日/)).toBeTruthy();
    expect(screen.getByText('服务热线：400-000-0000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getAllByText('请输入你的姓名').length).toBeGreaterThan(0);
    expect(screen.getAllByText('请输入联系电话').length).toBeGreaterThan(0);
    expect(screen.getAllByText('请描述您遇到的问题或需求').length).toBeGreaterThan(0);
    expect(screen.getByText('请上传问题截图')).toBeTruthy();
    expect(source.submitted).toEqual([]);
  });

  it('请上传问题截图 disappears once a screenshot is added, a field message once the field is filled', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    renderWithProviders(<Harness source={source} />);
    await screen.findByText('投诉举报反馈');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByText('请上传问题截图')).toBeTruthy();
    await userEvent.upload(fileInput(), png('a.png'));
    await waitFor(() => expect(screen.queryByText('请上传问题截图')).toBeNull());
    await userEvent.type(screen.getByPlaceholderText('请输入你的姓名'), '张三');
    expect(screen.queryAllByText('请输入你的姓名')).toHaveLength(0);
    expect(source.submitted).toEqual([]);
  });

  it('rules 66–68, 61: uploads, submits, says 提交成功, closes, and reopens cleared', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    renderWithProviders(<Harness source={source} />);
    await userEvent.type(await screen.findByPlaceholderText('请输入你的姓名'), '张三');
    await userEvent.type(screen.getByPlaceholderText('请输入联系电话'), '13800000000');
    await userEvent.type(screen.getByPlaceholderText('请描述您遇到的问题或需求'), '报表打不开');
    await userEvent.upload(fileInput(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="upload-item"][data-status="1"]')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(source.submitted).toEqual([{ name: '张三', phone: '13800000000', remark: '报表打不开', img_url: ['/api/uploads/mem-1', '/api/uploads/mem-2'] }]);
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入你的姓名')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect((await screen.findByPlaceholderText('请输入你的姓名') as HTMLInputElement).value).toBe('');
    expect(document.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(0);
  });

  it('every submit of one opened form sends the same Idempotency-Key; the next complaint gets a new one', async () => {
    const options: { stepMs: number; failSubmit?: string } = { stepMs: 1, failSubmit: '网络异常' };
    const source = createMemoryComplaintSource(options);
    renderWithProviders(<Harness source={source} />);
    const fill = async () => {
      await userEvent.type(await screen.findByPlaceholderText('请输入你的姓名'), '张三');
      await userEvent.type(screen.getByPlaceholderText('请输入联系电话'), '13800000000');
      await userEvent.type(screen.getByPlaceholderText('请描述您遇到的问题或需求'), '报表打不开');
      await userEvent.upload(fileInput(), png('a.png'));
      await waitFor(() => expect(document.querySelectorAll('[data-testid="upload-item"][data-status="1"]')).toHaveLength(1));
    };
    await fill();
    const submit = () => userEvent.click(screen.getByRole('button', { name: '提交' }));
    await submit();
    await waitFor(() => expect(source.keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: '提交' }).hasAttribute('data-loading')).toBe(false));
    delete options.failSubmit;
    await submit();
    expect(await screen.findByText('提交成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入你的姓名')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await fill();
    await submit();
    await waitFor(() => expect(source.keys).toHaveLength(3));
    const [first, retry, next] = source.keys;
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
  });

  it('rule 66: the sixth screenshot is not taken; the add button disappears at five', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    renderWithProviders(<Harness source={source} />);
    await screen.findByText('投诉举报反馈');
    await userEvent.upload(fileInput(), Array.from({ length: 6 }, (_, i) => png(`${i}.png`)));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(5));
    expect(fileInput()).toBeNull();
  });

  it('rule 297: deleting a screenshot asks first', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    renderWithProviders(<Harness source={source} />);
    await screen.findByText('投诉举报反馈');
    await userEvent.upload(fileInput(), png('a.png'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="upload-item"][data-status="1"]')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '删除 a.png' }));
    expect(await screen.findByText('确定删除“a.png”吗？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(0));
  });

  it('rule 69: clicking outside does not close it', async () => {
    const source = createMemoryComplaintSource({ stepMs: 1 });
    const onClose = vi.fn();
    renderWithProviders(<ComplaintDialog opened onClose={onClose} source={source} />);
    await screen.findByText('投诉举报反馈');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.mouseDown(overlay);
    if (overlay) fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();
  });
});
