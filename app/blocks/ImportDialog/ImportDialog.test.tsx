import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { ImportDialog } from './ImportDialog';
import { IMPORT_MAX_BYTES, importFileError, importSizeText } from './importDialog.logic';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sheet = (name: string, type = XLSX) => new File([new Uint8Array(8)], name, { type });

describe('import file rules (rules 305–307)', () => {
  it('rule 305: a file is required', () => {
    expect(importFileError(null)).toBe('fileRequired');
  });
  it('rule 306: 52428800 bytes by default, else 请选择小于{size}的文件', () => {
    expect(IMPORT_MAX_BYTES).toBe(52428800);
    expect(importFileError({ name: 'a.xlsx', size: IMPORT_MAX_BYTES, type: XLSX })).toBeNull();
    expect(importFileError({ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1, type: XLSX })).toBe('tooLarge');
    expect(importSizeText()).toBe('50M');
    expect(importSizeText(100 * 1024)).toBe('100K');
  });
  it('rule 307: xlsx and xls only; an empty mime type falls back to the extension', () => {
    expect(importFileError({ name: 'a.xls', size: 1, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(importFileError({ name: 'a.xls', size: 1, type: '' })).toBeNull();
    expect(importFileError({ name: 'a.csv', size: 1, type: 'text/csv' })).toBe('wrongType');
    expect(importFileError({ name: 'a.txt', size: 1, type: '' })).toBe('wrongType');
  });
});

describe('<ImportDialog>', () => {
  const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('rule 305: importing without a file says 请输入选择文件 and starts nothing', async () => {
    const dataSource = createMemoryDataSource();
    const start = vi.spyOn(dataSource.documents, 'startImport');
    const { notify } = renderBlock(<ImportDialog opened onClose={() => {}} importType="stock-adjustment-lines" />, { dataSource });
    expect(await screen.findByText('库存调整单明细导入')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(notify).toHaveBeenCalledWith('请输入选择文件');
    expect(start).not.toHaveBeenCalled();
  });

  it('rule 306: a file above the type\'s limit says 请选择小于100K的文件', async () => {
    const { notify } = renderBlock(<ImportDialog opened onClose={() => {}} importType="small-limit" />);
    await screen.findByText('小文件导入');
    const big = sheet('大表.xlsx');
    Object.defineProperty(big, 'size', { value: 100 * 1024 + 1 });
    await userEvent.upload(fileInput(), big);
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    expect(notify).toHaveBeenCalledWith('请选择小于100K的文件');
  });

  it('rules 308–309: a good file starts the job with the params, then the hint links to the import log', async () => {
    const dataSource = createMemoryDataSource();
    const start = vi.spyOn(dataSource.documents, 'startImport');
    const onStarted = vi.fn();
    renderBlock(<ImportDialog opened onClose={() => {}} importType="stock-adjustment-lines" params={{ business_no: 'TZ1' }} onStarted={onStarted} />, { dataSource });
    await screen.findByText('库存调整单明细导入');
    await userEvent.upload(fileInput(), sheet('明细.xlsx'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('明细.xlsx');
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(expect.objectContaining({ job_id: expect.any(String) })));
    expect(start).toHaveBeenCalledWith('stock-adjustment-lines', expect.any(File), { business_no: 'TZ1' }, expect.stringMatching(/^[0-9a-f]{32}$/));
    const hint = await screen.findByRole('dialog', { name: '导入提示' });
    expect(within(hint).getByRole('link', { name: '日志管理 > 系统导入日志' }).getAttribute('href')).toBe('/j-system-leadingin');
  });

  it('starting one file again sends the same Idempotency-Key (one job); another file gets a new key', async () => {
    const dataSource = createMemoryDataSource();
    const start = vi.spyOn(dataSource.documents, 'startImport').mockRejectedValueOnce(new Error('网络异常')).mockRejectedValueOnce(new Error('网络异常'));
    const onStarted = vi.fn();
    const { notify } = renderBlock(<ImportDialog opened onClose={() => {}} importType="stock-adjustment-lines" onStarted={onStarted} />, { dataSource });
    await screen.findByText('库存调整单明细导入');
    const startOnce = async (calls: number) => {
      await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
      await waitFor(() => expect(start).toHaveBeenCalledTimes(calls));
      await waitFor(() => expect(screen.queryByRole('button', { name: '开始导入' })?.hasAttribute('data-loading') ?? false).toBe(false));
    };
    await userEvent.upload(fileInput(), sheet('明细.xlsx'));
    await startOnce(1);
    await startOnce(2);
    expect(notify).toHaveBeenCalledWith('网络异常', 'error');
    await userEvent.upload(fileInput(), sheet('明细2.xlsx'));
    await startOnce(3);
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    const [first, again, other] = start.mock.calls.map((c) => c[3]);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });
});
