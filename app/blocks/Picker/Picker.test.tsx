import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderBlock } from '../data-source/test-utils';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import { createMemoryDataSource } from '../data-source/memory';
import type { ListQuery } from '../data-source/types';
import * as d from './descriptions';
import { Picker } from './Picker';
import type { ListPickerDescription } from './picker.types';

function Harness({ description, onConfirm }: { description: ListPickerDescription<any>; onConfirm: (rows: unknown[]) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button onClick={() => setOpened(true)}>open</button>
      <Picker description={description} opened={opened} onClose={() => setOpened(false)} onConfirm={onConfirm} />
    </>
  );
}

describe('<Picker> (rules 375–377)', { timeout: 30_000 }, () => {
  it('loads on open, confirms the chosen row and closes', async () => {
    const onConfirm = vi.fn();
    renderBlock(<Harness description={d.storePicker} onConfirm={onConfirm} />);
    expect(await screen.findByText('北京朝阳门店')).toBeTruthy();
    await userEvent.click(screen.getByTestId('row-S002'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith([expect.objectContaining({ store_no: 'S002', store_name: '北京海淀门店' })]);
    await waitFor(() => expect(screen.queryByText('北京朝阳门店')).toBeNull());
  });

  it('empty confirmation shows the picker message and stays open', async () => {
    const onConfirm = vi.fn();
    const { notify } = renderBlock(<Harness description={d.supplierPicker} onConfirm={onConfirm} />);
    await screen.findByText('北京顺鑫农业供应链有限公司');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请选择供应商！', 'warning');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('searching filters the list; closing clears the filters for the next opening', async () => {
    renderBlock(<Harness description={d.storePicker} onConfirm={() => {}} />);
    await screen.findByText('北京朝阳门店');
    const box = screen.getByLabelText('门店编码/名称');
    fireEvent.change(box, { target: { value: '上海' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('北京朝阳门店')).toBeNull());
    expect(screen.getByText('上海徐汇门店')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('北京朝阳门店')).toBeTruthy();
    expect((screen.getByLabelText('门店编码/名称') as HTMLInputElement).value).toBe('');
  });

  it('rule 376: a required field warns on search and nothing loads before it is filled', async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    const { notify } = renderBlock(<Harness description={d.locationPicker} onConfirm={() => {}} />, { dataSource });
    await userEvent.click(await screen.findByRole('button', { name: '查询' }));
    expect(notify).toHaveBeenCalledWith('请输入库位编码！', 'warning');
    expect(list).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/库位编码/), { target: { value: 'A-02' } });
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('A-02-01')).toBeTruthy();
  });

  it('rule 392: a store user asks for warehouses of its own org only', async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    renderBlock(<Harness description={d.warehousePicker} onConfirm={() => {}} />, { dataSource, session: DEMO_SESSIONS.HMD });
    expect(await screen.findByText('北京朝阳门店仓')).toBeTruthy();
    const query = list.mock.calls[0][1] as ListQuery;
    expect(query).toMatchObject({ org_code: 'S001', contact_status: '0' });
    expect(screen.queryByText('华北物流中心')).toBeNull();
  });

  it('single mode: a double click confirms the row', async () => {
    const onConfirm = vi.fn();
    renderBlock(<Harness description={d.carrierPicker} onConfirm={onConfirm} />);
    await screen.findByText('京东物流');
    await userEvent.dblClick(screen.getByTestId('row-CY002'));
    expect(onConfirm).toHaveBeenCalledWith([expect.objectContaining({ carrier_no: 'CY002' })]);
  });
});
