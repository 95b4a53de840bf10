import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { AttachmentList } from './AttachmentList';
import { acceptedNames, ATTACHMENT_LIMIT, removedIds, toItems } from './attachmentList.logic';

const doc = { documentType: 'store_delivery', documentNo: 'PS1' };
const row = (id: string) => ({ id, name: `${id}.png`, size: 10, type: 'image/png', ext: 'img' as const, url: 'data:,', save_url: id, created_at: '2026-01-01 00:00:00' });
const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('attachment bookkeeping (rule 304)', () => {
  it('names the accepted types', () => {
    expect(acceptedNames(['image/jpeg', 'application/pdf', 'application/x-zip'])).toBe('jpg、pdf、zip');
    expect(acceptedNames(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'])).toBe('xlsx、xls');
  });
  it('holds up to 5 files', () => {
    expect(ATTACHMENT_LIMIT).toBe(5);
  });
  it('saved rows become finished items; removing one names its id', () => {
    const items = toItems([row('a'), row('b')], { a: 'blob:a' });
    expect(items[0]).toMatchObject({ status: '1', save_url: 'a', url: 'blob:a', index: 0 });
    expect(removedIds(items, [items[1]])).toEqual(['a']);
  });
});

describe('<AttachmentList>', () => {
  it('is titled 附件列表 and lists the saved files', async () => {
    renderBlock(<AttachmentList opened onClose={() => {}} {...doc} />);
    expect(await screen.findByText('附件列表')).toBeTruthy();
    const table = await screen.findByTestId('attachment-table');
    expect(await within(table).findByText('送货单.png')).toBeTruthy();
    expect(within(table).getByText('质检报告.pdf')).toBeTruthy();
  });

  it('uploads a picked image to the document', async () => {
    const dataSource = createMemoryDataSource({ documents: { attachments: [] } });
    const onChange = vi.fn();
    renderBlock(<AttachmentList opened onClose={() => {}} onChange={onChange} {...doc} />, { dataSource });
    await screen.findByRole('button', { name: '上传' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, png('回单.png'));
    expect(await screen.findByText('回单.png')).toBeTruthy();
    const saved = (await dataSource.documents.attachments(doc.documentType, doc.documentNo)).list;
    expect(saved.map((r) => r.name)).toEqual(['回单.png']);
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: '回单.png' })]);
  });

  it('rule 300: a file over 20M is refused with 请上传20M以内的文件！ and nothing is saved', async () => {
    const show = vi.spyOn(notifications, 'show');
    const dataSource = createMemoryDataSource({ documents: { attachments: [] } });
    renderBlock(<AttachmentList opened onClose={() => {}} {...doc} />, { dataSource });
    await screen.findByRole('button', { name: '上传' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const big = png('大图.png', 1);
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '请上传20M以内的文件！' })));
    expect((await dataSource.documents.attachments(doc.documentType, doc.documentNo)).list).toEqual([]);
  });

  it('a type the document does not accept is refused with its message', async () => {
    const show = vi.spyOn(notifications, 'show');
    const dataSource = createMemoryDataSource({ documents: { attachments: [] } });
    renderBlock(<AttachmentList opened onClose={() => {}} {...doc} />, { dataSource });
    await screen.findByRole('button', { name: '上传' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '说明.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '仅支持jpg、png、gif、pdf格式的文件' })));
    expect((await dataSource.documents.attachments(doc.documentType, doc.documentNo)).list).toEqual([]);
  });

  it('deleting asks first, then removes the saved file', async () => {
    const dataSource = createMemoryDataSource({ documents: { attachments: [row('a'), row('b')] } });
    renderBlock(<AttachmentList opened onClose={() => {}} {...doc} />, { dataSource });
    await userEvent.click(await screen.findByRole('button', { name: '删除 a.png' }));
    const dialog = await screen.findByText('确定删除“a.png”吗？');
    await userEvent.click(within(dialog.closest('section') ?? document.body).getByRole('button', { name: '确定' }));
    await waitFor(async () => expect((await dataSource.documents.attachments(doc.documentType, doc.documentNo)).list.map((r) => r.id)).toEqual(['b']));
    await waitFor(() => expect(screen.queryByText('a.png')).toBeNull());
  });

  it('read-only: no add and no delete', async () => {
    renderBlock(<AttachmentList opened onClose={() => {}} disabled {...doc} />);
    expect(await screen.findByText('送货单.png')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^删除/ })).toBeNull();
  });
});
