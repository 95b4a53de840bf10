import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderBlock } from '../data-source/test-utils';
import { createMemoryDataSource } from '../data-source/memory';
import { categoryPicker, orgPicker } from '../Picker/descriptions';
import { TreePicker } from './TreePicker';

describe('<TreePicker>', { timeout: 30_000 }, () => {
  it('rule 397: the org tree opens at the head office and confirms the chosen orgs', async () => {
    const onConfirm = vi.fn();
    renderBlock(<TreePicker description={orgPicker} opened onClose={() => {}} onConfirm={onConfirm} />);
    expect(await screen.findByText('L001 - 华北物流中心')).toBeTruthy();
    expect(screen.queryByText('S001 - 北京朝阳门店')).toBeNull();
    await userEvent.click(screen.getByLabelText('toggle L001'));
    await userEvent.click(screen.getByText('S001 - 北京朝阳门店'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith([{ org_code: 'S001', org_name: '北京朝阳门店', org_type: 2 }]);
  });

  it('rule 395: the category tree asks for role-filtered data; filtering opens the matching path', async () => {
    const dataSource = createMemoryDataSource();
    const tree = vi.spyOn(dataSource, 'tree');
    const { notify } = renderBlock(<TreePicker description={categoryPicker} opened onClose={() => {}} onConfirm={() => {}} />, { dataSource });
    await screen.findByText('01 - 食品');
    expect(tree).toHaveBeenCalledWith('category', expect.objectContaining({ is_role: '1', fast_show: '1' }));
    fireEvent.change(screen.getByPlaceholderText('输入编码或名称过滤'), { target: { value: '酸奶' } });
    expect(screen.getByText('020202 - 酸奶')).toBeTruthy();
    expect(screen.queryByText('01 - 食品')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请选择至少一条数据！', 'warning');
  });
});
